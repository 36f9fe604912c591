import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn } from './identity';
import { cancelOpenDates, checkOutCash, fillPriyaCart } from './shop';

const chromium = useChromium();

const API = '/services/publisher/api';

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
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  }

  it('the demo chef opens the round of a delivery date from the prep sheet, in driving order, and downloads the GPX', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date, slot } = await fillPriyaCart(customer, [
      { name: 'Dal Tadka', quantity: 1, deliveryOption: 'DELIVERY' },
    ]);
    const orderNumber = await checkOutCash(customer);
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
      await cancelOpenDates(customer, orderNumber, 'End of the delivery round test');
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
