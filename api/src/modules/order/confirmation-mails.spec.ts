import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  ItemStatus,
  PaymentMethod,
  priceCart,
  PublisherStatus,
  type PricingCartItemInput,
} from '@hearth/shared';
import { cartArbitrary, fc } from '@hearth/shared/testing';
import type { CartEvaluation, LiveLine } from '../cart/cart-evaluator.service.js';
import { confirmationMails } from './confirmation-mails.js';
import type { CheckoutDto } from './dto/checkout.dto.js';

/** The part of a random cart in its first currency, as checkout evaluates it (an order has one currency). */
function evaluationOf(cart: PricingCartItemInput[]): { e: CartEvaluation; currency: string } {
  const currency = priceCart(cart).totals[0]?.currencyCode ?? 'USD';
  const lines = cart.filter((l) => l.item.currencyCode === currency);
  const live: LiveLine[] = lines.map((l, i) => ({
    id: `line-${i}`,
    itemId: String(l.item.id),
    pricingOptionId: 'option',
    orderQuantity: l.orderQuantity,
    isCateringItem: l.isCateringItem === true,
    tempId: null,
    dates: l.dates.map((d) => ({
      date: d.date,
      timeSlots: [...d.timeSlots],
      deliveryOption: d.deliveryOption,
      pickupLocationId: null,
    })),
    item: {
      id: String(l.item.id),
      name: l.item.name,
      itemStatus: ItemStatus.ACTIVE,
      isChefBlocked: false,
      deliveryOptions: ['PICKUP', 'DELIVERY'],
      deliveryFees: String(l.item.deliveryFees),
      deliveryMinimumAmount: '0.00',
      pictures: [],
      publisherId: String(l.item.publisherId),
      publisherStatus: PublisherStatus.APPROVED,
      kitchenName: `Kitchen ${String(l.item.publisherId)}`,
      currencyCode: currency,
      publisherTimeZone: null,
      chefConsumerId: `consumer-${String(l.item.publisherId)}`,
      chefEmail: `${String(l.item.publisherId)}@example.test`,
      chefName: null,
      pricingOptions: [],
    },
    option: {
      id: 'option',
      measurement: 'Plate',
      quantity: '1',
      chefPrice: String(l.userSelectedPricingOption.chefPrice),
      serves: 2,
      position: 0,
    },
  }));
  const pricing = priceCart(lines);
  return {
    e: {
      live,
      removed: [],
      pricing,
      capacity: new Map(),
      shortfalls: [],
      offers: new Map(),
      pickups: new Map(),
    },
    currency,
  };
}

const dto: CheckoutDto = {
  contact: { name: 'Casey Jones', email: 'casey@example.test', phone: '+1 201 555 0100' },
  paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
  idempotencyKey: '7d1f6f0e-8b0e-4c59-9d0b-2b8c8d6f1a01',
};

/** "$1,234.56", "₹1,23,456.50", "RM20.00" → minor units (every spec currency has two decimals). */
const minor = (shown: string) => Number(shown.replace(/\D/g, ''));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** The amounts at the end of the lines that start with `prefix`, e.g. "- Dal Tadka × 2 at $9.00: $18.00". */
const amountsAfter = (text: string, prefix: RegExp) =>
  text
    .split('\n')
    .filter((l) => prefix.test(l))
    .map((l) => minor(l.slice(l.lastIndexOf(': ') + 2)));
/** The right-hand cells of the summary table, the total (last row) apart. */
function tableAmounts(html: string): { rows: number[]; total: number } {
  const cells = [...html.matchAll(/text-align:right;white-space:nowrap">(?:<strong>)?([^<]+)</g)].map((m) =>
    minor(m[1] ?? ''),
  );
  return { rows: cells.slice(0, -1), total: cells.at(-1) ?? NaN };
}

describe(confirmationMails.name, () => {
  it("sends the customer's confirmation to the account's e-mail, never to the contact address typed at checkout", () => {
    const [cart] = fc.sample(
      cartArbitrary.filter((c) => c.length > 0),
      { numRuns: 1, seed: 7 },
    );
    const { e, currency } = evaluationOf(cart);
    const input = {
      orderId: 'order-1',
      orderNumber: 'HR-7K2F-9Q4M',
      statusUrl: 'https://hearth.test/l/orders/order-status?orderNumber=HR-7K2F-9Q4M',
      dto: { ...dto, contact: { ...dto.contact, email: 'victim@elsewhere.example' } },
      address: null,
      e,
      currency,
      pickupFor: () => undefined,
    };
    const mails = confirmationMails({ ...input, customerEmail: 'casey.account@example.test' });
    expect(mails[0].to).toBe('casey.account@example.test');
    expect(mails.map((m) => m.to)).not.toContain('victim@elsewhere.example');
    // An account without an e-mail gets no confirmation (the order page shows the order); chefs still do.
    const without = confirmationMails({ ...input, customerEmail: null });
    expect(without.map((m) => m.to)).not.toContain('victim@elsewhere.example');
    expect(without).toHaveLength(mails.length - 1);
  });

  it('lists each line without its fee and each delivery fee on its own row, adding up to the total, in text and HTML', () => {
    fc.assert(
      fc.property(cartArbitrary, (cart) => {
        const { e, currency } = evaluationOf(cart);
        const [toCustomer, ...toChefs] = confirmationMails({
          orderId: 'order-1',
          orderNumber: 'HR-7K2F-9Q4M',
          statusUrl: 'https://hearth.test/l/orders/order-status?orderNumber=HR-7K2F-9Q4M',
          customerEmail: 'casey.account@example.test',
          dto,
          address: null,
          e,
          currency,
          pickupFor: () => undefined,
        });
        const cartTotal = e.pricing.totals[0]?.cartTotal ?? 0;
        const text = toCustomer?.text ?? '';
        const items = amountsAfter(text, /^- (?!Delivery fee)/);
        const fees = amountsAfter(text, /^- Delivery fee/);
        expect(items).toEqual(e.pricing.lines.map((l) => l.itemTotal));
        expect(fees).toEqual(e.pricing.deliveryFees.map((f) => f.amount));
        expect(text).toContain(`Total: ${formatMoney(cartTotal, currency)} (cash on pickup/delivery)`);
        expect(sum(items) + sum(fees)).toBe(cartTotal);
        const html = tableAmounts(toCustomer?.html ?? '');
        expect(sum(html.rows)).toBe(html.total);
        expect(html.total).toBe(cartTotal);

        // Each chef sees their own rows, adding up to their part.
        expect(toChefs).toHaveLength(e.pricing.totalsByPublisher.length);
        e.pricing.totalsByPublisher.forEach((chef, i) => {
          const mail = toChefs[i];
          expect(mail?.to).toBe(`${chef.publisherId}@example.test`);
          const chefText = mail?.text ?? '';
          expect(chefText).toContain(`Your part: ${formatMoney(chef.total, currency)}`);
          expect(sum(amountsAfter(chefText, /^- /))).toBe(chef.total);
          const chefHtml = tableAmounts(mail?.html ?? '');
          expect(sum(chefHtml.rows)).toBe(chef.total);
          expect(chefHtml.total).toBe(chef.total);
        });
      }),
      { numRuns: 200, seed: 20261124 },
    );
  });
});
