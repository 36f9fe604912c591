/**
 * Money that adds up, on every page that shows some: random carts (chefs, dates, slots, fees, minimums,
 * currencies) priced by the shared rules, rendered by the built app behind its real server, and the
 * amounts read back from the HTML as a customer or chef sees them. On every summary the item and fee rows
 * add up to the total shown, and that total is the shared pricing's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderAmounts, priceCart, toMinor, type PricingCartItemInput } from '@hearth/shared';
import { cartArbitrary, dateFateArbitrary, fc } from '@hearth/shared/testing';
import { fakeMe } from './test/auth-fixtures';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { amountsIn, cartDtoOf, fulfilmentsOf, orderDtoOf, total } from './test/random-orders';
import { startWebServer } from './test/web-server';
import { boardSections } from '~/lib/orders/board';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const ORDER_NUMBER = 'HR-7K2F-9Q4M';
const RUNS = { numRuns: 25, seed: 20261124 } as const;

let api: FakeApi;
let web: WebServer;

beforeAll(async () => {
  api = await startFakeApi();
  web = await startWebServer({ API_URL: api.url });
});
afterAll(async () => {
  await web?.stop();
  await api?.close();
});
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/publisher/find-by-kitchen-name`, (req, res) => {
    const name = new URL(req.url ?? '', 'http://x').searchParams.get('kitchenName') ?? '';
    json(res, 200, { kitchenName: name, brandDisplayName: name });
  });
  api.on(`${API}/consumer/delivery/address`, (_req, res) => json(res, 200, []));
  api.on(`${API}/consumer`, (_req, res) =>
    json(res, 200, { consumerContactDetails: { phone: '+1 201 555 0100' } }),
  );
});

async function html(pathname: string, session: string): Promise<string> {
  const response = await web.fetch(pathname, { headers: { Cookie: session } });
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** The HTML from each `data-testid="{id}"` up to the next one (or `until`). */
function sections(page: string, testId: string, until?: string): string[] {
  const body = until ? (page.split(until)[0] ?? '') : page;
  return body.split(`data-testid="${testId}"`).slice(1);
}

/** No delivery minimum: a cart that can be checked out. */
const checkoutable = (cart: PricingCartItemInput[]) =>
  cart.map((l) => ({ ...l, item: { ...l.item, deliveryMinimumAmount: '0.00' } }));

