import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dayLabel } from '@hearth/shared';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn } from './identity';
import { cancelOpenDates, emptyCart, fillPriyaCart, placeCashOrder } from './shop';

const chromium = useChromium();

/**
 * The chef's fulfilment board (issue 17), end to end: the customer orders a pickup and a delivery of Priya's
 * Kitchen for one date; the demo chef opens the board on that date, bulk-moves the pickup along to "Ready for
 * pickup" (a move the table refuses is answered per row and stays ticked), the customer's order page shows
 * it, the chef prints that date's prep sheet and follows the date's "Delivery round" link.
 */
describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('fulfilment board %s', (_label, javaScriptEnabled) => {
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

  it('the chef bulk-moves the pickups of a date to ready, prints its prep sheet and opens its delivery round', async () => {
    const customer = await visitor();
    await signIn(customer, 'customer', '/l/find-items');
    const { date } = await fillPriyaCart(customer, [
      { name: 'Dal Tadka', quantity: 1, deliveryOption: 'PICKUP' },
      { name: 'Butter Chicken', quantity: 2, deliveryOption: 'DELIVERY' },
    ]);
    const contact = `Board Tester ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now()}`;
    let orderNumber = '';
    try {
      orderNumber = await placeCashOrder(customer, {
        name: contact,
        email: 'board@example.test',
        deliveryAddress: { addressLine1: '77 Hudson St', city: 'Jersey City', state: 'NJ', zipcode: '07302' },
      });
    } finally {
      await emptyCart(customer);
    }
    try {
      const day = dayLabel(date);
      const chef = await visitor();
      await signIn(chef, 'chef', '/');
      await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
      await chef.getByRole('link', { name: 'Active' }).waitFor();
      // The date of the order, from the board's own query (the board then shows that date alone).
      await chef.goto(`/l/orders/kitchen?date=${date}`, { waitUntil: 'load' });
      const section = chef
        .getByTestId('board-date')
        .filter({ has: chef.getByRole('heading', { level: 2, name: new RegExp(`^${day}`) }) });
      await section.waitFor();
      // Grouped: the slot, then pickups and deliveries, each with its count.
      const groups = await section.getByTestId('board-group').allTextContents();
      expect(groups.some((g) => g.startsWith('Pickup'))).toBe(true);
      expect(groups.some((g) => g.startsWith('Delivery'))).toBe(true);

      const box = chef.getByRole('checkbox', {
        name: new RegExp(`^Select Order ${orderNumber} · Dal Tadka`),
      });
      const bulk = chef.getByRole('form', { name: 'Move the selected orders' });
      const move = async (status: string) => {
        await bulk.getByLabel('New status').selectOption({ label: status });
        await bulk.getByRole('button', { name: 'Move selected' }).click();
      };

      // Straight to "Ready for pickup" from "Order placed": refused, said why, and still ticked.
      await box.check();
      await move('Ready for pickup');
      const answer = chef.getByTestId('bulk-results');
      await answer.getByText('0 moved to Ready for pickup, 1 refused').waitFor();
      const refused = answer.getByTestId('bulk-row').filter({ hasText: orderNumber });
      expect(await refused.getAttribute('data-outcome')).toBe('refused');
      expect(await refused.textContent()).toMatch(/Refused: Order .* — .+/);
      expect(await box.isChecked()).toBe(true);

      // Along the table, one bulk move at a time.
      for (const step of ['Confirmed by the chef', 'Being prepared', 'Ready for pickup']) {
        if (!(await box.isChecked())) await box.check();
        await move(step);
        await answer.getByText(`1 moved to ${step}, 0 refused`).waitFor();
        const row = answer.getByTestId('bulk-row').filter({ hasText: orderNumber });
        expect(await row.getAttribute('data-outcome')).toBe('moved');
        expect(await box.isChecked()).toBe(false);
      }
      const card = chef
        .getByTestId('fulfilment')
        .filter({ hasText: `Order ${orderNumber}` })
        .filter({ hasText: 'Dal Tadka' });
      await card.getByTestId('order-status').filter({ hasText: 'Ready for pickup' }).waitFor();

      // The customer's order page says so.
      await customer.goto(`/l/orders/order-status?orderNumber=${orderNumber}`, { waitUntil: 'load' });
      const statuses = await customer
        .getByTestId('date-selection')
        .getByTestId('order-status')
        .allTextContents();
      expect(statuses).toContain('Ready for pickup');

      // The date's prep sheet, printed: the sheet alone.
      await section.getByRole('link', { name: `Prep sheet of ${day}` }).click();
      await chef.getByRole('heading', { level: 1, name: 'Prep sheet' }).waitFor();
      const portions = chef.getByRole('table', { name: 'Portions to make' });
      await portions.getByRole('row').filter({ hasText: 'Dal Tadka' }).first().waitFor();
      await chef.emulateMedia({ media: 'print' });
      expect(await chef.locator('header').first().isVisible()).toBe(false);
      expect(await portions.isVisible()).toBe(true);
      await chef.emulateMedia({ media: 'screen' });

      // The delivery round of that date, from the board's link.
      await chef.goto(`/l/orders/kitchen?date=${date}`, { waitUntil: 'load' });
      const round = section.getByRole('link', { name: `Delivery round of ${day}` });
      expect(await round.getAttribute('href')).toBe(`/l/orders/kitchen/round?date=${date}`);
      await round.click();
      await chef.waitForURL(
        (u) => u.pathname === '/l/orders/kitchen/round' && u.searchParams.get('date') === date,
      );
      // The round is planned and lists the order's delivery: a stop when its address is on the map, else among
      // the deliveries without a map position (the address typed at checkout here has no coordinates).
      await chef.getByRole('heading', { level: 1, name: 'Delivery round' }).waitFor();
      await chef.getByTestId('round-summary').waitFor();
      await chef
        .locator('section')
        .filter({ has: chef.locator('#round-stops, #round-not-placed') })
        .getByText(orderNumber)
        .first()
        .waitFor();

      // Hand the pickup over (the order no longer counts as open for the demo customer).
      await chef.goto(`/l/orders/kitchen?date=${date}`, { waitUntil: 'load' });
      await box.check();
      await move('Delivered');
      await answer.getByText('1 moved to Delivered, 0 refused').waitFor();
    } finally {
      if (orderNumber) await cancelOpenDates(customer, orderNumber, 'End of the board test');
    }
  }, 180_000);
});
