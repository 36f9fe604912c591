import { ORDER_STATUS_LABELS, OrderStatus, Settlement, orderTimeline, statusLabelFor } from '@hearth/shared';
import type { DeliveryOption, PaymentStatus, PayoutRefundStatus, TimelineStep } from '@hearth/shared';
import { formatAmount } from './money';

export interface StatusChange {
  status: string;
  label: string;
  at: string;
  reason: string | null;
  by: 'CUSTOMER' | 'CHEF' | 'ADMIN' | null;
}

/** One date of an order line (spec §3 Order date selection). */
export interface DateSelection {
  id: string;
  date: string;
  timeSlots: string[];
  orderStatus: OrderStatus;
  statusLabel: string;
  paymentStatus: PaymentStatus;
  deliveryOption: DeliveryOption;
  payoutRefundStatus: PayoutRefundStatus;
  payoutRefundAmount: string | null;
  /** Price × quantity × this date's slots. */
  itemTotal: string;
  /** The delivery fee charged on this date ("0.00" when another date of the trip carries it). */
  deliveryFee: string;
  /** `itemTotal + deliveryFee`. */
  netAmount: string;
  settlement: DateSettlementView;
  pickupLocation: Record<string, unknown> | null;
  canCancel: boolean;
  cancelBefore: string | null;
  statusChanges?: StatusChange[];
}

export interface OrderedItem {
  cartItemId: string;
  itemId: string | null;
  itemName: string;
  publisherId: string;
  kitchenName: string;
  /** The kitchen's zone (added by the web from the kitchen's details): its times are shown in it. */
  timeZone?: string | null;
  userSelectedPricingOption: Record<string, unknown>;
  unitPrice: string;
  orderQuantity: number;
  itemTotalChefPrice: string;
  itemPricePerDate: string;
  netAmountPerDate: string;
  distributedFees: string;
  netAmount: string;
  isCateringItem: boolean;
  dates: DateSelection[];
}

/** Where the money of one date stands (the API's shared `dateSettlement`). */
export interface DateSettlementView {
  state: Settlement;
  amount: string;
}

/** The order's amounts, summed by the API from its dates (shared `orderAmounts`). */
export interface OrderAmountsView {
  itemsTotal: string;
  deliveryFeesTotal: string;
  ordered: string;
  cancelledTotal: string;
  total: string;
  due: string;
  paid: string;
  refunded: string;
  refundPending: string;
}

export interface PaymentDetails {
  paymentMethod: string;
  isPaymentCompleted: boolean;
  grossAmount: string;
  netAmount: string;
  currencyCode: string;
}

/** An order (spec §3 Order) as `order` and `order/{orderNumber}` describe it. */
export interface Order {
  id: string;
  orderNumber: string;
  orderedDate: string;
  orderStatus: string;
  orderTotal: string;
  currencyCode: string;
  amounts: OrderAmountsView;
  note: string | null;
  consumerContactDetails: Record<string, unknown> | null;
  consumerLocationDetails: Record<string, unknown> | null;
  paymentDetails: PaymentDetails | null;
  cartItems: OrderedItem[];
}

/** One date selection a chef fulfils (`order/fulfillOrders`). */
export interface Fulfilment {
  orderNumber: string;
  orderedDate: string;
  cartItemId: string;
  itemId: string | null;
  itemName: string;
  orderQuantity: number;
  dateSelectionId: string;
  date: string;
  timeSlots: string[];
  deliveryOption: DeliveryOption;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  nextStatuses: string[];
  itemTotal: string;
  deliveryFee: string;
  /** What this date comes to: `itemTotal + deliveryFee`. */
  netAmountPerDate: string;
  settlement: DateSettlementView;
  currencyCode: string;
  customer: Record<string, unknown> | null;
  deliveryAddress: Record<string, unknown> | null;
  pickupLocation: Record<string, unknown> | null;
  note: string | null;
}

export const ORDERS_PAGE_SIZE = 10;

/**
 * The status in the customer's words (shared labels); with the date's fulfilment, DELIVERED reads as the
 * progress bar's last step: "Picked up" for a pickup, "Delivered" for a delivery.
 */
export function statusLabel(status: string, deliveryOption?: DeliveryOption): string {
  if (!(status in ORDER_STATUS_LABELS)) return status;
  return deliveryOption ? statusLabelFor(status as OrderStatus, deliveryOption) : ORDER_STATUS_LABELS[status as OrderStatus];
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
