import { apiFetch } from '../api/client.server';
import type { DeliveryRound } from './round';

/** The delivery round of one date (and slot) of the signed-in chef's kitchen, from its primary pickup place. */
export async function deliveryRound(
  request: Request,
  date: string,
  slot: string | null,
): Promise<DeliveryRound> {
  const { data } = await apiFetch<DeliveryRound>(request, 'order/optimize-routes', {
    query: { date, ...(slot ? { timeSlot: slot } : {}), format: 'json' },
  });
  return data;
}
