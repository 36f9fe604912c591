import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DeliveryOption,
  OrderStatus,
  PaymentGateway,
  PaymentMethod,
  PaymentStatus,
  PayoutRefundStatus,
  Settlement,
  TimeSlot,
} from '@hearth/shared';
import { ContactDetailsDto } from '../../consumer/dto/consumer-details.dto.js';

const MONEY = { type: String, example: '26.97', description: "Decimal amount in the order's currencyCode" };
const STATUSES = Object.values(OrderStatus);
const PLACE = { type: () => PlaceSnapshotDto, nullable: true };

/**
 * An address or pickup place as it was when the order was placed (a stored snapshot: older orders may lack
 * a field).
 */
export class PlaceSnapshotDto {
  @ApiProperty({ type: String, nullable: true, required: false }) id?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) name?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false, description: 'The address on one line' })
  address?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) addressLine1?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) addressLine2?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) city?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) state?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) country?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) locality?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) district?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) zipcode?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false }) deliveryNote?: string | null;
}

/** The pricing option as bought (a snapshot: later edits by the chef change nothing here). */
export class OrderedPricingOptionDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'Plate' }) measurement: string;
  @ApiProperty({ example: '1' }) quantity: string;
  @ApiProperty({ ...MONEY, description: "The chef's price when bought" }) chefPrice: string;
  @ApiProperty() serves: number;
}

export class TimelineStepDto {
  @ApiProperty({ enum: STATUSES }) status: OrderStatus;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ['done', 'current', 'upcoming'] }) state: 'done' | 'current' | 'upcoming';
}

export class StatusChangeDto {
  @ApiProperty({ enum: STATUSES }) status: OrderStatus;
  @ApiProperty() label: string;
  @ApiProperty() at: string;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ enum: ['CUSTOMER', 'CHEF', 'ADMIN'], nullable: true }) by:
    'CUSTOMER' | 'CHEF' | 'ADMIN' | null;
}

const SETTLED_AT = {
  type: String,
  nullable: true,
  description: 'When the refund or payout went through (REFUNDED / COMPLETED)',
} as const;
const SETTLE_ERROR = {
  type: String,
  nullable: true,
  description:
    "Why the last refund or payout attempt failed, in the gateway's words, or why a payout waits (no payout account)",
} as const;

/** Where the money of one date stands: due, paid, refund pending, refunded, or nothing (cancelled unpaid). */
export class SettlementDto {
  @ApiProperty({ enum: Object.values(Settlement) }) state: Settlement;
  @ApiProperty({ ...MONEY, description: 'The amount the state is about (0.00 for NONE)' }) amount: string;
}

/** One date of an order line (spec §3 Order date selection). */
export class DateSelectionDto {
  @ApiProperty() id: string;
  @ApiProperty() date: string;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true }) timeSlots: TimeSlot[];
  @ApiProperty({ enum: STATUSES }) orderStatus: OrderStatus;
  @ApiProperty({ description: "The status in the customer's words" }) statusLabel: string;
  @ApiProperty({ enum: Object.values(PaymentStatus) }) paymentStatus: PaymentStatus;
  @ApiProperty({ enum: Object.values(DeliveryOption) }) deliveryOption: DeliveryOption;
  @ApiProperty({ enum: Object.values(PayoutRefundStatus) }) payoutRefundStatus: PayoutRefundStatus;
  @ApiProperty({
    ...MONEY,
    nullable: true,
    description: 'A cancelled paid date: the refund to the customer; a delivered one: the payout to the chef',
  })
  payoutRefundAmount: string | null;
  @ApiProperty({ ...SETTLED_AT }) payoutRefundAt: string | null;
  @ApiProperty({ ...SETTLE_ERROR }) payoutRefundError: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cash: when the chef recorded the money received',
  })
  cashReceivedAt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Cash: when the chef marked the date as not collected (it is then cancelled, "Not collected")',
  })
  noShowAt: string | null;
  @ApiProperty({ ...MONEY, description: "Price × quantity × this date's time slots" }) itemTotal: string;
  @ApiProperty({
    ...MONEY,
    description: 'The delivery fee charged on this date (once per chef, date and first slot)',
  })
  deliveryFee: string;
  @ApiProperty({ ...MONEY, description: 'itemTotal + deliveryFee' }) netAmount: string;
  @ApiProperty({ type: SettlementDto }) settlement: SettlementDto;
  @ApiProperty({ ...PLACE, description: 'The pickup place as it was when ordered' }) pickupLocation: Record<
    string,
    unknown
  > | null;
  @ApiProperty({ description: 'True while the customer may still cancel this date' }) canCancel: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Cancelling is possible until this instant' })
  cancelBefore: string | null;
  @ApiPropertyOptional({ type: [TimelineStepDto], description: 'Order status page only' })
  timeline?: TimelineStepDto[];
  @ApiPropertyOptional({ type: [StatusChangeDto], description: 'Order status page only' })
  statusChanges?: StatusChangeDto[];
}

