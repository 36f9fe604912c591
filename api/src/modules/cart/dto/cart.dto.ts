import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DeliveryOption, TimeSlot } from '@hearth/shared';

const MONEY = { type: String, example: '26.97', description: "Decimal amount in the line's currencyCode" };

export class CartPricingOptionDto {
  @ApiProperty() id: string;
  @ApiProperty() measurement: string;
  @ApiProperty({ example: '1.00' }) quantity: string;
  @ApiProperty(MONEY) chefPrice: string;
  @ApiProperty() serves: number;
}

export class CartLineItemDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty(MONEY) deliveryFees: string;
  @ApiProperty(MONEY) deliveryMinimumAmount: string;
  @ApiProperty({ type: [String], description: 'Storage keys of the pictures' }) pictures: string[];
}

export class CartLineDateDto {
  @ApiProperty({ example: '2025-11-24' }) date: string;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true }) timeSlots: TimeSlot[];
  @ApiProperty({ enum: Object.values(DeliveryOption) }) deliveryOption: DeliveryOption;
  @ApiProperty({ type: String, nullable: true }) pickupLocationId: string | null;
  @ApiProperty({
    enum: Object.values(TimeSlot),
    nullable: true,
    description: 'The slot the delivery fee is keyed on',
  })
  firstTimeSlot: TimeSlot | null;
  @ApiProperty(MONEY) itemTotal: string;
  @ApiProperty(MONEY) deliveryFee: string;
  @ApiProperty(MONEY) netAmount: string;
  @ApiProperty({ description: 'Portions of the item still free on this date' }) remainingPortions: number;
}

/** A priced cart line (spec §3 Cart item). */
export class CartLineDto {
  @ApiProperty() cartItemId: string;
  @ApiProperty({ type: String, nullable: true }) tempId: string | null;
  @ApiProperty() itemId: string;
  @ApiProperty({ type: CartLineItemDto }) item: CartLineItemDto;
  @ApiProperty({ type: CartPricingOptionDto }) userSelectedPricingOption: CartPricingOptionDto;
  @ApiProperty() orderQuantity: number;
  @ApiProperty() isCateringItem: boolean;
  @ApiProperty() currencyCode: string;
  @ApiProperty({ description: '(date, time slot) pairs priced' }) slotCount: number;
  @ApiProperty({ ...MONEY, description: 'price × quantity × time slots × dates' }) itemTotalChefPrice: string;
  @ApiProperty({ ...MONEY, description: 'Delivery fees charged on this line' }) distributedFees: string;
  @ApiProperty({ ...MONEY, description: 'itemTotalChefPrice + distributedFees' }) netAmount: string;
  @ApiProperty({ type: [CartLineDateDto] }) dates: CartLineDateDto[];
}

/** A delivery fee charged once for a (chef, date, first time slot). */
export class CartDeliveryFeeDto {
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty() date: string;
  @ApiProperty({ enum: Object.values(TimeSlot) }) firstTimeSlot: TimeSlot;
  @ApiProperty(MONEY) amount: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty() chargedToCartItemId: string;
  @ApiProperty({ type: [String] }) cartItemIds: string[];
}

export class CartPublisherTotalsDto {
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty() currencyCode: string;
  @ApiProperty(MONEY) itemsTotal: string;
  @ApiProperty(MONEY) deliveryFeesTotal: string;
  @ApiProperty(MONEY) total: string;
}

export class CartCurrencyTotalsDto {
  @ApiProperty() currencyCode: string;
  @ApiProperty(MONEY) itemsTotal: string;
  @ApiProperty(MONEY) deliveryFeesTotal: string;
  @ApiProperty(MONEY) cartTotal: string;
}

/** Something that stops the cart from being checked out. */
export class CartErrorDto {
  @ApiProperty({ enum: ['DELIVERY_MINIMUM_NOT_MET', 'NOT_ENOUGH_LEFT'] }) code:
    'DELIVERY_MINIMUM_NOT_MET' | 'NOT_ENOUGH_LEFT';
  @ApiProperty() cartItemId: string;
  @ApiProperty() itemId: string;
  @ApiProperty() itemName: string;
  @ApiProperty({ example: 'Add more of "Chicken Biryani": delivery needs a minimum of $20.00.' })
  message: string;
  @ApiPropertyOptional({ ...MONEY, description: 'The required minimum (DELIVERY_MINIMUM_NOT_MET)' })
  minimum?: string;
  @ApiPropertyOptional() currencyCode?: string;
  @ApiPropertyOptional() date?: string;
  @ApiPropertyOptional() remainingPortions?: number;
}

/** A line taken out of the cart when it was read, and why. */
export class RemovedCartItemDto {
  @ApiProperty() cartItemId: string;
  @ApiProperty({ type: String, nullable: true }) itemId: string | null;
  @ApiProperty({ type: String, nullable: true }) itemName: string | null;
  @ApiProperty({ example: 'PAST_DATE' }) reason: string;
  @ApiProperty({ example: '"Chicken Biryani" was removed from your cart: its date 2025-03-09 has passed.' })
  message: string;
}

/** The cart, priced line by line by the shared rules of spec §5 and §9. */
export class CartDto {
  @ApiProperty({ type: String, nullable: true }) id: string | null;
  @ApiProperty({ type: [CartLineDto] }) cartItems: CartLineDto[];
  @ApiProperty({ type: [CartDeliveryFeeDto] }) deliveryFees: CartDeliveryFeeDto[];
  @ApiProperty({ type: [CartPublisherTotalsDto] }) totalsByPublisher: CartPublisherTotalsDto[];
  @ApiProperty({ type: [CartCurrencyTotalsDto], description: 'One cart total per currency' })
  totals: CartCurrencyTotalsDto[];
  @ApiProperty({ type: [CartErrorDto] }) errors: CartErrorDto[];
  @ApiProperty({ description: 'True when the cart may be checked out' }) isValid: boolean;
  @ApiProperty({
    type: [RemovedCartItemDto],
    description: 'Lines removed while reading the cart, with the reason',
  })
  removed: RemovedCartItemDto[];
}
