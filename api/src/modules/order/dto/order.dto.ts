import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DeliveryOption, OrderStatus, PaymentMethod, PaymentStatus, PayoutRefundStatus, Settlement, TimeSlot } from '@hearth/shared';

const MONEY = { type: String, example: '26.97', description: 'Decimal amount in the order\'s currencyCode' };
const STATUSES = Object.values(OrderStatus);

export class TimelineStepDto {
  @ApiProperty({ enum: STATUSES }) status: OrderStatus;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ['done', 'current', 'upcoming'] }) state: 'done' | 'current' | 'upcoming';
}

export class StatusChangeDto {
  @ApiProperty({ enum: STATUSES }) status: OrderStatus;
  @ApiProperty() label: string;
  @ApiProperty() at: string;
  @ApiPropertyOptional({ nullable: true }) reason: string | null;
  @ApiPropertyOptional({ enum: ['CUSTOMER', 'CHEF', 'ADMIN'], nullable: true }) by: 'CUSTOMER' | 'CHEF' | 'ADMIN' | null;
}

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
  @ApiProperty({ description: 'The status in the customer\'s words' }) statusLabel: string;
  @ApiProperty({ enum: Object.values(PaymentStatus) }) paymentStatus: PaymentStatus;
  @ApiProperty({ enum: Object.values(DeliveryOption) }) deliveryOption: DeliveryOption;
  @ApiProperty({ enum: Object.values(PayoutRefundStatus) }) payoutRefundStatus: PayoutRefundStatus;
  @ApiPropertyOptional({ ...MONEY, nullable: true }) payoutRefundAmount: string | null;
  @ApiProperty({ ...MONEY, description: 'Price × quantity × this date\'s time slots' }) itemTotal: string;
  @ApiProperty({ ...MONEY, description: 'The delivery fee charged on this date (once per chef, date and first slot)' }) deliveryFee: string;
  @ApiProperty({ ...MONEY, description: 'itemTotal + deliveryFee' }) netAmount: string;
  @ApiProperty({ type: SettlementDto }) settlement: SettlementDto;
  @ApiPropertyOptional({ nullable: true, description: 'The pickup place as it was when ordered' }) pickupLocation: Record<string, unknown> | null;
  @ApiProperty({ description: 'True while the customer may still cancel this date' }) canCancel: boolean;
  @ApiPropertyOptional({ nullable: true, description: 'Cancelling is possible until this instant' }) cancelBefore: string | null;
  @ApiPropertyOptional({ type: [TimelineStepDto], description: 'Order status page only' }) timeline?: TimelineStepDto[];
  @ApiPropertyOptional({ type: [StatusChangeDto], description: 'Order status page only' }) statusChanges?: StatusChangeDto[];
}

export class OrderedItemDto {
  @ApiProperty() cartItemId: string;
  @ApiPropertyOptional({ nullable: true }) itemId: string | null;
  @ApiProperty() itemName: string;
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ description: 'The pricing option as bought' }) userSelectedPricingOption: Record<string, unknown>;
  @ApiProperty(MONEY) unitPrice: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty(MONEY) itemTotalChefPrice: string;
  @ApiProperty({ ...MONEY, description: 'Item total of the first date (each date carries its own: dates[].itemTotal)' }) itemPricePerDate: string;
  @ApiProperty({ ...MONEY, description: 'Net amount of the first date (each date carries its own: dates[].netAmount)' }) netAmountPerDate: string;
  @ApiProperty(MONEY) distributedFees: string;
  @ApiProperty(MONEY) netAmount: string;
  @ApiProperty({ example: '0.2000', description: 'Platform fee share' }) vsFees: string;
  @ApiProperty() isCateringItem: boolean;
  @ApiProperty({ type: [DateSelectionDto] }) dates: DateSelectionDto[];
}

export class PaymentDetailsDto {
  @ApiProperty({ enum: Object.values(PaymentMethod) }) paymentMethod: PaymentMethod;
  @ApiPropertyOptional({ nullable: true }) paymentDetailsGenericId: string | null;
  @ApiProperty() isPaymentCompleted: boolean;
  @ApiPropertyOptional({ nullable: true }) paymentCompletedTime: string | null;
  @ApiProperty(MONEY) transactionFees: string;
  @ApiProperty(MONEY) grossAmount: string;
  @ApiProperty(MONEY) netAmount: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty({ ...MONEY, description: 'Platform fee amount' }) vsFees: string;
  @ApiProperty({ ...MONEY, description: 'What the chefs keep' }) vsNet: string;
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
  @ApiProperty({ enum: STATUSES, description: 'The least advanced status of its live dates' }) orderStatus: OrderStatus;
  @ApiProperty({ ...MONEY, description: 'The total when the order was placed (amounts.ordered)' }) orderTotal: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty({ type: OrderAmountsDto }) amounts: OrderAmountsDto;
  @ApiPropertyOptional({ nullable: true }) note: string | null;
  @ApiPropertyOptional({ nullable: true }) consumerContactDetails: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) consumerLocationDetails: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: PaymentDetailsDto, nullable: true }) paymentDetails: PaymentDetailsDto | null;
  @ApiProperty({ type: [OrderedItemDto] }) cartItems: OrderedItemDto[];
}

/** One date selection a chef fulfils, with the moves the shared table allows next. */
export class FulfilmentDto {
  @ApiProperty() orderNumber: string;
  @ApiProperty() orderId: string;
  @ApiProperty() orderedDate: string;
  @ApiProperty() cartItemId: string;
  @ApiPropertyOptional({ nullable: true }) itemId: string | null;
  @ApiProperty() itemName: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty() dateSelectionId: string;
  @ApiProperty() date: string;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true }) timeSlots: TimeSlot[];
  @ApiProperty({ enum: Object.values(DeliveryOption) }) deliveryOption: DeliveryOption;
  @ApiProperty({ enum: STATUSES }) orderStatus: OrderStatus;
  @ApiProperty({ enum: Object.values(PaymentStatus) }) paymentStatus: PaymentStatus;
  @ApiProperty({ enum: STATUSES, isArray: true }) nextStatuses: OrderStatus[];
  @ApiProperty({ ...MONEY, description: 'Price × quantity × this date\'s time slots' }) itemTotal: string;
  @ApiProperty({ ...MONEY, description: 'The delivery fee charged on this date' }) deliveryFee: string;
  @ApiProperty({ ...MONEY, description: 'itemTotal + deliveryFee: what this date comes to' }) netAmountPerDate: string;
  @ApiProperty({ type: SettlementDto }) settlement: SettlementDto;
  @ApiProperty() currencyCode: string;
  @ApiPropertyOptional({ nullable: true }) customer: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) deliveryAddress: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) pickupLocation: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) note: string | null;
}