describe('money that adds up', () => {
  it('on the cart page: per chef, item and fee rows make the chef total; per currency, the cart total', async () => {
    await fc.assert(
      fc.asyncProperty(cartArbitrary, async (cart) => {
        const priced = priceCart(cart);
        api.on(`${API}/cart`, (_req, res) => json(res, 200, cartDtoOf(cart)));
        const page = await html('/l/cart', 'hearth_cart=guest-token');
        const [chefArea, totalsArea = ''] = page.split('data-testid="cart-totals"');
        const chefs = sections(chefArea ?? '', 'cart-chef');
        expect(chefs).toHaveLength(priced.totalsByPublisher.length);
        chefs.forEach((chef, i) => {
          const expected = priced.totalsByPublisher[i];
          const [items] = amountsIn(chef, 'items');
          const [fees] = amountsIn(chef, 'fees');
          const [chefTotal] = amountsIn(chef, 'total');
          expect(total(amountsIn(chef, 'item'))).toBe(items);
          expect(total(amountsIn(chef, 'fee'))).toBe(fees);
          expect(items + fees).toBe(chefTotal);
          expect(chefTotal).toBe(expected?.total);
        });
        const shownTotals = amountsIn(totalsArea, 'total');
        expect(shownTotals).toEqual(priced.totals.map((t) => t.cartTotal));
        amountsIn(totalsArea, 'items').forEach((items, i) => {
          expect(items + (amountsIn(totalsArea, 'fees')[i] ?? NaN)).toBe(shownTotals[i]);
        });
      }),
      RUNS,
    );
  });

  it('on the checkout summary: each line once without its fee, each fee on its own row, adding up to the total', async () => {
    await fc.assert(
      fc.asyncProperty(cartArbitrary.map(checkoutable), async (cart) => {
        const priced = priceCart(cart);
        api.on(`${API}/cart`, (_req, res) => json(res, 200, cartDtoOf(cart)));
        const page = await html('/l/cart/checkout', 'hearth_session=customer');
        const summaries = sections(page, 'checkout-summary', '</aside>');
        expect(summaries).toHaveLength(priced.totals.length);
        summaries.forEach((summary, i) => {
          const shown = amountsIn(summary, 'total');
          expect(shown).toEqual([priced.totals[i]?.cartTotal]);
          expect(total(amountsIn(summary, 'item')) + total(amountsIn(summary, 'fee'))).toBe(shown[0]);
          expect(amountsIn(summary, 'fee')).toHaveLength(
            priced.deliveryFees.filter((f) => f.currencyCode === priced.totals[i]?.currencyCode).length,
          );
        });
      }),
      RUNS,
    );
  });

  const orderArbitrary = fc.tuple(
    cartArbitrary.map(checkoutable),
    fc.array(dateFateArbitrary, { minLength: 1, maxLength: 12 }),
  );

  /** Checks one rendered order against the shared amounts: rows → totals → due and paid. */
  function expectOrderAddsUp(rendered: string, order: ReturnType<typeof orderDtoOf>) {
    const expected = orderAmounts(
      order.cartItems.flatMap((l) => l.dates),
      order.currencyCode,
    );
    const dates = sections(rendered, 'date-amounts').map((d) => d.split('</dl>')[0] ?? '');
    const cancelled = dates.filter((d) => d.startsWith(' data-cancelled="true"'));
    const [items] = amountsIn(rendered, 'items');
    const [fees] = amountsIn(rendered, 'fees');
    const [shownTotal] = amountsIn(rendered, 'total');
    const [minusCancelled = 0] = amountsIn(rendered, 'cancelled');
    expect(total(dates.flatMap((d) => amountsIn(d, 'item')))).toBe(items);
    expect(total(dates.flatMap((d) => amountsIn(d, 'fee')))).toBe(fees);
    expect(0 - minusCancelled).toBe(
      total(cancelled.flatMap((d) => [...amountsIn(d, 'item'), ...amountsIn(d, 'fee')])),
    );
    expect(items + fees + minusCancelled).toBe(shownTotal);
    expect(shownTotal).toBe(expected.total);
    const [due = 0] = amountsIn(rendered, 'due');
    const [paid = 0] = amountsIn(rendered, 'paid');
    expect(due + paid).toBe(shownTotal);
    const headline = /data-testid="order-total"[^>]*>([^<]*)</.exec(rendered)?.[1] ?? '';
    expect(toMinor(headline.replace(/[^\d.]/g, ''), order.currencyCode)).toBe(shownTotal);
    // A cancelled date never says "Due": it owes nothing, or it is refunded.
    const settlements = [...rendered.matchAll(/data-testid="settlement"[^>]*>([^<]*)</g)].map((m) => m[1]);
    const cancelledDates = order.cartItems
      .flatMap((l) => l.dates)
      .filter((d) => d.orderStatus === 'CANCELLED');
    for (const d of cancelledDates)
      expect(['NONE', 'REFUND_PENDING', 'REFUNDED']).toContain(d.settlement.state);
    expect(settlements.filter((s) => s?.startsWith('Due')).length).toBe(
      order.cartItems.flatMap((l) => l.dates).filter((d) => d.settlement.state === 'DUE').length,
    );
  }

  it('on the orders list and the order status page: date rows, cancellations and payments add up to the total', async () => {
    await fc.assert(
      fc.asyncProperty(orderArbitrary, async ([cart, fates]) => {
        const order = orderDtoOf(ORDER_NUMBER, cart, fates);
        api.on(`${API}/order`, (_req, res) => json(res, 200, [order], { 'X-Total-Count': '1' }));
        api.on(`${API}/order/${ORDER_NUMBER}`, (_req, res) => json(res, 200, order));
        const [listed] = sections(await html('/l/orders', 'hearth_session=customer'), 'order');
        expectOrderAddsUp(listed ?? '', order);
        expectOrderAddsUp(
          await html(`/l/orders/order-status?orderNumber=${ORDER_NUMBER}`, 'hearth_session=customer'),
          order,
        );
      }),
      RUNS,
    );
  });

  it("on the chef's orders: each date's items and fee make what it comes to", async () => {
    await fc.assert(
      fc.asyncProperty(orderArbitrary, async ([cart, fates]) => {
        const order = orderDtoOf(ORDER_NUMBER, cart, fates);
        const fulfilments = fulfilmentsOf(order);
        api.on(`${API}/order/fulfillOrders`, (_req, res) =>
          json(res, 200, fulfilments, { 'X-Total-Count': String(fulfilments.length) }),
        );
        const cards = sections(await html('/l/orders/kitchen', 'hearth_session=chef'), 'fulfilment');
        expect(cards).toHaveLength(fulfilments.length);
        // The board shows its rows grouped date → slot → pickup/delivery (the API sends them in that order).
        const shown = boardSections(fulfilments, null).flatMap((d) =>
          d.slots.flatMap((s) => s.options.flatMap((o) => o.rows)),
        );
        cards.forEach((card, i) => {
          const f = shown[i];
          const [dateTotal] = amountsIn(card, 'date-total');
          expect(total([...amountsIn(card, 'item'), ...amountsIn(card, 'fee')])).toBe(dateTotal);
          expect(dateTotal).toBe(toMinor(f?.netAmountPerDate ?? '', order.currencyCode));
        });
      }),
      RUNS,
    );
  });
});
