import { ORDER_STATUS_LABELS, OrderStatus, orderTimeline } from '@hearth/shared';
import type { DeliveryOption, TimelineStep } from '@hearth/shared';

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
  orderStatus: string;
  statusLabel: string;
  paymentStatus: string;
  deliveryOption: DeliveryOption;
  payoutRefundStatus: string;
  payoutRefundAmount: string | null;
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
  orderStatus: string;
  paymentStatus: string;
  nextStatuses: string[];
  netAmountPerDate: string;
  currencyCode: string;
  customer: Record<string, unknown> | null;
  deliveryAddress: Record<string, unknown> | null;
  pickupLocation: Record<string, unknown> | null;
  note: string | null;
}

export const ORDERS_PAGE_SIZE = 10;

/** The status in the customer's words (shared labels). */
export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  INITIATED: 'Payment due',
  CREATED: 'Payment started',
  COMPLETED: 'Paid',
};

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
export const MAX_REVIEW_IMAGES = 3;
export const MAX_REVIEW_LENGTH = 2000;

/** Who moved a status, in words. */
export const ACTOR_WORDS: Record<string, string> = {
  CUSTOMER: 'you',
  CHEF: 'the chef',
  ADMIN: 'Hearth support',
};
