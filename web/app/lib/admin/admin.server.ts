import type { Schemas } from '../api/schemas';
import type { PublisherStatus } from '@hearth/shared';
import { apiFetch, totalCount } from '../api/client.server';
import { ADMIN_PAGE_SIZE } from '../format/chef-format';
import type { AdminKitchen, KitchenFee, PublisherReview } from '../chef/chef-types';

/** What the admin's kitchen list shows: words to find, one review state or all (null), a page from 0. */
export interface KitchenSearch {
  query: string;
  status: PublisherStatus | null;
  page: number;
}

/**
 * One page of kitchens as the admin searched them (`admin/kitchens`, newest first), each with its fee,
 * and the total for paging.
 */
export async function searchKitchens(
  request: Request,
  search: KitchenSearch,
): Promise<{ kitchens: AdminKitchen[]; total: number }> {
  const { data, headers } = await apiFetch<AdminKitchen[]>(request, 'admin/kitchens', {
    query: {
      query: search.query || undefined,
      status: search.status ?? undefined,
      page: search.page,
      size: ADMIN_PAGE_SIZE,
    },
  });
  const kitchens = Array.isArray(data) ? data : [];
  return { kitchens, total: totalCount(headers) ?? kitchens.length };
}

export async function approveKitchen(
  request: Request,
  publisherId: string,
  statusReviewComments: string | undefined,
): Promise<PublisherReview> {
  return (
    await apiFetch<PublisherReview>(request, 'publisher/approve', {
      method: 'POST',
      json: { publisherId, statusReviewComments },
    })
  ).data;
}

export async function blockKitchen(
  request: Request,
  publisherId: string,
  statusReviewComments: string,
): Promise<PublisherReview> {
  return (
    await apiFetch<PublisherReview>(request, 'publisher/block', {
      method: 'POST',
      json: { publisherId, statusReviewComments },
    })
  ).data;
}

export async function setKitchenFee(
  request: Request,
  kitchenName: string,
  percentage: number | string,
): Promise<KitchenFee> {
  return (
    await apiFetch<KitchenFee>(request, 'admin/set-percentage-by-kitchen-name', {
      method: 'POST',
      json: { kitchenName, percentage },
    })
  ).data;
}

/** One refund or payout as the admin follows it up (AdminSettlementDto). */
export type AdminSettlement = Schemas['AdminSettlementDto'];

/** Refunds and payouts in one state (`admin/settlements`), oldest change first. */
export async function listSettlements(
  request: Request,
  status: 'FAILED' | 'DRAFTED',
): Promise<AdminSettlement[]> {
  const { data } = await apiFetch<AdminSettlement[]>(request, 'admin/settlements', { query: { status } });
  return Array.isArray(data) ? data : [];
}

/** Another try of one refund or payout, now (`admin/settlements/{id}/retry`). */
export async function retrySettlement(request: Request, selectionId: string): Promise<AdminSettlement> {
  return (
    await apiFetch<AdminSettlement>(request, `admin/settlements/${encodeURIComponent(selectionId)}/retry`, {
      method: 'POST',
    })
  ).data;
}
