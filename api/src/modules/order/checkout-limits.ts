import { Logger } from '@nestjs/common';
import { MAX_OPEN_ORDERS_PER_CUSTOMER, MAX_PORTIONS_PER_KITCHEN_DATE, dayLabel } from '@hearth/shared';
import { conflict } from '../../common/problem/problem.exception.js';
import type { CartEvaluation } from '../cart/cart-evaluator.service.js';
import { portions } from '../cart/orderability.js';

const logger = new Logger('CheckoutLimits');

/**
 * The per-customer caps of the checkout (security review S-08), checked on the checkout's one read; its write
 * goes through only while the cart's lines are as read, so two checkouts of one customer cannot both pass:
 * - at most MAX_OPEN_ORDERS_PER_CUSTOMER orders with a date neither delivered nor cancelled;
 * - at most MAX_PORTIONS_PER_KITCHEN_DATE portions from one kitchen for one date, this order plus the
 *   customer's earlier orders that are not cancelled.
 * Each refusal is a 409 problem whose sentence the checkout page shows. The checkout reads the counts in its
 * one read statement (OPEN_ORDERS_SQL, EARLIER_PORTIONS_SQL) and checks them with `refuseOverLimits`.
 */

/** The customer's open orders (SQL expression; consumer id, DELIVERED, CANCELLED). */
export const OPEN_ORDERS_SQL = (consumer: string, delivered: string, cancelled: string) =>
  `(SELECT count(*)::int FROM customer_order o
     WHERE o.consumer_id = ${consumer}
       AND EXISTS (SELECT 1 FROM ordered_cart_item i JOIN order_date_selection s ON s.ordered_cart_item_id = i.id
                    WHERE i.order_id = o.id AND s.order_status NOT IN (${delivered}, ${cancelled})))`;

/** Portions of the customer's orders that are not cancelled, per kitchen and date, of these kitchens and dates. */
export const EARLIER_PORTIONS_SQL = (
  consumer: string,
  cancelled: string,
  publishers: string,
  dates: string,
) =>
  `SELECT i.publisher_id, s.date::text AS date,
          sum(i.order_quantity * greatest(1, cardinality(s.time_slots)))::int AS portions
     FROM customer_order o
     JOIN ordered_cart_item i ON i.order_id = o.id
     JOIN order_date_selection s ON s.ordered_cart_item_id = i.id
    WHERE o.consumer_id = ${consumer} AND s.order_status <> ${cancelled}
      AND i.publisher_id = ANY(${publishers}) AND s.date = ANY(${dates})
    GROUP BY 1, 2`;

export interface EarlierPortions {
  publisher_id: string;
  date: string;
  portions: number;
}

interface Wanted {
  publisherId: string;
  kitchenName: string;
  date: string;
  portions: number;
}

function wantedPortions(e: CartEvaluation): Map<string, Wanted> {
  const wanted = new Map<string, Wanted>();
  for (const line of e.live) {
    for (const d of line.dates) {
      const key = `${line.item.publisherId}|${d.date}`;
      const entry = wanted.get(key) ?? {
        publisherId: line.item.publisherId,
        kitchenName: line.item.kitchenName,
        date: d.date,
        portions: 0,
      };
      entry.portions += portions(line.orderQuantity, d.timeSlots);
      wanted.set(key, entry);
    }
  }
  return wanted;
}

/**
 * The caps on numbers already read (the checkout reads them in its one snapshot statement): `open` orders and
 * the `earlier` portions per kitchen and date (rows of other kitchens or dates are ignored).
 */
export function refuseOverLimits(
  consumerId: string,
  e: CartEvaluation,
  open: number,
  earlier: readonly EarlierPortions[],
): void {
  if (open >= MAX_OPEN_ORDERS_PER_CUSTOMER) {
    logger.warn({ event: 'checkout.open_order_limit', consumerId, open }, 'Open-order limit reached');
    throw conflict(
      `You have ${open} open orders, the most one account may have at a time. Place this one when an earlier order has been delivered or cancelled.`,
      'error.order.open_limit',
      { open, maximum: MAX_OPEN_ORDERS_PER_CUSTOMER },
    );
  }
  const wanted = wantedPortions(e);
  const before = new Map(earlier.map((r) => [`${r.publisher_id}|${r.date}`, r.portions]));
  for (const [key, entry] of wanted) {
    const had = before.get(key) ?? 0;
    if (had + entry.portions <= MAX_PORTIONS_PER_KITCHEN_DATE) continue;
    const day = dayLabel(entry.date);
    const earlierWords = had > 0 ? ` (${had} in your earlier orders)` : '';
    throw conflict(
      `You can order at most ${MAX_PORTIONS_PER_KITCHEN_DATE} portions from ${entry.kitchenName} for ${day}; this order would make it ${had + entry.portions}${earlierWords}. Lower the quantity in your cart and try again.`,
      'error.order.portion_limit',
      {
        publisherId: entry.publisherId,
        kitchenName: entry.kitchenName,
        date: entry.date,
        ordered: had,
        wanted: entry.portions,
        maximum: MAX_PORTIONS_PER_KITCHEN_DATE,
      },
    );
  }
}
