import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dayLabel, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn } from './identity';
import { cancelOpenDates, fillPriyaCart, placeCashOrder } from './shop';

const chromium = useChromium();

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
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  }

  it('the demo chef opens the prep sheet of a date from the orders page, sees the portions and downloads the CSV', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date, slot } = await fillPriyaCart(customer, [
      { name: 'Dal Tadka', quantity: 3, deliveryOption: 'PICKUP' },
    ]);
    const orderNumber = await placeCashOrder(customer, {
      name: 'Prep Sheet Tester',
      email: 'prep@example.test',
      phone: '+1 201 555 0199',
      note: 'Prep sheet e2e',
    });
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
      await cancelOpenDates(customer, orderNumber, 'End of the prep sheet test');
    }
  });
});
