import { apiFetch, totalCount } from '../api/client.server';

/** A payment-gateway event that did not apply (admin/payment-events). */
export interface StuckPaymentEvent {
  id: string;
  gateway: string;
  type: string;
  eventId: string;
  status: 'FAILED' | 'RECEIVED';
  attempts: number;
  error: string | null;
  orderNumber: string | null;
  receivedAt: string;
}

/** How many of each state the admin page shows (the oldest first: they waited longest). */
export const STUCK_EVENTS_SHOWN = 20;

/** FAILED events (retries used up) and RECEIVED ones (not applied yet), each with its total. */
export async function stuckPaymentEvents(request: Request): Promise<{
  failed: StuckPaymentEvent[];
  failedTotal: number;
  waiting: StuckPaymentEvent[];
  waitingTotal: number;
}> {
  const page = async (status: 'FAILED' | 'RECEIVED') => {
    const { data, headers } = await apiFetch<StuckPaymentEvent[]>(request, 'admin/payment-events', {
      query: { status, page: 0, size: STUCK_EVENTS_SHOWN },
    });
    const events = Array.isArray(data) ? data : [];
    return { events, total: totalCount(headers) ?? events.length };
  };
  const [failed, waiting] = await Promise.all([page('FAILED'), page('RECEIVED')]);
  return {
    failed: failed.events,
    failedTotal: failed.total,
    waiting: waiting.events,
    waitingTotal: waiting.total,
  };
}

/** Queues the event again (`admin/payment-events/{id}/retry`). */
export async function retryPaymentEvent(
  request: Request,
  id: string,
): Promise<{ id: string; status: string }> {
  return (
    await apiFetch<{ id: string; status: string }>(
      request,
      `admin/payment-events/${encodeURIComponent(id)}/retry`,
      {
        method: 'POST',
      },
    )
  ).data;
}
