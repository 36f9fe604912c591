import type { TimeSlot } from '../constants/index.js';
import type { DeliveryOption } from '../enums/index.js';
import type { DecimalInput, MinorUnits } from '../money/index.js';

/** An id as the API sends it (UUID string or number). Compared by its string form. */
export type EntityId = string | number;

/** The pricing option a customer picked (spec §3 "Pricing option"). Only `chefPrice` matters to pricing. */
export interface PricingOptionInput {
  measurement?: string;
  quantity?: number;
  /** Price of one unit of this option in the chef's currency, as a decimal (`"8.99"` or `8.99`). */
  chefPrice: DecimalInput;
  serves?: number;
}

/** One date of a cart item (spec §3 "Order date selection" as held in the cart). */
export interface CartDateInput {
  /** Calendar date `YYYY-MM-DD` in the chef's time zone. */
  date: string;
  timeSlots: readonly TimeSlot[];
  deliveryOption: DeliveryOption;
}

/** The item of a cart item, reduced to what pricing reads (spec §3 "Item"). */
export interface CartItemDetailsInput {
  id: EntityId;
  name: string;
  /** The chef (publisher) selling the item. */
  publisherId: EntityId;
  /** Item-level delivery fee, charged once per chef, date and first time slot. Empty means none. */
  deliveryFees?: DecimalInput | null;
  /** Minimum amount of this item on delivery dates; 0 or empty means no minimum. */
  deliveryMinimumAmount?: DecimalInput | null;
  /** The chef's currency; {@link DEFAULT_CURRENCY_CODE} (USD) when missing. */
  currencyCode?: string | null;
}

/** A cart item as pricing reads it (spec §3 "Cart item"). */
export interface PricingCartItemInput {
  cartItemId?: EntityId | null;
  tempId?: EntityId | null;
  /** How many units of the pricing option per time slot and date; a non-negative integer. */
  orderQuantity: number;
  userSelectedPricingOption: PricingOptionInput;
  dates: readonly CartDateInput[];
  item: CartItemDetailsInput;
  isCateringItem?: boolean;
}

/** Price of one date of a cart line. */
export interface PricedDate {
  date: string;
  deliveryOption: DeliveryOption;
  timeSlots: readonly TimeSlot[];
  /** Earliest slot of the date by start hour (the delivery-fee key), `null` when the date has no slot. */
  firstTimeSlot: TimeSlot | null;
  /** The line's item total attributed to this date (price × quantity × slots of this date). */
  itemTotal: MinorUnits;
  /** Delivery fee charged on this line for this date (0 when another line carries it, or for pickup). */
  deliveryFee: MinorUnits;
  /** `itemTotal + deliveryFee`. */
  netAmount: MinorUnits;
}

/** One priced cart item. All amounts are minor units of `currencyCode`. */
export interface PricedCartLine {
  /** Position of the item in the input cart. */
  index: number;
  /** `cartItemId`, else `tempId`, else `#index`: how the UI finds the line again. */
  key: string;
  itemId: string;
  itemName: string;
  publisherId: string;
  currencyCode: string;
  isCateringItem: boolean;
  orderQuantity: number;
  /** Number of (date, time slot) pairs: the sum over dates of each date's slot count. */
  slotCount: number;
  /** price × quantity × slots × dates, rounded once to the minor unit (half away from zero). */
  itemTotal: MinorUnits;
  /** Delivery fees attributed to this line (spec §3 `distributedFees`). */
  distributedFees: MinorUnits;
  /** `itemTotal + distributedFees` (spec §3 `netAmount`). */
  netAmount: MinorUnits;
  perDate: PricedDate[];
}

/** One delivery fee charged for a (chef, date, first time slot). */
export interface DeliveryFeeCharge {
  publisherId: string;
  currencyCode: string;
  date: string;
  firstTimeSlot: TimeSlot;
  amount: MinorUnits;
  /** Index of the line the fee is attributed to (counted in its `distributedFees`). */
  chargedToLine: number;
  /** Indexes of every line delivered in this trip, the charged one included. */
  lines: number[];
}

/** Totals of one chef's part of the cart (one chef has one currency). */
export interface PublisherTotals {
  publisherId: string;
  currencyCode: string;
  itemsTotal: MinorUnits;
  deliveryFeesTotal: MinorUnits;
  /** `itemsTotal + deliveryFeesTotal`. */
  total: MinorUnits;
}

/**
 * Totals of the cart in one currency. A cart can hold chefs who sell in different currencies, and
 * amounts in different currencies are never added, so the cart total exists once per currency.
 */
export interface CurrencyTotals {
  currencyCode: string;
  itemsTotal: MinorUnits;
  deliveryFeesTotal: MinorUnits;
  /** Cart total in this currency (spec §9): item totals + delivery fees. */
  cartTotal: MinorUnits;
}

/** A delivery item that does not reach its item's `deliveryMinimumAmount` (spec §5). */
export interface DeliveryMinimumError {
  code: 'DELIVERY_MINIMUM_NOT_MET';
  lineIndex: number;
  lineKey: string;
  itemId: string;
  itemName: string;
  currencyCode: string;
  /** The item's required minimum. */
  minimum: MinorUnits;
  /** What the line currently amounts to on its delivery dates (fees excluded). */
  deliveryAmount: MinorUnits;
  /** e.g. `Add more of "Chicken Biryani": delivery needs a minimum of $20.00.` */
  message: string;
}

/** Errors that make a cart invalid. */
export type CartError = DeliveryMinimumError;

/** The priced cart. */
export interface CartPricing {
  lines: PricedCartLine[];
  deliveryFees: DeliveryFeeCharge[];
  /** One entry per chef, in order of first appearance in the cart. */
  totalsByPublisher: PublisherTotals[];
  /** One entry per currency, in order of first appearance in the cart. */
  totals: CurrencyTotals[];
  errors: CartError[];
  /** `true` when `errors` is empty: the cart may be checked out. */
  isValid: boolean;
}

/** Options of {@link priceCart}. */
export interface PriceCartOptions {
  /** Locale for the amounts in error messages; default: each currency's home locale. */
  locale?: string;
}
