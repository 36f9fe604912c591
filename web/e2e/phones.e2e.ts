import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { horizontalOverflow, newVisitorContext, phoneViewport, useChromium, watchErrors } from './browser';
import { DEMO, signInAtProvider } from './identity';
import { emptyCart, putInCart } from './shop';

const chromium = useChromium();

const SEARCH = 'zip=07302&country=US';

/** The `href` of the first link on `path` that matches `selector`. */
async function firstLink(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(path, { waitUntil: 'load' });
  const href = await page.locator(selector).first().getAttribute('href');
  if (!href) throw new Error(`No link ${selector} on ${path}`);
  return href;
}

/**
 * Every public page: home (and its second page of kitchens), search, a kitchen by id and by name, a dish,
 * every informational page of the footer and a job posting, "Become a chef", and the not-found page.
 */
async function publicPages(page: Page): Promise<string[]> {
  await page.goto('/resources/about', { waitUntil: 'load' });
  const resources = await page
    .getByRole('contentinfo')
    .locator('a[href^="/resources/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const kitchen = await firstLink(page, `/l/find-chefs?${SEARCH}`, 'main a[href^="/kitchen/"]');
  const item = await firstLink(page, `/l/find-items?${SEARCH}`, 'main a[href^="/items/"]');
  const job = await firstLink(page, '/resources/careers', 'main a[href^="/resources/careers/"]');
  expect(resources.length).toBeGreaterThanOrEqual(10);
  return [
    '/',
    '/?page=1',
    `/l/find-items?${SEARCH}`,
    `/l/find-chefs?${SEARCH}`,
    kitchen,
    '/priyas-kitchen',
    item,
    ...new Set(resources),
    job,
    '/l/chef-registration',
    '/no/such/page',
  ];
}

/** Visits each path and says, for each that scrolls sideways, which elements stick out. */
async function overflowing(page: Page, paths: readonly string[], width: number): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'load' });
    const overflow = await horizontalOverflow(page);
    if (overflow) found.push(`${path} at ${width} px: ${overflow}`);
  }
  return found;
}

describe('on a phone', () => {
  it.each([390, 320])(
    "no page scrolls sideways at %i px: the public pages, then the cart, checkout, orders and each order's status",
    async (width) => {
      const context = await newVisitorContext(chromium(), true, 'block', phoneViewport(width));
      const page = await context.newPage();
      const errors = watchErrors(page);
      let signedIn = false;
      try {
        const found = await overflowing(page, await publicPages(page), width);

        // The demo customer, with something in the cart.
        await page.goto('/l/orders', { waitUntil: 'load' });
        await signInAtProvider(page, DEMO.customer.email, '/l/orders');
        signedIn = true;
        await putInCart(page, 2);
        // Every order of the first page: placed, delivered (with its rating form) or cancelled dates.
        await page.goto('/l/orders', { waitUntil: 'load' });
        const orders = await page
          .locator('main a[href*="/l/orders/order-status"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        expect(orders.length).toBeGreaterThan(0);
        const customerPages = ['/l/cart', '/l/cart/checkout', '/l/orders', ...new Set(orders), '/'];
        found.push(...(await overflowing(page, customerPages, width)));

        expect(found, found.join('\n')).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        // The demo customer's cart is shared with other tests: leave it empty, as found.
        if (signedIn) await emptyCart(page);
        await context.close();
      }
    },
    240_000,
  );
});
