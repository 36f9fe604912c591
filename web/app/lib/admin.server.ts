import type { PublisherStatus } from '@hearth/shared';
import { apiFetch, isApiError, totalCount } from './api.server';
import { ADMIN_PAGE_SIZE } from './chef-format';
import type { KitchenFee, PublisherReview } from './chef-types';

/** Kitchens in one review state, oldest first as the API orders them, with the total for paging. */
export async function kitchensByStatus(
  request: Request,
  status: PublisherStatus,
  page: number,
): Promise<{ kitchens: PublisherReview[]; total: number }> {
  const { data, headers } = await apiFetch<PublisherReview[]>(request, 'publisher/findByStatus', {
    query: { status, page, size: ADMIN_PAGE_SIZE },
  });
  const kitchens = Array.isArray(data) ? data : [];
  return { kitchens, total: totalCount(headers) ?? kitchens.length };
}

export async function approveKitchen(request: Request, publisherId: string, statusReviewComments: string | undefined) {
  await apiFetch(request, 'publisher/approve', { method: 'POST', json: { publisherId, statusReviewComments } });
}

export async function blockKitchen(request: Request, publisherId: string, statusReviewComments: string) {
  await apiFetch(request, 'publisher/block', { method: 'POST', json: { publisherId, statusReviewComments } });
}

/** The kitchen's platform fee, or null when the API could not say (the page still lists the kitchen). */
export async function kitchenFee(request: Request, kitchenName: string): Promise<KitchenFee | null> {
  try {
    return (await apiFetch<KitchenFee>(request, 'admin/fetch-percentage-by-kitchen-name', { query: { kitchenName } })).data;
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
}

export async function setKitchenFee(request: Request, kitchenName: string, percentage: number | string) {
  return (
    await apiFetch<KitchenFee>(request, 'admin/set-percentage-by-kitchen-name', {
      method: 'POST',
      json: { kitchenName, percentage },
    })
  ).data;
}
