import { type FulfilmentList } from '@hearth/shared';
import { apiFetch, totalCount } from '../api/client.server';
import { ORDERS_PAGE_SIZE } from './orders';
import type { BoardGroups, BulkStatusResult, Fulfilment, Order } from './orders';
import type { Schemas } from '../api/schemas';

/** The customer's orders, newest first. */
export async function listOrders(
  request: Request,
  page: number,
): Promise<{ orders: Order[]; total: number }> {
  const { data, headers } = await apiFetch<Order[]>(request, 'order', {
    query: { page, size: ORDERS_PAGE_SIZE },
  });
  const orders = Array.isArray(data) ? data : [];
  return { orders, total: totalCount(headers) ?? orders.length };
}

export async function getOrder(request: Request, orderNumber: string): Promise<Order> {
  return (await apiFetch<Order>(request, `order/${encodeURIComponent(orderNumber)}`)).data;
}

/** Cancels one date of the customer's order, with the reason kept in its history. */
export async function cancelDateSelection(
  request: Request,
  ref: { orderNumber: string; cartItemId: string; dateSelectionId: string },
  reason: string,
): Promise<Order> {
  const path = `order/${encodeURIComponent(ref.orderNumber)}/cartItem/${encodeURIComponent(ref.cartItemId)}/dateSelection/${encodeURIComponent(ref.dateSelectionId)}/cancel`;
  return (await apiFetch<Order>(request, path, { method: 'POST', json: reason ? { reason } : {} })).data;
}

const FULFILMENT_PATHS: Record<FulfilmentList, string> = {
  active: 'order/fulfillOrders',
  archived: 'order/archived/fulfillOrders',
  cancelled: 'order/cancelled/fulfillOrders',
};

/** The board's optional filters (the API's `date`, `slot`, `deliveryOption`, `status`). */
export interface BoardFilters {
  date?: string;
  slot?: string;
  deliveryOption?: string;
  status?: string;
}

/** The chef's date selections of one board tab, one page, with the board's filters. */
export async function listFulfilments(
  request: Request,
  list: FulfilmentList,
  page: number,
  size = 20,
  filters: BoardFilters = {},
) {
  const { data, headers } = await apiFetch<Fulfilment[]>(request, FULFILMENT_PATHS[list], {
    query: { page, size, ...filters },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}

/** The counts per date → slot → pickup/delivery of a whole board tab. */
export async function boardGroups(
  request: Request,
  list: FulfilmentList,
  filters: BoardFilters = {},
): Promise<BoardGroups> {
  return (await apiFetch<BoardGroups>(request, 'order/fulfillOrders/groups', { query: { list, ...filters } }))
    .data;
}

/** The CSV of a board tab as it is shown (same filters), read by the browser from the API (download). */
export function boardCsvHref(list: FulfilmentList, filters: BoardFilters = {}): string {
  const q = new URLSearchParams({ list });
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  return `/services/publisher/api/order/fulfillOrders.csv?${q.toString()}`;
}

/** Moves the selected date selections to one status with one reason; the API answers per row. */
export async function bulkUpdateStatus(
  request: Request,
  dateSelectionIds: readonly string[],
  status: string,
  reason?: string,
): Promise<BulkStatusResult> {
  return (
    await apiFetch<BulkStatusResult>(request, 'order/bulk-update-status', {
      method: 'POST',
      json: {
        items: dateSelectionIds.map((dateSelectionId) => ({ dateSelectionId })),
        status,
        ...(reason ? { reason } : {}),
      },
    })
  ).data;
}

/** Moves one date selection to `status` (chef of the item, or an admin); a cancel needs a reason. */
export async function moveStatus(
  request: Request,
  ref: { orderNumber: string; cartItemId: string; itemId: string; dateSelectionId: string },
  status: string,
  reason?: string,
): Promise<{ date: string; orderStatus: string }> {
  const path = [
    'order',
    ref.orderNumber,
    'cartItem',
    ref.cartItemId,
    'item',
    ref.itemId,
    'fulfillmentDate',
    ref.dateSelectionId,
    'status',
    status,
  ]
    .map(encodeURIComponent)
    .join('/');
  return (
    await apiFetch<Schemas['StatusMoveDto']>(request, path, {
      method: 'POST',
      json: reason ? { reason } : {},
    })
  ).data;
}

/** The chef received the cash for these dates of one cash order (`order/cash/callback`). */
export async function recordCash(
  request: Request,
  orderNumber: string,
  dateSelectionIds: string[],
): Promise<Schemas['CashStateDto']> {
  return (
    await apiFetch<Schemas['CashStateDto']>(request, 'order/cash/callback', {
      method: 'POST',
      json: { orderNumber, dateSelectionIds },
    })
  ).data;
}

/** The chef marks a cash date as not collected (it counts against the customer's cash payments). */
export async function markNoShow(
  request: Request,
  ref: { orderNumber: string; cartItemId: string; dateSelectionId: string },
): Promise<Schemas['CashStateDto']> {
  const path = [
    'order',
    ref.orderNumber,
    'cartItem',
    ref.cartItemId,
    'dateSelection',
    ref.dateSelectionId,
    'no-show',
  ]
    .map(encodeURIComponent)
    .join('/');
  return (await apiFetch<Schemas['CashStateDto']>(request, path, { method: 'POST', json: {} })).data;
}

/** Rates a delivered date selection: stars, words and up to 3 pictures, as multipart (`POST rating`). */
export async function postRating(request: Request, body: FormData): Promise<void> {
  await apiFetch(request, 'rating', { method: 'POST', body, timeoutMs: 30_000 });
}
