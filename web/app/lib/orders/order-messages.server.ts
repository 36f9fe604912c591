import { apiFetch } from '../api/client.server';
import type { Schemas } from '../api/schemas';

/** A thread (one order, one kitchen) as the API sends it. */
export type OrderThread = Schemas['OrderThreadDto'];
export type OrderMessage = Schemas['OrderMessageDto'];
export type DateMessageResult = Schemas['BulkOrderMessageResultDto'];

/** One order's threads the signed-in user may see (reading marks the other side's messages read). */
export async function orderThreads(request: Request, orderNumber: string): Promise<OrderThread[]> {
  const { data } = await apiFetch<OrderThread[]>(request, 'order/communications', {
    query: { orderNumber },
  });
  return Array.isArray(data) ? data : [];
}

/** Writes on a thread: as the kitchen's chef or as the order's customer (the API decides which). */
export async function sendOrderMessage(
  request: Request,
  body: { orderNumber: string; cartItemId?: string; userSelectionDateId?: string; message: string },
): Promise<OrderMessage> {
  return (await apiFetch<OrderMessage>(request, 'order/send-communication', { method: 'POST', json: body }))
    .data;
}

/** The chef writes to every customer of one date (and slot, and way); `dryRun` only counts them. */
export async function sendDateMessage(
  request: Request,
  body: {
    date: string;
    timeSlot?: string;
    fulfilment?: 'PICKUP' | 'DELIVERY';
    message: string;
    dryRun?: boolean;
  },
): Promise<DateMessageResult> {
  return (
    await apiFetch<DateMessageResult>(request, 'order/bulk/send-communication', {
      method: 'POST',
      json: body,
    })
  ).data;
}
