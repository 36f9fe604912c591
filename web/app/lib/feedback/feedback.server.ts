import { apiFetch, totalCount } from '../api/client.server';
import type { Feedback, FeedbackBody } from './feedback';

/** `POST feedback`. */
export async function sendFeedback(request: Request, body: FeedbackBody): Promise<Feedback> {
  const { data } = await apiFetch<Feedback>(request, 'feedback', { method: 'POST', json: body });
  return data;
}

/** The signed-in customer's feedback on their order, and whether it can be given now. */
export async function orderFeedback(
  request: Request,
  orderNumber: string,
): Promise<{ canGive: boolean; feedback: Feedback | null }> {
  const { data } = await apiFetch<{ canGive: boolean; feedback: Feedback | null }>(
    request,
    `feedback/order/${encodeURIComponent(orderNumber)}`,
  );
  return data;
}

export interface FeedbackFilters {
  query: string;
  rating: string;
  kind: string;
  from: string;
  to: string;
}

/** Admins: `_search/feedback`, newest first. */
export async function searchFeedback(
  request: Request,
  filters: FeedbackFilters,
  page: number,
  size: number,
): Promise<{ items: Feedback[]; total: number }> {
  const { data, headers } = await apiFetch<Feedback[]>(request, '_search/feedback', {
    query: {
      query: filters.query || undefined,
      rating: filters.rating || undefined,
      kind: filters.kind || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page,
      size,
    },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}
