import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeliveryOption, OrderStatus, PaymentStatus, PayoutRefundStatus } from '../enums/index.js';
import { toMinor, type MinorUnits } from '../money/index.js';
import { cartArbitrary, centsToDecimal, dateFateArbitrary } from '../testing/index.js';
import { dateSettlement, orderAmounts, Settlement, type OrderedDateAmountsInput } from './order-amounts.js';
import { firstTimeSlot, priceCart } from './pricing.js';
import type { PricingCartItemInput } from './types.js';

const RUNS = { numRuns: 300, seed: 20261124 } as const;
const sum = (xs: readonly MinorUnits[]) => xs.reduce((a, b) => a + b, 0);

/** price × quantity × slots, computed here on integers alone (every spec currency has two decimals). */
function expectedItemTotal(item: PricingCartItemInput): number {
  const slots = item.dates.reduce((n, d) => n + d.timeSlots.length, 0);
  return (
    toMinor(item.userSelectedPricingOption.chefPrice, item.item.currencyCode) * item.orderQuantity * slots
  );
}

describe('priceCart over random carts', () => {
  it('prices every line exactly and splits it over its dates without losing a cent', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const p = priceCart(cart);
        p.lines.forEach((line, i) => {
          expect(line.itemTotal).toBe(expectedItemTotal(cart[i] as PricingCartItemInput));
          expect(sum(line.perDate.map((d) => d.itemTotal))).toBe(line.itemTotal);
          expect(sum(line.perDate.map((d) => d.deliveryFee))).toBe(line.distributedFees);
          expect(line.netAmount).toBe(line.itemTotal + line.distributedFees);
          for (const d of line.perDate) expect(d.netAmount).toBe(d.itemTotal + d.deliveryFee);
        });
      }),
      RUNS,
    );
  });

  it('charges each delivery trip (chef, date, first slot) once, at the highest fee of its items, and pickups never', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const p = priceCart(cart);
        const expected = new Map<string, number>();
        cart.forEach((line) => {
          for (const d of line.dates) {
            if (d.deliveryOption !== DeliveryOption.DELIVERY) continue;
            const key = JSON.stringify([String(line.item.publisherId), d.date, firstTimeSlot(d.timeSlots)]);
            const fee = toMinor(line.item.deliveryFees ?? 0, line.item.currencyCode);
            expected.set(key, Math.max(expected.get(key) ?? 0, fee));
          }
        });
        const charged = new Map(
          p.deliveryFees.map((f) => [JSON.stringify([f.publisherId, f.date, f.firstTimeSlot]), f.amount]),
        );
        expect(charged.size).toBe(p.deliveryFees.length);
        for (const [key, fee] of expected) expect(charged.get(key) ?? 0).toBe(fee);
        for (const key of charged.keys()) expect(expected.has(key)).toBe(true);
        for (const line of p.lines) {
          for (const d of line.perDate)
            if (d.deliveryOption === DeliveryOption.PICKUP) expect(d.deliveryFee).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('adds up per chef and per currency: item rows plus fee rows are the total, never across currencies', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const p = priceCart(cart);
        for (const t of p.totals) {
          const lines = p.lines.filter((l) => l.currencyCode === t.currencyCode);
          const fees = p.deliveryFees.filter((f) => f.currencyCode === t.currencyCode);
          // The rows a summary shows: one per line (its item total) and one per delivery fee.
          expect(sum(lines.map((l) => l.itemTotal))).toBe(t.itemsTotal);
          expect(sum(fees.map((f) => f.amount))).toBe(t.deliveryFeesTotal);
          expect(t.cartTotal).toBe(t.itemsTotal + t.deliveryFeesTotal);
          // The rows the cart page shows: one per line and date, and the fee rows.
          expect(sum(lines.flatMap((l) => l.perDate.map((d) => d.itemTotal + d.deliveryFee)))).toBe(
            t.cartTotal,
          );
        }
        for (const chef of p.totalsByPublisher) {
          const lines = p.lines.filter((l) => l.publisherId === chef.publisherId);
          expect(sum(lines.map((l) => l.netAmount))).toBe(chef.total);
          expect(chef.total).toBe(chef.itemsTotal + chef.deliveryFeesTotal);
        }
        expect(new Set(p.totals.map((t) => t.currencyCode)).size).toBe(p.totals.length);
      }),
      RUNS,
    );
  });

  it('refuses exactly the delivery lines below their minimum, counting only their delivery dates', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const p = priceCart(cart);
        const refused = new Set(p.errors.map((e) => e.lineIndex));
        p.lines.forEach((line, i) => {
          const minimum = toMinor(cart[i]?.item.deliveryMinimumAmount ?? 0, line.currencyCode);
          const deliveries = line.perDate.filter((d) => d.deliveryOption === DeliveryOption.DELIVERY);
          const short =
            deliveries.length > 0 && minimum > 0 && sum(deliveries.map((d) => d.itemTotal)) < minimum;
          expect(refused.has(i)).toBe(short);
        });
        expect(p.isValid).toBe(p.errors.length === 0);
      }),
      RUNS,
    );
  });
});

