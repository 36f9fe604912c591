import {
  dateNetAmount,
  dateSettlement,
  fromMinor,
  nextStatuses,
  OrderActor,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  type DeliveryOption,
  type PayoutRefundStatus,
  type TimeSlot,
} from '@hearth/shared';
import type { FulfilmentDto } from './dto/order.dto.js';

/**
 * One date selection as its kitchen sees it — a row of the board and of the order search — read by raw SQL:
 * `SELECT ${FULFILMENT_COLUMNS} ${FULFILMENT_JOINS} WHERE …` (no relations loaded, one query per page).
 */
export interface FulfilmentRow {
  id: string;
  date: string;
  time_slots: TimeSlot[];
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  delivery_option: DeliveryOption;
  payout_refund_status: PayoutRefundStatus;
  payout_refund_amount: string | null;
  payout_refund_at: Date | null;
  payout_refund_error: string | null;
  cash_received_at: Date | null;
  no_show_at: Date | null;
  item_total: string;
  delivery_fee: string;
  pickup_location: Record<string, unknown> | null;
  cart_item_id: string;
  item_id: string | null;
  item_name: string;
  order_quantity: number;
  pricing_option: { quantity?: unknown; measurement?: unknown } | null;
  order_id: string;
  order_number: string;
  ordered_date: Date;
  currency_code: string;
  contact_details: Record<string, unknown> | null;
  location_details: Record<string, unknown> | null;
  note: string | null;
  payment_method: PaymentMethod | null;
}

/** The columns of a {@link FulfilmentRow}, over `s` (date selection), `l` (line), `o` (order), `pd` (payment). */
export const FULFILMENT_COLUMNS = `s.id, s.date::text AS date, s.time_slots, s.order_status, s.payment_status, s.delivery_option,
       s.payout_refund_status, s.payout_refund_amount, s.payout_refund_at, s.payout_refund_error,
       s.cash_received_at, s.no_show_at, s.item_total, s.delivery_fee, s.pickup_location,
       l.id AS cart_item_id, l.item_id, l.item_name, l.order_quantity, l.pricing_option,
       o.id AS order_id, o.order_number, o.ordered_date, o.currency_code, o.contact_details,
       o.location_details, o.note, pd.payment_method`;

/** The joins from `s` (order_date_selection) that {@link FULFILMENT_COLUMNS} reads. */
export const FULFILMENT_JOINS = `JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
  JOIN customer_order o ON o.id = l.order_id
  LEFT JOIN payment_details pd ON pd.order_id = o.id`;

export interface FulfilmentMapContext {
  /** Today in the kitchen's time zone (YYYY-MM-DD): from then on a cash date may be marked not collected. */
  today: string;
  /** Who moves the date next (the shared transition table differs for chefs and admins). */
  actor: OrderActor;
}

/** "2 Plate" from the pricing option as bought ("as listed" when it says nothing). */
export function pricingOptionLabel(option: FulfilmentRow['pricing_option']): string {
  const parts = [option?.quantity, option?.measurement]
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String)
    .filter(Boolean);
  return parts.join(' ') || 'as listed';
}

/** The row as the kitchen's DTO: its amounts, settlement, cash actions and the statuses allowed next. */
export function mapFulfilment(r: FulfilmentRow, ctx: FulfilmentMapContext): FulfilmentDto {
  const method = r.payment_method ?? null;
  const cashOpen =
    method === PaymentMethod.CASH_ON_PICKUP_DELIVERY &&
    !r.cash_received_at &&
    !r.no_show_at &&
    r.order_status !== OrderStatus.CANCELLED;
  const money = {
    itemTotal: r.item_total,
    deliveryFee: r.delivery_fee,
    orderStatus: r.order_status,
    paymentStatus: r.payment_status,
    payoutRefundStatus: r.payout_refund_status,
    payoutRefundAmount: r.payout_refund_amount,
  };
  const settlement = dateSettlement(money, r.currency_code);
  return {
    orderNumber: r.order_number,
    orderId: r.order_id,
    orderedDate: new Date(r.ordered_date).toISOString(),
    cartItemId: r.cart_item_id,
    itemId: r.item_id,
    itemName: r.item_name,
    pricingOption: pricingOptionLabel(r.pricing_option),
    orderQuantity: r.order_quantity,
    dateSelectionId: r.id,
    date: r.date,
    timeSlots: r.time_slots ?? [],
    deliveryOption: r.delivery_option,
    orderStatus: r.order_status,
    paymentStatus: r.payment_status,
    paymentMethod: method,
    cashReceivedAt: r.cash_received_at ? new Date(r.cash_received_at).toISOString() : null,
    noShowAt: r.no_show_at ? new Date(r.no_show_at).toISOString() : null,
    canRecordCash: cashOpen && r.payment_status !== PaymentStatus.COMPLETED,
    canMarkNoShow: cashOpen && r.order_status !== OrderStatus.DELIVERED && r.date <= ctx.today,
    nextStatuses: nextStatuses(r.order_status, { deliveryOption: r.delivery_option, actor: ctx.actor }),
    payoutRefundStatus: r.payout_refund_status,
    payoutRefundAmount: r.payout_refund_amount,
    payoutRefundAt: r.payout_refund_at ? new Date(r.payout_refund_at).toISOString() : null,
    payoutRefundError: r.payout_refund_error,
    itemTotal: r.item_total,
    deliveryFee: r.delivery_fee,
    netAmountPerDate: fromMinor(dateNetAmount(money, r.currency_code), r.currency_code),
    settlement: { state: settlement.state, amount: fromMinor(settlement.amount, r.currency_code) },
    currencyCode: r.currency_code,
    customer: r.contact_details,
    deliveryAddress: r.delivery_option === 'DELIVERY' ? r.location_details : null,
    pickupLocation: r.pickup_location,
    note: r.note,
  };
}
