import fc from 'fast-check';
import { TIME_SLOTS_BY_START, type TimeSlot } from '../constants/index.js';
import { DeliveryOption, OrderStatus, PaymentStatus, PayoutRefundStatus } from '../enums/index.js';
import type { CartItemDetailsInput, PricingCartItemInput } from '../pricing/types.js';

/** The currencies of spec §9's countries. */
export const CART_CURRENCIES = ['USD', 'INR', 'CAD', 'SGD', 'MYR', 'AUD'] as const;

/** A decimal string of `cents` minor units: `1999` → `"19.99"`. */
export function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const DATES = ['2026-12-01', '2026-12-02', '2026-12-05', '2026-12-09', '2026-12-12'];
const SLOTS: readonly TimeSlot[] = TIME_SLOTS_BY_START.slice(0, 6);

const chefArbitrary = fc.record({
  currencyCode: fc.constantFrom(...CART_CURRENCIES),
  kitchenName: fc.constantFrom(
    "Priya's Kitchen",
    'Dumpling Den',
    'Hoboken Harvest',
    'Casa Lupita',
    'Seoul Food',
  ),
});

const itemArbitrary = fc.record({
  name: fc.constantFrom(
    'Dal Tadka',
    'Sushi Roll Set',
    'Butter Chicken',
    'Greek Salad',
    'Pierogi',
    'Bibimbap',
  ),
  priceCents: fc.integer({ min: 1, max: 50_000 }),
  // Most items charge a fee, some charge none: both kinds meet in one trip.
  feeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 })),
  minimumCents: fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }) },
  ),
});

const dateArbitrary = fc.record({
  date: fc.constantFrom(...DATES),
  timeSlots: fc.uniqueArray(fc.constantFrom(...SLOTS), { minLength: 1, maxLength: 3 }),
  deliveryOption: fc.constantFrom(DeliveryOption.DELIVERY, DeliveryOption.PICKUP),
});

/**
 * Random carts as the shared pricing reads them (spec §3 Cart item): 1–3 chefs in any of the spec's
 * currencies, each with 1–3 items (prices, delivery fees, some delivery minimums), and 1–6 lines of 1–10
 * portions on 1–4 of five dates, each date with 1–3 time slots for pickup or delivery. Lines share chefs,
 * dates and slots often, so delivery trips with several items are common.
 */
export const cartArbitrary: fc.Arbitrary<PricingCartItemInput[]> = fc
  .array(fc.record({ chef: chefArbitrary, items: fc.array(itemArbitrary, { minLength: 1, maxLength: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((chefs) => {
    const catalogue: CartItemDetailsInput[] = chefs.flatMap((c, ci) =>
      c.items.map((item, ii) => ({
        id: `item-${ci}-${ii}`,
        name: item.name,
        publisherId: `chef-${ci}`,
        deliveryFees: centsToDecimal(item.feeCents),
        deliveryMinimumAmount: centsToDecimal(item.minimumCents),
        currencyCode: c.chef.currencyCode,
      })),
    );
    const prices = chefs.flatMap((c) => c.items.map((item) => centsToDecimal(item.priceCents)));
    return fc
      .array(
        fc.record({
          itemIndex: fc.integer({ min: 0, max: catalogue.length - 1 }),
          orderQuantity: fc.integer({ min: 1, max: 10 }),
          dates: fc.uniqueArray(dateArbitrary, { minLength: 1, maxLength: 4, selector: (d) => d.date }),
          isCateringItem: fc.boolean(),
        }),
        { minLength: 1, maxLength: 6 },
      )
      .map((lines) =>
        lines.map((l, i): PricingCartItemInput => ({
          cartItemId: `line-${i}`,
          orderQuantity: l.orderQuantity,
          userSelectedPricingOption: {
            chefPrice: prices[l.itemIndex] as string,
            measurement: 'Plate',
            quantity: 1,
            serves: 2,
          },
          dates: l.dates.map((d) => ({ ...d, timeSlots: [...d.timeSlots] })),
          item: catalogue[l.itemIndex] as CartItemDetailsInput,
          isCateringItem: l.isCateringItem,
        })),
      );
  });

/** What happened to one ordered date after checkout: its status, payment and any refund. */
export interface DateFate {
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  payoutRefundStatus: PayoutRefundStatus;
}

/** Random fates of ordered dates: placed, moving along, delivered (paid), cancelled before or after paying. */
export const dateFateArbitrary: fc.Arbitrary<DateFate> = fc.oneof(
  fc.record({
    orderStatus: fc.constantFrom(
      OrderStatus.PLACED,
      OrderStatus.CONFIRMED,
      OrderStatus.IN_PREPARATION,
      OrderStatus.PICKUP_READY,
    ),
    paymentStatus: fc.constantFrom(PaymentStatus.INITIATED, PaymentStatus.COMPLETED),
    payoutRefundStatus: fc.constant(PayoutRefundStatus.DEFAULT),
  }),
  fc.record({
    orderStatus: fc.constant(OrderStatus.DELIVERED),
    paymentStatus: fc.constant(PaymentStatus.COMPLETED),
    payoutRefundStatus: fc.constantFrom(PayoutRefundStatus.DEFAULT, PayoutRefundStatus.COMPLETED),
  }),
  fc.record({
    orderStatus: fc.constant(OrderStatus.CANCELLED),
    paymentStatus: fc.constantFrom(PaymentStatus.INITIATED, PaymentStatus.COMPLETED),
    payoutRefundStatus: fc.constantFrom(
      PayoutRefundStatus.DEFAULT,
      PayoutRefundStatus.DRAFTED,
      PayoutRefundStatus.REFUNDED,
    ),
  }),
);
