/**
 * The rows every demo order is made of, shared by the past orders (seed-orders.ts) and the demo chef's upcoming
 * ones (demo-upcoming.ts): its lines resolved to the kitchen's items as they are now, priced by the shared
 * `priceCart` and `computePaymentAmounts`, each line as an ordered cart item, and the cash payment.
 */
import {
  computePaymentAmounts,
  fromMinor,
  PaymentMethod,
  priceCart,
  type DeliveryOption,
  type PaymentAmounts,
  type PricingCartItemInput,
  type TimeSlot,
} from '@hearth/shared';
import { ItemEntity } from '../../modules/item/item.entity.js';
import { OrderedCartItemEntity } from '../../modules/order/ordered-cart-item.entity.js';
import { PaymentDetailsEntity } from '../../modules/order/payment-details.entity.js';
import type { SeededKitchen } from './seed-kitchens.js';
import { count, type SeedContext } from './seed-context.js';

/** A line of a demo order: a dish of the kitchen by name, its pricing option by position (0 = base). */
export interface DemoLine {
  dish: string;
  option?: number;
  quantity: number;
}

export type ResolvedLine<L extends DemoLine> = L & {
  item: ItemEntity;
  option: ItemEntity['pricingOptions'][number];
};

/** The lines with the kitchen's items and pricing options, or null when one of them is gone. */
export async function resolveLines<L extends DemoLine>(
  ctx: SeedContext,
  kitchen: SeededKitchen,
  lines: readonly L[],
): Promise<Array<ResolvedLine<L>> | null> {
  const items = await ctx.manager
    .getRepository(ItemEntity)
    .find({ where: { publisherId: kitchen.publisherId }, relations: { pricingOptions: true } });
  const resolved = lines.map((line) => {
    const item = items.find((i) => i.name.toLowerCase() === line.dish.toLowerCase());
    const option = item?.pricingOptions.sort((a, b) => a.position - b.position)[line.option ?? 0];
    return item && option ? { ...line, item, option } : null;
  });
  return resolved.some((l) => l === null) ? null : (resolved as Array<ResolvedLine<L>>);
}

export type PricedLine = ReturnType<typeof priceCart>['lines'][number];

/** The order priced as checkout prices it: its lines, total and cash payment amounts. */
export function priceOrder(
  label: string,
  kitchen: SeededKitchen,
  resolved: ReadonlyArray<ResolvedLine<DemoLine>>,
  dates: readonly string[],
  slot: TimeSlot,
  deliveryOption: DeliveryOption,
): { lines: PricedLine[]; total: number; payment: PaymentAmounts } {
  const currency = kitchen.currencyCode;
  const cart: PricingCartItemInput[] = resolved.map((l, index) => ({
    cartItemId: String(index),
    orderQuantity: l.quantity,
    userSelectedPricingOption: { chefPrice: l.option.chefPrice },
    dates: dates.map((date) => ({ date, timeSlots: [slot], deliveryOption })),
    item: {
      id: l.item.id,
      name: l.item.name,
      publisherId: kitchen.publisherId,
      deliveryFees: l.item.deliveryFees,
      deliveryMinimumAmount: l.item.deliveryMinimumAmount,
      currencyCode: currency,
    },
  }));
  const pricing = priceCart(cart);
  if (!pricing.isValid)
    throw new Error(`seed: ${label} is invalid: ${pricing.errors.map((e) => e.message).join(' ')}`);
  const total = pricing.totals[0]?.cartTotal ?? 0;
  const payment = computePaymentAmounts({
    grossAmount: total,
    currencyCode: currency,
    paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
  });
  return { lines: pricing.lines, total, payment };
}

/** One line of the order as its ordered cart item, with the pricing option as bought; returns its id. */
export async function insertLine(
  ctx: SeedContext,
  orderId: string,
  kitchen: SeededKitchen,
  line: ResolvedLine<DemoLine>,
  priced: PricedLine,
): Promise<string> {
  const currency = kitchen.currencyCode;
  const id = (
    await ctx.manager.getRepository(OrderedCartItemEntity).insert({
      orderId,
      itemId: line.item.id,
      publisherId: kitchen.publisherId,
      itemName: line.item.name,
      pricingOption: {
        id: line.option.id,
        measurement: line.option.measurement,
        quantity: line.option.quantity,
        chefPrice: line.option.chefPrice,
        serves: line.option.serves,
      },
      unitPrice: line.option.chefPrice,
      orderQuantity: line.quantity,
      itemTotal: fromMinor(priced.itemTotal, currency),
      itemPricePerDate: fromMinor(priced.perDate[0]?.itemTotal ?? 0, currency),
      netAmountPerDate: fromMinor(priced.perDate[0]?.netAmount ?? 0, currency),
      distributedFees: fromMinor(priced.distributedFees, currency),
      netAmount: fromMinor(priced.netAmount, currency),
    })
  ).identifiers[0]?.id as string;
  count(ctx, 'ordered_cart_item');
  return id;
}

/** The order's cash payment: collected (at `completedAt`) or still to collect (null). */
export async function insertCashPayment(
  ctx: SeedContext,
  order: {
    orderId: string;
    genericId: string;
    deliveryOption: DeliveryOption;
    payment: PaymentAmounts;
    currency: string;
    completedAt: Date | null;
  },
): Promise<void> {
  const { payment, currency } = order;
  await ctx.manager.getRepository(PaymentDetailsEntity).insert({
    orderId: order.orderId,
    paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    paymentDetailsGenericId: order.genericId,
    isPaymentCompleted: order.completedAt !== null,
    paymentCompletedTime: order.completedAt,
    additionalDetails: { collectedOn: order.deliveryOption, source: 'seed' },
    transactionFees: fromMinor(payment.transactionFees, currency),
    grossAmount: fromMinor(payment.grossAmount, currency),
    netAmount: fromMinor(payment.netAmount, currency),
    currencyCode: currency,
    vsFees: fromMinor(payment.vsFees, currency),
    vsNet: fromMinor(payment.vsNet, currency),
  });
  count(ctx, 'payment_details');
}
