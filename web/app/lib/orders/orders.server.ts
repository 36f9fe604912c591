import { type FulfilmentList } from '@hearth/shared';
import { apiFetch, totalCount } from '../api/client.server';
import { ORDERS_PAGE_SIZE } from './orders';
import type { Fulfilment, Order } from './orders';
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

/** The chef's date selections to fulfil (or delivered, or cancelled). */
export async function listFulfilments(request: Request, list: FulfilmentList, page: number, size = 20) {
  const { data, headers } = await apiFetch<Fulfilment[]>(request, FULFILMENT_PATHS[list], {
    query: { page, size },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
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
