import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn } from './identity';
import { cancelOpenDates, fillPriyaCart, placeCashOrder } from './shop';

const chromium = useChromium();

interface Contact {
  name: string;
  email: string;
  /** As given at checkout: "+1 (AAA) 555-NNNN". */
  phone: string;
  /** The same number as someone would type it from a note: "AAA.555.NNNN". */
  phoneTyped: string;
}

/** A customer of this run's own: an e-mail and phone number no other order has. */
function contact(): Contact {
  const tag = randomUUID().slice(0, 8);
  const area = String(200 + Math.floor(Math.random() * 800));
  const line = String(Math.floor(Math.random() * 10000)).padStart(4, '0');
  return {
    name: `Sam Searcher ${tag}`,
    email: `search-${tag}@example.test`,
    phone: `+1 (${area}) 555-${line}`,
    phoneTyped: `${area}.555.${line}`,
  };
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('order search %s', (_label, javaScriptEnabled) => {
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

  const results = (page: Page) => page.getByRole('table', { name: 'Orders found, one row per date' });

  it(
    'the demo chef finds an order by the customer’s e-mail and by its number; the admin finds it by phone',
    { timeout: 120_000 },
    async () => {
      const who = contact();
      const customer = await visitor();
      await signIn(customer, 'customer', '/l/find-items');
      await fillPriyaCart(customer, [{ name: 'Dal Tadka', quantity: 1, deliveryOption: 'PICKUP' }]);
      const orderNumber = await placeCashOrder(customer, {
        name: who.name,
        email: who.email,
        phone: who.phone,
        note: 'Order search e2e',
      });
      try {
        const chef = await visitor();
        await signIn(chef, 'chef', '/');
        await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
        await chef
          .getByRole('navigation', { name: 'Your kitchen' })
          .getByRole('link', { name: 'Find an order' })
          .click();
        await chef.getByRole('heading', { level: 1, name: 'Find an order' }).waitFor();
        const field = chef.getByLabel('Order number, customer name, e-mail or phone, or dish');

        // by the customer's e-mail, typed in capitals
        await field.fill(who.email.toUpperCase());
        await chef.getByRole('button', { name: 'Search', exact: true }).click();
        await chef.waitForURL((u) => u.searchParams.get('q') === who.email.toUpperCase());
        const byEmail = results(chef).getByRole('row').filter({ hasText: orderNumber });
        await byEmail.waitFor();
        expect(await results(chef).getByRole('row').count()).toBe(2); // the header and the one date
        expect(await byEmail.textContent()).toContain(who.name);
        expect(await byEmail.textContent()).toContain('1 × Dal Tadka');

        // by the order number: the number links to the order's card on the board
        await chef.getByLabel('Order number, customer name, e-mail or phone, or dish').fill(orderNumber);
        await chef.getByRole('button', { name: 'Search', exact: true }).click();
        await chef.waitForURL((u) => u.searchParams.get('q') === orderNumber);
        const byNumber = results(chef).getByRole('row').filter({ hasText: orderNumber });
        await byNumber.waitFor();
        expect(await byNumber.textContent()).toContain(who.email);
        await byNumber.getByRole('link', { name: orderNumber }).click();
        await chef.waitForURL((u) => u.pathname === '/l/orders/kitchen');
        await chef.getByRole('heading', { level: 1, name: 'Kitchen orders' }).waitFor();

        // nothing matches: said so, with the way back to the board
        await chef.goto(`/l/orders/kitchen/search?q=${encodeURIComponent(`nobody-${randomUUID()}`)}`, {
          waitUntil: 'load',
        });
        await chef.getByText(/^No orders match/).waitFor();
        expect(await chef.getByRole('link', { name: 'Back to kitchen orders' }).getAttribute('href')).toBe(
          '/l/orders/kitchen',
        );

        const admin = await visitor();
        await signIn(admin, 'admin', '/');
        await admin.goto('/l/admin', { waitUntil: 'load' });
        await admin.getByRole('link', { name: 'Orders', exact: true }).click();
        await admin.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
        await admin.getByLabel('Search by').selectOption('phone');
        await admin.getByLabel('Looking for').fill(who.phoneTyped);
        await admin.getByRole('button', { name: 'Search', exact: true }).click();
        await admin.waitForURL((u) => u.searchParams.get('searchBy') === 'phone');
        const byPhone = results(admin).getByRole('row').filter({ hasText: orderNumber });
        await byPhone.waitFor();
        expect(await byPhone.textContent()).toContain(who.name);
        expect(await byPhone.textContent()).toContain(who.phone);
        expect(await byPhone.textContent()).toContain('priyas-kitchen');
        expect(await byPhone.getByRole('link', { name: orderNumber }).getAttribute('href')).toBe(
          `/l/orders/order-status?orderNumber=${orderNumber}`,
        );
      } finally {
        await cancelOpenDates(customer, orderNumber, 'End of the order search test');
      }
    },
  );
});
