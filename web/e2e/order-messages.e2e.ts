import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dayLabel, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import { assertStackIsUp, launchChromium, newVisitorContext, watchErrors } from './browser';
import { DEMO, signIn } from './identity';
import { canReadMail, waitForMail } from './mail';
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
const KITCHEN = "Priya's Kitchen";

/**
 * Puts one Dal Tadka of Priya's Kitchen (delivery) in the signed-in customer's cart on the kitchen's next
 * orderable date, through the API as the browser's session; returns that date and its time slot.
 */
async function fillCart(page: Page): Promise<{ date: string; slot: string }> {
  const kitchen = await (
    await page.request.get(`${API}/publisher/find-by-kitchen-name?kitchenName=priyas-kitchen`)
  ).json();
  const week = await (await page.request.get(`${API}/kitchen/${kitchen.id}`)).json();
  type Menu = { orderable: boolean; timeSlots: { slot: string }[]; items: { id: string; name: string }[] };
  for (const d of week.dates as { date: string; menus: Menu[] }[]) {
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
  throw new Error("Priya's Kitchen offers no Dal Tadka that can still be ordered");
}

/** Checks out the cart paying cash on delivery; returns the order number. */
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
        { headers: FROM_THE_SITE, data: { reason: 'End of the order messages test' } },
      );
      expect(response.status(), await response.text()).toBe(200);
    }
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('order messages %s', (label, javaScriptEnabled) => {
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

  it('a chef messages the customers of a date, the customer reads it on the order status page and answers, the chef sees the answer', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date, slot } = await fillCart(customer);
    const orderNumber = await checkOut(customer);
    try {
      // The chef: "Message all customers of <date>", narrowed to the order's slot, confirmed by its reach.
      const chef = await visitor();
      await signIn(chef, 'chef', '/');
      await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
      const day = dayLabel(date);
      const form = chef.getByTestId('date-message').filter({ hasText: `Message all customers of ${day}` });
      await form.locator('summary').click();
      await form.getByLabel('Time slot').selectOption(slot);
      const text = `Running 20 minutes late, sorry! (${label}, ${Date.now()})`;
      await form.getByLabel(`Message to every customer of ${day}`).fill(text);
      await form.getByRole('button', { name: 'Check who it reaches' }).click();
      const reach = chef
        .getByTestId('date-message')
        .filter({ hasText: `Message all customers of ${day}` })
        .getByTestId('date-message-reach');
      await reach.waitFor();
      expect(await reach.textContent()).toContain(orderNumber);
      expect(await reach.textContent()).toContain(TIME_SLOTS[slot as TimeSlot].label);
      await chef
        .getByTestId('date-message')
        .filter({ hasText: `Message all customers of ${day}` })
        .getByRole('button', { name: /^Send to \d+ customers?$/ })
        .click();
      await chef
        .getByText(new RegExp(`Message sent to \\d+ customers? of ${day}`))
        .first()
        .waitFor();

      if (canReadMail) {
        const mail = await waitForMail(
          DEMO.customer.email,
          (m) => m.subject.startsWith(`Message from ${KITCHEN} about order`) && m.text.includes(text),
        );
        expect(mail.subject).toContain(orderNumber);
        expect(mail.links.some((l) => l.endsWith(`/l/orders/order-status?orderNumber=${orderNumber}`))).toBe(
          true,
        );
      }

      // The customer: the message on the order status page, new, and an answer.
      await customer.goto(`/l/orders/order-status?orderNumber=${orderNumber}`, { waitUntil: 'load' });
      const thread = customer.getByTestId('order-thread').filter({ hasText: `Messages with ${KITCHEN}` });
      const received = thread.getByTestId('order-message').filter({ hasText: text });
      await received.waitFor();
      expect(await received.getByTestId('unread-marker').count()).toBe(1);
      expect(await received.textContent()).toContain(`about ${day}`);
      const reply = `See you then, thank you! (${label}, ${Date.now()})`;
      await thread.getByLabel(`Write to ${KITCHEN}`).fill(reply);
      await thread.getByRole('button', { name: 'Send message' }).click();
      const mine = customer
        .getByTestId('order-thread')
        .filter({ hasText: `Messages with ${KITCHEN}` })
        .getByTestId('order-message')
        .filter({ hasText: reply });
      await mine.waitFor();
      expect(await mine.textContent()).toMatch(/^You/);
      // Read now: the chef's message is no longer new.
      await customer.reload({ waitUntil: 'load' });
      expect(
        await customer
          .getByTestId('order-message')
          .filter({ hasText: text })
          .getByTestId('unread-marker')
          .count(),
      ).toBe(0);

      if (canReadMail) {
        const toChef = await waitForMail(
          DEMO.chef.email,
          (m) => m.subject.endsWith(`about order ${orderNumber}`) && m.text.includes(reply),
        );
        expect(toChef.links.some((l) => l.endsWith('/l/orders/kitchen'))).toBe(true);
      }

      // The chef: the answer under that order's date, marked new.
      await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
      const card = chef
        .getByRole('listitem')
        .filter({ has: chef.getByTestId('fulfilment').filter({ hasText: orderNumber }) });
      const answer = card
        .getByTestId('selection-thread')
        .getByTestId('order-message')
        .filter({ hasText: reply });
      await answer.waitFor();
      expect(await answer.getByTestId('unread-marker').count()).toBe(1);
      expect(
        await card
          .getByTestId('selection-thread')
          .getByTestId('order-message')
          .filter({ hasText: text })
          .count(),
      ).toBe(1);
    } finally {
      await cancelOrder(customer, orderNumber);
    }
  }, 180_000);
});