export class OrderedItemDto {
  @ApiProperty() cartItemId: string;
  @ApiProperty({ type: String, nullable: true }) itemId: string | null;
  @ApiProperty() itemName: string;
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ type: OrderedPricingOptionDto, description: 'The pricing option as bought' })
  userSelectedPricingOption: Record<string, unknown>;
  @ApiProperty(MONEY) unitPrice: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty(MONEY) itemTotalChefPrice: string;
  @ApiProperty({
    ...MONEY,
    description: 'Item total of the first date (each date carries its own: dates[].itemTotal)',
  })
  itemPricePerDate: string;
  @ApiProperty({
    ...MONEY,
    description: 'Net amount of the first date (each date carries its own: dates[].netAmount)',
  })
  netAmountPerDate: string;
  @ApiProperty(MONEY) distributedFees: string;
  @ApiProperty(MONEY) netAmount: string;
  @ApiProperty({ example: '0.2000', description: 'Platform fee share' }) vsFees: string;
  @ApiProperty() isCateringItem: boolean;
  @ApiProperty({ type: [DateSelectionDto] }) dates: DateSelectionDto[];
}

export class PaymentDetailsDto {
  @ApiProperty({ enum: Object.values(PaymentMethod) }) paymentMethod: PaymentMethod;
  @ApiProperty({ type: String, nullable: true }) paymentDetailsGenericId: string | null;
  @ApiProperty() isPaymentCompleted: boolean;
  @ApiProperty({ type: String, nullable: true }) paymentCompletedTime: string | null;
  @ApiProperty(MONEY) transactionFees: string;
  @ApiProperty(MONEY) grossAmount: string;
  @ApiProperty(MONEY) netAmount: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty({ ...MONEY, description: 'Platform fee amount' }) vsFees: string;
  @ApiProperty({ ...MONEY, description: 'What the chefs keep' }) vsNet: string;
  @ApiProperty({ enum: Object.values(PaymentGateway) }) gateway: PaymentGateway;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The gateway's hosted payment page while an online payment is open",
  })
  checkoutUrl: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The gateway's reason the last payment attempt failed (a declined card)",
  })
  failureReason: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Until when an unpaid online order holds its portions; null when paid, released or cash',
  })
  holdExpiresAt: string | null;
}

/**
 * The order's amounts, summed from its dates: itemsTotal + deliveryFeesTotal = ordered;
 * ordered − cancelledTotal = total = due + paid.
 */
export class OrderAmountsDto {
  @ApiProperty(MONEY) itemsTotal: string;
  @ApiProperty(MONEY) deliveryFeesTotal: string;
  @ApiProperty({ ...MONEY, description: 'What the order came to when placed' }) ordered: string;
  @ApiProperty({ ...MONEY, description: 'What the cancelled dates came to' }) cancelledTotal: string;
  @ApiProperty({ ...MONEY, description: 'What the order costs now' }) total: string;
  @ApiProperty(MONEY) due: string;
  @ApiProperty(MONEY) paid: string;
  @ApiProperty(MONEY) refunded: string;
  @ApiProperty(MONEY) refundPending: string;
}

