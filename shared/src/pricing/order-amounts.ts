import { OrderStatus, PaymentStatus, PayoutRefundStatus } from '../enums/index.js';
import { sumMinor, toMinorOrZero, type DecimalInput, type MinorUnits } from '../money/index.js';

/**
 * Where the money of one ordered date stands, from the customer's side:
 * - `DUE`: still to pay (cash at pickup/delivery, or an online payment not completed yet);
 * - `PAID`: paid;
 * - `REFUND_PENDING`: paid, then cancelled, and the refund has not gone through yet;
 * - `REFUNDED`: paid, cancelled and refunded;
 * - `NONE`: cancelled before anything was paid: nothing is due.
 */
export const Settlement = {
  DUE: 'DUE',
  PAID: 'PAID',
  REFUND_PENDING: 'REFUND_PENDING',
  REFUNDED: 'REFUNDED',
  NONE: 'NONE',
} as const;
export type Settlement = (typeof Settlement)[keyof typeof Settlement];

/** One ordered date as the amounts read it (spec §3 Order date selection, with its own amounts). */
export interface OrderedDateAmountsInput {
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  payoutRefundStatus: PayoutRefundStatus;
  /** What was refunded, when the gateway says (else the whole date is). */
  payoutRefundAmount?: DecimalInput | null;
  /** The date's item total: price × quantity × its time slots. */
  itemTotal: DecimalInput;
  /** The delivery fee charged on this date (0 when another date of the same trip carries it). */
  deliveryFee: DecimalInput;
}

/** {@link dateSettlement}'s answer: the state and the amount it is about (0 for `NONE`). */
export interface DateSettlement {
  state: Settlement;
  amount: MinorUnits;
}

/** `itemTotal + deliveryFee` of one date, in minor units. */
export function dateNetAmount(
  d: Pick<OrderedDateAmountsInput, 'itemTotal' | 'deliveryFee'>,
  currencyCode: string,
): MinorUnits {
  return sumMinor([toMinorOrZero(d.itemTotal, currencyCode), toMinorOrZero(d.deliveryFee, currencyCode)]);
}

/**
 * What is due, paid, refunded or nothing for one ordered date. A cancelled date that was never paid owes
 * nothing; one that was paid is refunded (`REFUNDED` once the refund went through, with the refunded
 * amount when known, else `REFUND_PENDING`).
 */
export function dateSettlement(d: OrderedDateAmountsInput, currencyCode: string): DateSettlement {
  const net = dateNetAmount(d, currencyCode);
  const paid = d.paymentStatus === PaymentStatus.COMPLETED;
  if (d.orderStatus !== OrderStatus.CANCELLED)
    return { state: paid ? Settlement.PAID : Settlement.DUE, amount: net };
  if (!paid) return { state: Settlement.NONE, amount: 0 };
  if (d.payoutRefundStatus === PayoutRefundStatus.REFUNDED) {
    const refunded = toMinorOrZero(d.payoutRefundAmount, currencyCode);
    return { state: Settlement.REFUNDED, amount: refunded > 0 ? refunded : net };
  }
  return { state: Settlement.REFUND_PENDING, amount: net };
}

/**
 * The amounts of a whole order, from its dates. Every figure is a sum of the dates' own amounts, so a page
 * that lists the dates' item and fee rows and these totals always adds up:
 * `itemsTotal + deliveryFeesTotal = ordered` and `ordered − cancelledTotal = total`;
 * `total = due + paid` (the live dates), and cancelled dates are `refunded`, `refundPending` or owe nothing.
 */
export interface OrderAmounts {
  currencyCode: string;
  /** Item totals of every date ordered, cancelled ones included. */
  itemsTotal: MinorUnits;
  /** Delivery fees of every date ordered, cancelled ones included. */
  deliveryFeesTotal: MinorUnits;
  /** `itemsTotal + deliveryFeesTotal`: what the order came to when it was placed. */
  ordered: MinorUnits;
  /** What the cancelled dates came to (no longer charged). */
  cancelledTotal: MinorUnits;
  /** `ordered − cancelledTotal`: what the order costs now. */
  total: MinorUnits;
  /** Of `total`, still to pay. */
  due: MinorUnits;
  /** Of `total`, paid. */
  paid: MinorUnits;
  /** Paid for cancelled dates and given back. */
  refunded: MinorUnits;
  /** Paid for cancelled dates, refund not through yet. */
  refundPending: MinorUnits;
}

/** Sums an order's dates into {@link OrderAmounts} (all dates in `currencyCode`, the order's currency). */
export function orderAmounts(dates: readonly OrderedDateAmountsInput[], currencyCode: string): OrderAmounts {
  const sum = (
    pick: (d: OrderedDateAmountsInput) => MinorUnits,
    keep: (d: OrderedDateAmountsInput) => boolean = () => true,
  ) => sumMinor(dates.filter(keep).map(pick));
  const net = (d: OrderedDateAmountsInput) => dateNetAmount(d, currencyCode);
  const cancelled = (d: OrderedDateAmountsInput) => d.orderStatus === OrderStatus.CANCELLED;
  const settled = (state: Settlement) => (d: OrderedDateAmountsInput) => {
    const s = dateSettlement(d, currencyCode);
    return s.state === state ? s.amount : 0;
  };
  const itemsTotal = sum((d) => toMinorOrZero(d.itemTotal, currencyCode));
  const deliveryFeesTotal = sum((d) => toMinorOrZero(d.deliveryFee, currencyCode));
  const ordered = sumMinor([itemsTotal, deliveryFeesTotal]);
  const cancelledTotal = sum(net, cancelled);
  return {
    currencyCode,
    itemsTotal,
    deliveryFeesTotal,
    ordered,
    cancelledTotal,
    total: ordered - cancelledTotal,
    due: sum(settled(Settlement.DUE)),
    paid: sum(settled(Settlement.PAID)),
    refunded: sum(settled(Settlement.REFUNDED)),
    refundPending: sum(settled(Settlement.REFUND_PENDING)),
  };
}
