import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dayLabel, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
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
 * Puts `quantity` Dal Tadka of Priya's Kitchen (pickup) in the cart on its LAST orderable date of the week
 * (the other suites order the first ones, and the demo customer may order at most 10 portions per kitchen and
 * date); returns it.
 */
async function fillCart(page: Page, quantity: number): Promise<{ date: string; slot: string }> {
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
        orderQuantity: quantity,
        dates: [{ date: d.date, timeSlots: [slot], deliveryOption: 'PICKUP' }],
      },
    });
    if (response.status() === 201) return { date: d.date, slot };
  }
  throw new Error("Priya's Kitchen offers no Dal Tadka that can still be ordered");
}

/** Places the cart's order, cash on pickup, through the API as the browser's session; returns its number. */
async function placeOrder(page: Page): Promise<string> {
  const response = await page.request.post(`${API}/order`, {
    headers: FROM_THE_SITE,
    data: {
      contact: { name: 'Prep Sheet Tester', email: 'prep@example.test', phone: '+1 201 555 0199' },
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      note: 'Prep sheet e2e',
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).orderNumber;
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
        { headers: FROM_THE_SITE, data: { reason: 'End of the prep sheet test' } },
      );
      expect(response.status(), await response.text()).toBe(200);
    }
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('prep sheet %s', (_label, javaScriptEnabled) => {
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

  it('the demo chef opens the prep sheet of a date from the orders page, sees the portions and downloads the CSV', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date, slot } = await fillCart(customer, 3);
    const orderNumber = await placeOrder(customer);
    try {
      const chef = await visitor();
      await signIn(chef, 'chef', '/');
      await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
      // A "Prep sheet" link per date on the page; then the date and slot of the new order through the form.
      await chef
        .getByRole('navigation', { name: 'Prep sheets' })
        .getByRole('link', { name: /^Prep sheet/ })
        .first()
        .click();
      await chef.getByRole('heading', { level: 1, name: 'Prep sheet' }).waitFor();
      await chef.getByLabel('Cook date').fill(date);
      await chef.getByLabel('Time slot').selectOption(slot);
      await chef.getByRole('button', { name: 'Show prep sheet' }).click();
      await chef.waitForURL(
        (u) => u.searchParams.get('date') === date && u.searchParams.get('timeSlot') === slot,
      );
      await chef.getByText(`${dayLabel(date)}, ${TIME_SLOTS[slot as TimeSlot].label}`).waitFor();

      const portions = chef.getByRole('table', { name: 'Portions to make' });
      const dal = portions.getByRole('row').filter({ hasText: 'Dal Tadka' });
      expect(await dal.count()).toBe(1);
      const units = Number(await dal.getByRole('cell').nth(2).textContent());
      expect(units).toBeGreaterThanOrEqual(3);
      const pickup = chef
        .getByRole('table', { name: 'Pickups' })
        .getByRole('row')
        .filter({ hasText: orderNumber });
      expect(await pickup.textContent()).toContain('3 × Dal Tadka');
      expect(await pickup.textContent()).toContain('Prep Sheet Tester');

      const href = await chef.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      expect(href).toBeTruthy();
      const csv = await chef.request.get(href!);
      expect(csv.status()).toBe(200);
      expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
      const text = await csv.text();
      expect(text.split('\r\n')[0]).toBe(`Prep sheet ${date} ${slot}`);
      expect(text).toContain(`${orderNumber},Prep Sheet Tester,+1 201 555 0199,,3 × Dal Tadka`);

      // Printed: the sheet alone, without the site's header, navigation and the date form.
      await chef.emulateMedia({ media: 'print' });
      expect(await chef.locator('header').first().isVisible()).toBe(false);
      expect(await chef.getByRole('button', { name: 'Show prep sheet' }).isVisible()).toBe(false);
      expect(await portions.isVisible()).toBe(true);
    } finally {
      await cancelOrder(customer, orderNumber);
    }
  });
});
