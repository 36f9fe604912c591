import type { Schemas } from '../api/schemas';

export type OrderSearchHit = Schemas['OrderSearchHitDto'];

export const ORDER_SEARCH_PAGE_SIZE = 20;
/** Shortest free text the API searches (shorter would match almost everything). */
export const MIN_QUERY_LENGTH = 2;

/** The exact keys of an admin's order search (spec §9 search-by keys), as the form offers them. */
export const SEARCH_KEYS = [
  { value: 'id', label: 'Order number' },
  { value: 'email', label: 'Customer e-mail' },
  { value: 'phone', label: 'Customer phone' },
  { value: 'kitchen', label: 'Kitchen name' },
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number]['value'];

export function isSearchKey(value: string | null): value is SearchKey {
  return SEARCH_KEYS.some((k) => k.value === value);
}

/** The board tab a date selection sits in: cancelled, delivered (archived), or still to do (active). */
export function boardList(status: string): 'active' | 'archived' | 'cancelled' {
  if (status === 'CANCELLED') return 'cancelled';
  if (status === 'DELIVERED') return 'archived';
  return 'active';
}

/** Where the chef finds this row on the board: its tab, at its card. */
export function boardHref(hit: Pick<OrderSearchHit, 'orderStatus' | 'dateSelectionId'>): string {
  const list = boardList(hit.orderStatus);
  return `/l/orders/kitchen${list === 'active' ? '' : `?list=${list}`}#f-${hit.dateSelectionId}`;
}

/** The customer's name, e-mail and phone of a row ('' for what the order did not give). */
export function customerOf(hit: Pick<OrderSearchHit, 'customer'>): {
  name: string;
  email: string;
  phone: string;
} {
  const c = (hit.customer ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { name: text(c['name']), email: text(c['email']), phone: text(c['phone']) };
}
