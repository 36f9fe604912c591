import { API_PREFIX } from '@hearth/shared';
import { apiFetch, isApiError } from '../api/client.server';
import type { ItemDetail, KitchenPage, Review } from './catalog';

/** `item/{id}`, or null when there is no such item for this visitor (404, or an id the API refuses). */
export async function getItem(request: Request, id: string): Promise<ItemDetail | null> {
  try {
    return (await apiFetch<ItemDetail>(request, `item/${encodeURIComponent(id)}`)).data;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** `kitchen/{id}` (the kitchen and its next 30 days), or null when it cannot be had just now. */
export async function getKitchenPage(request: Request, id: string): Promise<KitchenPage | null> {
  try {
    return (await apiFetch<KitchenPage>(request, `kitchen/${encodeURIComponent(id)}`)).data;
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.warn(`kitchen/${id} answered ${error.status || 'nothing'}`);
    return null;
  }
}

/** A review picture as the API names it (a storage key), as a URL the browser can load. */
function imageUrl(key: string): string {
  return key.startsWith('/') || /^https?:\/\//.test(key) ? key : `${API_PREFIX}/files/${key}`;
}

/**
 * `rating/{publisherId}/list` (only one item's with `itemId`), newest first; null when the reviews cannot
 * be had just now.
 */
export async function listReviews(
  request: Request,
  publisherId: string,
  options: { itemId?: string; size?: number } = {},
): Promise<Review[] | null> {
  try {
    const { data } = await apiFetch<Review[] | { items?: Review[] }>(
      request,
      `rating/${encodeURIComponent(publisherId)}/list`,
      {
        query: { page: 0, size: options.size ?? 20, itemId: options.itemId },
      },
    );
    const reviews = Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : [];
    return reviews.map((r) => ({ ...r, images: (r.images ?? []).map(imageUrl) }));
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.warn(`rating/${publisherId}/list answered ${error.status || 'nothing'}`);
    return null;
  }
}
