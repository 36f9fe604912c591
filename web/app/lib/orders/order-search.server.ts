import { apiFetch, totalCount } from '../api/client.server';
import type { OrderSearchHit, SearchKey } from './order-search';

/** Date selections of the orders matching free text (a chef's own kitchen; an admin's every kitchen). */
export async function searchOrders(
  request: Request,
  query: string,
  page: number,
  size: number,
): Promise<{ items: OrderSearchHit[]; total: number }> {
  const { data, headers } = await apiFetch<OrderSearchHit[]>(request, '_search/order', {
    query: { query, page, size },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}

/** Date selections of the orders with one exact key (order number or id, e-mail, phone, kitchen). */
export async function searchOrdersBy(
  request: Request,
  searchBy: SearchKey,
  query: string,
  page: number,
  size: number,
): Promise<{ items: OrderSearchHit[]; total: number }> {
  const { data, headers } = await apiFetch<OrderSearchHit[]>(request, 'order/search', {
    query: { searchBy, query, page, size },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}
