import { ORDER_STATUS_LABELS, OrderStatus, Settlement, orderTimeline, statusLabelFor } from '@hearth/shared';
import type { DeliveryOption, TimelineStep } from '@hearth/shared';
import type { Schemas } from '../api/schemas';
import { formatAmount } from '../format/money';

export type StatusChange = Schemas['StatusChangeDto'];

/** One date of an order line (spec §3 Order date selection). */
export type DateSelection = Schemas['DateSelectionDto'];

/** An order line, plus the kitchen's zone the web adds from the kitchen's details. */
export type OrderedItem = Schemas['OrderedItemDto'] & {
  /** The kitchen's zone: its times are shown in it. */
  timeZone?: string | null;
};

/** Where the money of one date stands (the API's shared `dateSettlement`). */
export type DateSettlementView = Schemas['SettlementDto'];

/** The order's amounts, summed by the API from its dates (shared `orderAmounts`). */
export type OrderAmountsView = Schemas['OrderAmountsDto'];

export type PaymentDetails = Schemas['PaymentDetailsDto'];

/** An order (spec §3 Order) as `order` and `order/{orderNumber}` describe it. */
export type Order = Omit<Schemas['OrderDto'], 'cartItems'> & { cartItems: OrderedItem[] };

/** One date selection a chef fulfils (`order/fulfillOrders`). */
export type Fulfilment = Schemas['FulfilmentDto'];
export type BoardGroups = Schemas['BoardGroupsDto'];
export type BoardGroup = Schemas['BoardGroupDto'];
export type BulkStatusResult = Schemas['BulkStatusResultDto'];
export type BulkRowResult = Schemas['BulkRowResultDto'];

export const ORDERS_PAGE_SIZE = 10;

/**
 * The status in the customer's words (shared labels); with the date's fulfilment, DELIVERED reads as the
 * progress bar's last step: "Picked up" for a pickup, "Delivered" for a delivery.
 */
export function statusLabel(status: string, deliveryOption?: DeliveryOption): string {
  if (!(status in ORDER_STATUS_LABELS)) return status;
  return deliveryOption
    ? statusLabelFor(status as OrderStatus, deliveryOption)
    : ORDER_STATUS_LABELS[status as OrderStatus];
}

/**
 * Where a date's money stands, in the customer's words: "Due $13.99", "Paid $13.99", "Refund of $13.99
 * pending", "Refunded $13.99", or "Nothing due" for a date cancelled before it was paid.
 */
export function settlementWords(settlement: DateSettlementView, currencyCode: string): string {
  const amount = formatAmount(settlement.amount, currencyCode);
  switch (settlement.state) {
    case Settlement.DUE:
      return `Due ${amount}`;
    case Settlement.PAID:
      return `Paid ${amount}`;
    case Settlement.REFUND_PENDING:
      return `Refund of ${amount} pending`;
    case Settlement.REFUNDED:
      return `Refunded ${amount}`;
    default:
      return 'Nothing due';
  }
}

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  CASH_ON_PICKUP_DELIVERY: 'Cash on pickup/delivery',
  STRIPE_CARD: 'Card',
  PAYPAL: 'PayPal',
  PAYTM: 'Paytm',
  GOOGLE: 'Google Pay',
  CASH_FREE: 'Cashfree',
};

/** The life-cycle steps of a date selection (shared `orderTimeline`), or null for a status it does not know. */
export function timelineOf(
  selection: Pick<DateSelection, 'deliveryOption' | 'orderStatus'>,
): TimelineStep[] | null {
  try {
    return orderTimeline(selection.deliveryOption, selection.orderStatus as OrderStatus);
  } catch {
    return null;
  }
}

/** True when a date selection was delivered and may be rated. */
export function canRate(selection: Pick<DateSelection, 'orderStatus'>): boolean {
  return selection.orderStatus === OrderStatus.DELIVERED;
}

export const RATING_FIELDS = ['ratingValue', 'reviewBody', 'images'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];
export const MAX_REVIEW_LENGTH = 2000;

/** Who moved a status, in words. */
export const ACTOR_WORDS: Record<string, string> = {
  CUSTOMER: 'you',
  CHEF: 'the chef',
  ADMIN: 'Hearth support',
};
