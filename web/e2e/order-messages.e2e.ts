import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dayLabel, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, signIn } from './identity';
import { canReadMail, waitForMail } from './mail';
import { cancelOpenDates, checkOutCash, fillPriyaCart } from './shop';

const chromium = useChromium();

const KITCHEN = "Priya's Kitchen";

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
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  }

  it('a chef messages the customers of a date, the customer reads it on the order status page and answers, the chef sees the answer', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date, slot } = await fillPriyaCart(
      customer,
      [{ name: 'Dal Tadka', quantity: 1, deliveryOption: 'DELIVERY' }],
      { from: 'first' },
    );
    const orderNumber = await checkOutCash(customer);
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
      await cancelOpenDates(customer, orderNumber, 'End of the order messages test');
    }
  }, 180_000);
});