describe('orderAmounts over random orders', () => {
  /** The dates of a priced cart, as an order keeps them, each with a random fate. */
  const orderArbitrary = cartArbitrary.chain((cart) => {
    const p = priceCart(cart);
    const currency = p.totals[0]?.currencyCode ?? 'USD';
    const dates = p.lines.filter((l) => l.currencyCode === currency).flatMap((l) => l.perDate);
    return fc.array(dateFateArbitrary, { minLength: dates.length, maxLength: dates.length }).map((fates) => ({
      currency,
      cartTotal: p.totals[0]?.cartTotal ?? 0,
      dates: dates.map((d, i): OrderedDateAmountsInput => ({
        ...(fates[i] as (typeof fates)[number]),
        itemTotal: centsToDecimal(d.itemTotal),
        deliveryFee: centsToDecimal(d.deliveryFee),
      })),
    }));
  });

  it('adds up: items + fees = what was ordered = the cart total; ordered − cancelled = total = due + paid', () => {
    fc.assert(
      fc.property(orderArbitrary, ({ currency, cartTotal, dates }) => {
        const a = orderAmounts(dates, currency);
        expect(a.ordered).toBe(cartTotal);
        expect(a.ordered).toBe(a.itemsTotal + a.deliveryFeesTotal);
        expect(a.total).toBe(a.ordered - a.cancelledTotal);
        expect(a.total).toBe(a.due + a.paid);
        const cancelled = dates.filter((d) => d.orderStatus === OrderStatus.CANCELLED);
        const paidThenCancelled = cancelled.filter((d) => d.paymentStatus === PaymentStatus.COMPLETED);
        const net = (d: OrderedDateAmountsInput) =>
          toMinor(d.itemTotal, currency) + toMinor(d.deliveryFee, currency);
        expect(a.refunded + a.refundPending).toBe(sum(paidThenCancelled.map(net)));
        expect(a.cancelledTotal).toBe(sum(cancelled.map(net)));
      }),
      RUNS,
    );
  });
});

describe(dateSettlement.name, () => {
  const date = (over: Partial<OrderedDateAmountsInput>): OrderedDateAmountsInput => ({
    orderStatus: OrderStatus.PLACED,
    paymentStatus: PaymentStatus.INITIATED,
    payoutRefundStatus: PayoutRefundStatus.DEFAULT,
    itemTotal: '9.00',
    deliveryFee: '4.99',
    ...over,
  });

  it('says what a live date owes or paid, fee included', () => {
    expect(dateSettlement(date({}), 'USD')).toEqual({ state: Settlement.DUE, amount: 1399 });
    expect(
      dateSettlement(
        date({ orderStatus: OrderStatus.DELIVERED, paymentStatus: PaymentStatus.COMPLETED }),
        'USD',
      ),
    ).toEqual({
      state: Settlement.PAID,
      amount: 1399,
    });
  });

  it('owes nothing for a date cancelled before it was paid, and refunds one cancelled after', () => {
    expect(dateSettlement(date({ orderStatus: OrderStatus.CANCELLED }), 'USD')).toEqual({
      state: Settlement.NONE,
      amount: 0,
    });
    const paid = { orderStatus: OrderStatus.CANCELLED, paymentStatus: PaymentStatus.COMPLETED } as const;
    expect(dateSettlement(date({ ...paid, payoutRefundStatus: PayoutRefundStatus.DRAFTED }), 'USD')).toEqual({
      state: Settlement.REFUND_PENDING,
      amount: 1399,
    });
    expect(
      dateSettlement(
        date({ ...paid, payoutRefundStatus: PayoutRefundStatus.REFUNDED, payoutRefundAmount: '9.00' }),
        'USD',
      ),
    ).toEqual({
      state: Settlement.REFUNDED,
      amount: 900,
    });
    expect(dateSettlement(date({ ...paid, payoutRefundStatus: PayoutRefundStatus.REFUNDED }), 'USD')).toEqual(
      {
        state: Settlement.REFUNDED,
        amount: 1399,
      },
    );
  });
});
