import { nextStatuses, OrderActor, OrderStatus, PaymentMethod, PaymentStatus } from '@hearth/shared';
import type { FulfilmentDto } from './dto/order.dto.js';
import type { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { dateNet, mapSettlement } from './order.mapper.js';

export interface FulfilmentMapContext {
  /** Today in the kitchen's time zone (YYYY-MM-DD): from then on a cash date may be marked not collected. */
  today: string;
  /** Who moves the date next (the shared transition table differs for chefs and admins). */
  actor: OrderActor;
}

/**
 * One date selection as its kitchen sees it: a row of the board and of the order search. The selection must
 * be loaded with `orderedCartItem.order.paymentDetails`.
 */
export function mapFulfilment(s: OrderDateSelectionEntity, ctx: FulfilmentMapContext): FulfilmentDto {
  const line = s.orderedCartItem;
  const order = line.order;
  const method = order.paymentDetails?.paymentMethod ?? null;
  const cashOpen =
    method === PaymentMethod.CASH_ON_PICKUP_DELIVERY &&
    !s.cashReceivedAt &&
    !s.noShowAt &&
    s.orderStatus !== OrderStatus.CANCELLED;
  return {
    orderNumber: order.orderNumber,
    orderId: order.id,
    orderedDate: order.orderedDate.toISOString(),
    cartItemId: line.id,
    itemId: line.itemId,
    itemName: line.itemName,
    orderQuantity: line.orderQuantity,
    dateSelectionId: s.id,
    date: s.date,
    timeSlots: s.timeSlots,
    deliveryOption: s.deliveryOption,
    orderStatus: s.orderStatus,
    paymentStatus: s.paymentStatus,
    paymentMethod: method,
    cashReceivedAt: s.cashReceivedAt ? s.cashReceivedAt.toISOString() : null,
    noShowAt: s.noShowAt ? s.noShowAt.toISOString() : null,
    canRecordCash: cashOpen && s.paymentStatus !== PaymentStatus.COMPLETED,
    canMarkNoShow: cashOpen && s.orderStatus !== OrderStatus.DELIVERED && s.date <= ctx.today,
    nextStatuses: nextStatuses(s.orderStatus, { deliveryOption: s.deliveryOption, actor: ctx.actor }),
    payoutRefundStatus: s.payoutRefundStatus,
    payoutRefundAmount: s.payoutRefundAmount,
    payoutRefundAt: s.payoutRefundAt ? s.payoutRefundAt.toISOString() : null,
    payoutRefundError: s.payoutRefundError,
    itemTotal: s.itemTotal,
    deliveryFee: s.deliveryFee,
    netAmountPerDate: dateNet(s, order.currencyCode),
    settlement: mapSettlement(s, order.currencyCode),
    currencyCode: order.currencyCode,
    customer: order.contactDetails,
    deliveryAddress: s.deliveryOption === 'DELIVERY' ? order.locationDetails : null,
    pickupLocation: s.pickupLocation,
    note: order.note,
  };
}
