import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, signIn, signInAtProvider, signOut, onSite } from './identity';
import { emptyCart, putInCart } from './shop';

// Security review S-11: every page runs under a Content-Security-Policy with a per-response nonce. With
// JavaScript on, nothing the site needs may be refused: Chromium reports each refusal as a
// `securitypolicyviolation` event and a console error, both collected here, page by page.

const chromium = useChromium();

/** Collects the page's CSP violations (the listener is installed before any of the page's own scripts). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/** Visits a page and checks it ran its scripts (hydrated) without a refusal. */
async function visit(page: Page, path: string, violations: () => Promise<string[]>) {
  await page.goto(path, { waitUntil: 'load' });
  await expectHydratedWithoutViolations(page, path, violations);
}

async function expectHydratedWithoutViolations(
  page: Page,
  path: string,
  violations: () => Promise<string[]>,
) {
  // Remix's inline context script ran, and the module scripts it loads hydrated the page.
  await page.waitForFunction(() => '__remixContext' in window && '__remixRouter' in window);
  expect(await violations(), path).toEqual([]);
}

describe('pages under the Content-Security-Policy, with JavaScript', () => {
  it('public pages, the cart and sign-in run without a refused script, style or request', async () => {
    const context = await newVisitorContext(chromium(), true);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const violations = await watchViolations(page);
    try {
      for (const path of [
        '/',
        '/l/find-items?zip=07302',
        '/l/find-chefs',
        '/dumpling-den',
        '/resources/careers',
      ])
        await visit(page, path, violations);
      // The inline time-zone script ran (it carries the nonce): the server now knows the zone.
      const cookies = await context.cookies();
      expect(cookies.some((c) => c.name === 'tz')).toBe(true);

      await putInCart(page, 1);
      await visit(page, '/l/cart', violations);
      // Sign-in is a redirect to the provider and back, the provider's page has its own policy.
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      await signInAtProvider(page, DEMO.customer.email, '/l/cart');
      await expectHydratedWithoutViolations(page, '/l/cart', violations);
      await visit(page, '/l/cart/checkout', violations);
      await visit(page, '/l/orders', violations);
      await emptyCart(page);
      // Signing out posts a form to the API, which redirects to the provider: `form-action` allows it.
      await signOut(page, DEMO.customer.name, true);
      expect(await violations()).toEqual([]);
      expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a chef's pages run without a refused script, style or request", async () => {
    const context = await newVisitorContext(chromium(), true);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const violations = await watchViolations(page);
    try {
      await signIn(page, 'chef', '/');
      await page.waitForURL(onSite('/'));
      for (const path of ['/l/manage-menus', '/l/manage-menus/items/new', '/l/orders/kitchen', '/l/settings'])
        await visit(page, path, violations);
      expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
