import {
  canTransition,
  dateNetAmount,
  dateSettlement,
  fromMinor,
  OrderActor,
  orderAmounts,
  OrderStatus,
  orderTimeline,
  statusLabelFor,
} from '@hearth/shared';
import type { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import type { OrderStatusChangeEntity } from './order-status-change.entity.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { deadlineKey } from './cancel-deadline.js';
import type {
  DateSelectionDto,
  OrderAmountsDto,
  OrderDto,
  SettlementDto,
  StatusChangeDto,
} from './dto/order.dto.js';

export interface OrderMapContext {
  now: Date;
  deadlines: Map<string, Date>;
  /** With the life-cycle timeline and status history (the order status page). */
  detail?: { changes: OrderStatusChangeEntity[] };
}

/** Whether the customer may still cancel this date: the table allows it and its cut-off has not passed. */
export function customerMayCancel(
  selection: OrderDateSelectionEntity,
  deadline: Date | undefined,
  now: Date,
): boolean {
  return (
    canTransition(selection.orderStatus, OrderStatus.CANCELLED, {
      deliveryOption: selection.deliveryOption,
      actor: OrderActor.CUSTOMER,
    }) &&
    deadline !== undefined &&
    now < deadline
  );
}

function byOf(
  change: OrderStatusChangeEntity,
  order: OrderEntity,
  line: OrderedCartItemEntity,
): StatusChangeDto['by'] {
  if (!change.actorId) return null;
  if (change.actorId === order.consumerId) return OrderActor.CUSTOMER;
  if (change.actorId === line.publisher?.consumerId) return OrderActor.CHEF;
  return OrderActor.ADMIN;
}

/** What a date is due, paid or refunded, as the API sends it. */
export function mapSettlement(s: OrderDateSelectionEntity, currencyCode: string): SettlementDto {
  const { state, amount } = dateSettlement(s, currencyCode);
  return { state, amount: fromMinor(amount, currencyCode) };
}

/** `itemTotal + deliveryFee` of one date, as a decimal string. */
export function dateNet(s: OrderDateSelectionEntity, currencyCode: string): string {
  return fromMinor(dateNetAmount(s, currencyCode), currencyCode);
}

function mapAmounts(order: OrderEntity): OrderAmountsDto {
  const c = order.currencyCode;
  const a = orderAmounts(
    (order.cartItems ?? []).flatMap((l) => l.dateSelections ?? []),
    c,
  );
  return {
    itemsTotal: fromMinor(a.itemsTotal, c),
    deliveryFeesTotal: fromMinor(a.deliveryFeesTotal, c),
    ordered: fromMinor(a.ordered, c),
    cancelledTotal: fromMinor(a.cancelledTotal, c),
    total: fromMinor(a.total, c),
    due: fromMinor(a.due, c),
    paid: fromMinor(a.paid, c),
    refunded: fromMinor(a.refunded, c),
    refundPending: fromMinor(a.refundPending, c),
  };
}

function mapSelection(
  order: OrderEntity,
  line: OrderedCartItemEntity,
  s: OrderDateSelectionEntity,
  ctx: OrderMapContext,
): DateSelectionDto {
  const deadline = ctx.deadlines.get(deadlineKey(line.itemId, s.date));
  const dto: DateSelectionDto = {
    id: s.id,
    date: s.date,
    timeSlots: s.timeSlots,
    orderStatus: s.orderStatus,
    statusLabel: statusLabelFor(s.orderStatus, s.deliveryOption),
    paymentStatus: s.paymentStatus,
    deliveryOption: s.deliveryOption,
    payoutRefundStatus: s.payoutRefundStatus,
    payoutRefundAmount: s.payoutRefundAmount,
    payoutRefundAt: s.payoutRefundAt ? s.payoutRefundAt.toISOString() : null,
    payoutRefundError: s.payoutRefundError,
    cashReceivedAt: s.cashReceivedAt ? s.cashReceivedAt.toISOString() : null,
    noShowAt: s.noShowAt ? s.noShowAt.toISOString() : null,
    itemTotal: s.itemTotal,
    deliveryFee: s.deliveryFee,
    netAmount: dateNet(s, order.currencyCode),
    settlement: mapSettlement(s, order.currencyCode),
    pickupLocation: s.pickupLocation,
    canCancel: customerMayCancel(s, deadline, ctx.now),
    cancelBefore: deadline ? deadline.toISOString() : null,
  };
  if (ctx.detail) {
    dto.timeline = orderTimeline(s.deliveryOption, s.orderStatus).map((t) => ({
      status: t.status,
      label: t.label,
      state: t.state,
    }));
    dto.statusChanges = ctx.detail.changes
      .filter((c) => c.orderDateSelectionId === s.id)
      // The history says what the progress bar says: a collected pickup reads "Picked up" in both.
      .map((c) => ({
        status: c.lifeCycleStatus,
        label: statusLabelFor(c.lifeCycleStatus, s.deliveryOption),
        at: c.at.toISOString(),
        reason: c.reason,
        by: byOf(c, order, line),
      }));
  }
  return dto;
}

/** An order with its lines, dates, statuses and payment, as the customer sees it. */
export function mapOrder(order: OrderEntity, ctx: OrderMapContext): OrderDto {
  const p = order.paymentDetails;
  // Lines of one order share their creation instant (one transaction): group them by kitchen, then by name.
  const lines = [...(order.cartItems ?? [])].sort(
    (a, b) =>
      (a.publisher?.kitchenName ?? '').localeCompare(b.publisher?.kitchenName ?? '') ||
      a.itemName.localeCompare(b.itemName) ||
      a.id.localeCompare(b.id),
  );
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    orderedDate: order.orderedDate.toISOString(),
    orderStatus: order.orderStatus,
    orderTotal: order.orderTotal,
    currencyCode: order.currencyCode,
    amounts: mapAmounts(order),
    note: order.note,
    consumerContactDetails: order.contactDetails,
    consumerLocationDetails: order.locationDetails,
    paymentDetails: p
      ? {
          paymentMethod: p.paymentMethod,
          paymentDetailsGenericId: p.paymentDetailsGenericId,
          isPaymentCompleted: p.isPaymentCompleted,
          paymentCompletedTime: p.paymentCompletedTime?.toISOString() ?? null,
          transactionFees: p.transactionFees,
          grossAmount: p.grossAmount,
          netAmount: p.netAmount,
          currencyCode: p.currencyCode,
          vsFees: p.vsFees,
          vsNet: p.vsNet,
          gateway: p.gateway,
          checkoutUrl: p.isPaymentCompleted ? null : p.checkoutUrl,
          failureReason: p.failureReason,
          holdExpiresAt: order.paymentHoldExpiresAt?.toISOString() ?? null,
        }
      : null,
    cartItems: lines.map((line) => ({
      cartItemId: line.id,
      itemId: line.itemId,
      itemName: line.itemName,
      publisherId: line.publisherId,
      kitchenName: line.publisher?.kitchenName ?? '',
      userSelectedPricingOption: { ...line.pricingOption },
      unitPrice: line.unitPrice,
      orderQuantity: line.orderQuantity,
      itemTotalChefPrice: line.itemTotal,
      itemPricePerDate: line.itemPricePerDate,
      netAmountPerDate: line.netAmountPerDate,
      distributedFees: line.distributedFees,
      netAmount: line.netAmount,
      vsFees: line.vsFees,
      isCateringItem: line.isCateringItem,
      dates: [...(line.dateSelections ?? [])]
        .sort((a, b) => a.date.localeCompare(b.date))
        .map((s) => mapSelection(order, line, s, ctx)),
    })),
  };
}

/**
 * The overall status of an order: CANCELLED when every date is, else the least advanced status among
 * the dates still alive (so "DELIVERED" means every live date was delivered).
 */
export function overallStatus(statuses: readonly OrderStatus[]): OrderStatus {
  const live = statuses.filter((s) => s !== OrderStatus.CANCELLED);
  if (live.length === 0) return OrderStatus.CANCELLED;
  const rank = Object.values(OrderStatus);
  return live.reduce((a, b) => (rank.indexOf(b) < rank.indexOf(a) ? b : a));
}
