import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertStackIsUp, launchChromium, newVisitorContext, watchErrors } from './browser';
import { signIn } from './identity';
import { FROM_THE_SITE } from './shop';

let browser: Browser;

beforeAll(async () => {
  await assertStackIsUp();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const API = '/services/publisher/api';

/**
 * Puts one Dal Tadka of Priya's Kitchen for DELIVERY in the signed-in customer's cart on the kitchen's last
 * orderable date of the week (the other suites order the first ones; the demo customer's portions per date
 * are capped); returns that date and slot.
 */
async function fillCart(page: Page): Promise<{ date: string; slot: string }> {
  const kitchen = await (
    await page.request.get(`${API}/publisher/find-by-kitchen-name?kitchenName=priyas-kitchen`)
  ).json();
  const week = await (await page.request.get(`${API}/kitchen/${kitchen.id}`)).json();
  type Menu = { orderable: boolean; timeSlots: { slot: string }[]; items: { id: string; name: string }[] };
  for (const d of [...(week.dates as { date: string; menus: Menu[] }[])].reverse()) {
    const menu = d.menus.find((m) => m.orderable && m.items.some((i) => i.name === 'Dal Tadka'));
    const id = menu?.items.find((i) => i.name === 'Dal Tadka')?.id;
    const slot = menu?.timeSlots[0]?.slot;
    if (!id || !slot) continue;
    const item = await (await page.request.get(`${API}/item/${id}`)).json();
    const response = await page.request.post(`${API}/cart/items`, {
      headers: FROM_THE_SITE,
      data: {
        itemId: id,
        userSelectedPricingOption: { id: item.pricingOptions[0].id },
        orderQuantity: 1,
        dates: [{ date: d.date, timeSlots: [slot], deliveryOption: 'DELIVERY' }],
      },
    });
    if (response.status() === 201) return { date: d.date, slot };
  }
  throw new Error("Priya's Kitchen offers no Dal Tadka for delivery that can still be ordered");
}

/** Checks out the cart paying cash on delivery, to the customer's saved address; returns the order number. */
async function checkOut(page: Page): Promise<string> {
  await page.goto('/l/cart', { waitUntil: 'load' });
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check out' }).waitFor();
  await page.getByLabel('Phone').fill('+1 201 555 0100');
  const address = page.getByRole('radiogroup', { name: 'Delivery address' });
  if (!(await address.getByRole('radio', { checked: true }).count()))
    await address.getByRole('radio').first().check();
  await page
    .getByRole('group', { name: 'Payment' })
    .getByRole('radio', { name: /Cash on pickup\/delivery/ })
    .check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/l/orders/order-status' && url.searchParams.has('orderNumber'),
  );
  return new URL(page.url()).searchParams.get('orderNumber') ?? '';
}

/** Cancels every live date of the order (the demo customer's open orders are capped; leave none behind). */
async function cancelOrder(page: Page, orderNumber: string): Promise<void> {
  const order = await (await page.request.get(`${API}/order/${orderNumber}`)).json();
  for (const line of order.cartItems as Array<{
    cartItemId: string;
    dates: Array<{ id: string; orderStatus: string }>;
  }>)
    for (const d of line.dates.filter((x) => x.orderStatus !== 'CANCELLED')) {
      const response = await page.request.post(
        `${API}/order/${orderNumber}/cartItem/${line.cartItemId}/dateSelection/${d.id}/cancel`,
        { headers: FROM_THE_SITE, data: { reason: 'End of the delivery round test' } },
      );
      expect(response.status(), await response.text()).toBe(200);
    }
}

type Round = {
  unit: string;
  totalDistance: number;
  stops: Array<{ position: number; orders: Array<{ orderNumber: string }> }>;
  notPlaced: Array<{ orders: Array<{ orderNumber: string }> }>;
  packingOrder: Array<{ position: number }>;
};

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('delivery round %s', (_label, javaScriptEnabled) => {
  let contexts: BrowserContext[];
  let errors: string[][];

  beforeEach(() => {
    contexts = [];
    errors = [];
    return async () => {
      for (const e of errors) expect(e).toEqual([]);
      for (const c of contexts) await c.close();
    };
  });

  async function visitor(): Promise<Page> {
    const context = await newVisitorContext(browser, javaScriptEnabled);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  }

  it('the demo chef opens the round of a delivery date from the prep sheet, in driving order, and downloads the GPX', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date, slot } = await fillCart(customer);
    const orderNumber = await checkOut(customer);
    try {
      const chef = await visitor();
      await signIn(chef, 'chef', '/');
      await chef.goto(`/l/orders/kitchen/prep?date=${date}&timeSlot=${slot}`, { waitUntil: 'load' });
      await chef.getByRole('link', { name: 'Plan the delivery round' }).click();
      await chef.waitForURL(
        (u) =>
          u.pathname === '/l/orders/kitchen/round' &&
          u.searchParams.get('date') === date &&
          u.searchParams.get('slot') === slot,
      );
      await chef.getByRole('heading', { level: 1, name: 'Delivery round' }).waitFor();

      // What the API planned is what the page shows: the stops in its order, the total, the packing order.
      const round = (await (
        await chef.request.get(`${API}/order/optimize-routes?date=${date}&timeSlot=${slot}&format=json`)
      ).json()) as Round;
      const all = [...round.stops, ...round.notPlaced].flatMap((s) => s.orders.map((o) => o.orderNumber));
      expect(all).toContain(orderNumber);
      expect(round.stops.length, 'the demo address is on the map').toBeGreaterThan(0);
      const rows = chef.getByRole('table', { name: 'Stops in driving order' }).getByTestId('round-stop');
      expect(await rows.count()).toBe(round.stops.length);
      for (const [i, stop] of round.stops.entries()) {
        const cells = rows.nth(i).getByRole('cell');
        expect(await cells.nth(0).textContent()).toBe(String(stop.position));
        for (const o of stop.orders) expect(await rows.nth(i).textContent()).toContain(o.orderNumber);
      }
      const mine = rows.filter({ hasText: orderNumber });
      expect(await mine.getByRole('link', { name: /^Open in maps/ }).getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?[\d.]+,-?[\d.]+$/,
      );
      const unit = round.unit === 'km' ? 'km' : 'mi';
      expect(await chef.getByTestId('round-summary').textContent()).toContain(
        `${round.stops.length} ${round.stops.length === 1 ? 'stop' : 'stops'}, ${round.totalDistance.toFixed(1)} ${unit} in all`,
      );
      const packing = chef.getByTestId('packing-order').getByRole('listitem');
      expect(await packing.count()).toBe(round.packingOrder.length);
      expect(await packing.first().textContent()).toContain(`Stop ${round.packingOrder[0].position},`);

      const href = await chef.getByRole('link', { name: 'Download GPX' }).getAttribute('href');
      const gpx = await chef.request.get(href!);
      expect(gpx.status()).toBe(200);
      expect(gpx.headers()['content-type']).toMatch(/^application\/gpx\+xml/);
      const xml = await gpx.text();
      expect(xml).toContain('<rte>');
      expect((xml.match(/<rtept /g) ?? []).length).toBe(round.stops.length + 1);
      expect(xml).toContain(orderNumber);
    } finally {
      await cancelOrder(customer, orderNumber);
    }
  });

  it('says there is no round on a date without deliveries', async () => {
    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    await chef.goto('/l/orders/kitchen/round', { waitUntil: 'load' });
    await chef.getByLabel('Delivery date').fill('2020-01-01');
    await chef.getByRole('button', { name: 'Plan the round' }).click();
    await chef.waitForURL((u) => u.searchParams.get('date') === '2020-01-01');
    await chef.getByText('No deliveries on this date: there is no round to drive.').waitFor();
  });
});
