import { DEFAULTS } from '@hearth/shared';
import { apiFetch, isApiError } from '../api/client.server';
import { itemSearchRequest, kitchensFromMenus, menuSearchRequest, readSearchForm } from './search';
import type { ItemResult, MenuResult } from './search';
import type { GalleryItem, Nearby } from './home';

export async function loadGallery(request: Request): Promise<GalleryItem[]> {
  try {
    const { data } = await apiFetch<GalleryItem[]>(request, 'order/recent-ordered-gallery');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    if (!isApiError(error)) throw error;
    return [];
  }
}

const NEARBY_SIZE = 8;

/**
 * Chefs near the visitor (nearest first) and the best-rated dishes near them, around the zip code
 * they searched last, else (signed in) their saved address. Null when there is nowhere to look, or
 * when the API cannot look there.
 */
export async function loadNearby(
  request: Request,
  remembered: { zip: string; country: string } | null,
  signedIn: boolean,
): Promise<Nearby | null> {
  if (!remembered && !signedIn) return null;
  const params = new URLSearchParams(remembered ? { zip: remembered.zip, country: remembered.country } : {});
  const form = readSearchForm(new URL(`http://hearth.invalid/?${params}`));
  const menus = menuSearchRequest({ ...form, sort: 'distance' }, NEARBY_SIZE);
  const items = itemSearchRequest({ ...form, sort: 'rating' }, NEARBY_SIZE);
  try {
    const [m, i] = await Promise.all([
      apiFetch<MenuResult[]>(request, menus.path, { query: menus.query }),
      apiFetch<ItemResult[]>(request, items.path, { query: items.query }),
    ]);
    const chefs = kitchensFromMenus(Array.isArray(m.data) ? m.data : []).slice(0, 4);
    const popular = (Array.isArray(i.data) ? i.data : []).slice(0, 4);
    if (chefs.length === 0 && popular.length === 0) return null;
    return {
      zip: remembered?.zip ?? m.headers.get('X-Search-Zip'),
      chefs,
      popular,
      searchHref: `/l/find-items?${params.toString() || `distance=${DEFAULTS.searchDistance}`}`,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return null;
  }
}