/** An order (spec §3 Order). */
export class OrderDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'HR-7K2F-9Q4M' }) orderNumber: string;
  @ApiProperty() orderedDate: string;
  @ApiProperty({ enum: STATUSES, description: 'The least advanced status of its live dates' })
  orderStatus: OrderStatus;
  @ApiProperty({ ...MONEY, description: 'The total when the order was placed (amounts.ordered)' })
  orderTotal: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty({ type: OrderAmountsDto }) amounts: OrderAmountsDto;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: ContactDetailsDto, nullable: true }) consumerContactDetails: Record<
    string,
    unknown
  > | null;
  @ApiProperty(PLACE) consumerLocationDetails: Record<string, unknown> | null;
  @ApiProperty({ type: PaymentDetailsDto, nullable: true }) paymentDetails: PaymentDetailsDto | null;
  @ApiProperty({ type: [OrderedItemDto] }) cartItems: OrderedItemDto[];
}

/** One date selection a chef fulfils, with the moves the shared table allows next. */
export class FulfilmentDto {
  @ApiProperty() orderNumber: string;
  @ApiProperty() orderId: string;
  @ApiProperty() orderedDate: string;
  @ApiProperty() cartItemId: string;
  @ApiProperty({ type: String, nullable: true }) itemId: string | null;
  @ApiProperty() itemName: string;
  @ApiProperty({
    type: String,
    example: '1 Plate',
    description: 'The pricing option as bought (quantity and measure)',
  })
  pricingOption: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty() dateSelectionId: string;
  @ApiProperty() date: string;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true }) timeSlots: TimeSlot[];
  @ApiProperty({ enum: Object.values(DeliveryOption) }) deliveryOption: DeliveryOption;
  @ApiProperty({ enum: STATUSES }) orderStatus: OrderStatus;
  @ApiProperty({ enum: Object.values(PaymentStatus) }) paymentStatus: PaymentStatus;
  @ApiProperty({ enum: Object.values(PaymentMethod), nullable: true }) paymentMethod: PaymentMethod | null;
  @ApiProperty({ type: String, nullable: true }) cashReceivedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) noShowAt: string | null;
  @ApiProperty({ description: 'A cash date still to be paid: the chef may record the cash received' })
  canRecordCash: boolean;
  @ApiProperty({
    description:
      'A cash date whose day has come, still to be handed over and unpaid: the chef may mark it not collected',
  })
  canMarkNoShow: boolean;
  @ApiProperty({ enum: STATUSES, isArray: true }) nextStatuses: OrderStatus[];
  @ApiProperty({ enum: Object.values(PayoutRefundStatus) }) payoutRefundStatus: PayoutRefundStatus;
  @ApiProperty({ ...MONEY, nullable: true, description: "A delivered paid date: the chef's payout" })
  payoutRefundAmount: string | null;
  @ApiProperty({ ...SETTLED_AT }) payoutRefundAt: string | null;
  @ApiProperty({ ...SETTLE_ERROR }) payoutRefundError: string | null;
  @ApiProperty({ ...MONEY, description: "Price × quantity × this date's time slots" }) itemTotal: string;
  @ApiProperty({ ...MONEY, description: 'The delivery fee charged on this date' }) deliveryFee: string;
  @ApiProperty({ ...MONEY, description: 'itemTotal + deliveryFee: what this date comes to' })
  netAmountPerDate: string;
  @ApiProperty({ type: SettlementDto }) settlement: SettlementDto;
  @ApiProperty() currencyCode: string;
  @ApiProperty({ type: ContactDetailsDto, nullable: true }) customer: Record<string, unknown> | null;
  @ApiProperty(PLACE) deliveryAddress: Record<string, unknown> | null;
  @ApiProperty(PLACE) pickupLocation: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
}

/** A date selection moved by its kitchen (or an admin): its new status and what may follow. */
export class StatusMoveDto {
  @ApiProperty() orderNumber: string;
  @ApiProperty() cartItemId: string;
  @ApiProperty() dateSelectionId: string;
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({ enum: STATUSES }) previousStatus: OrderStatus;
  @ApiProperty({ enum: STATUSES }) orderStatus: OrderStatus;
  @ApiProperty({ enum: STATUSES, isArray: true }) nextStatuses: OrderStatus[];
}
