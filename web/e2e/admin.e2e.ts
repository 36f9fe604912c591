import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, signInAtProvider } from './identity';
import { searchKitchens } from './admin-kitchens';

const chromium = useChromium();

/** The kitchen names of the rows shown. */
function rowNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Kitchens found' })
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('the admin kitchen list %s', (_label, javaScriptEnabled) => {
  it('finds a kitchen by its chef, narrows by status, and pages through every kitchen on the server', async () => {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/l/admin', { waitUntil: 'load' });
      await signInAtProvider(page, DEMO.admin.email, '/l/admin');

      // By the chef's name (Priya Raman owns Priya's Kitchen), whatever the case.
      await searchKitchens(page, { query: 'priya RAMAN' });
      await page.getByText('1 kitchen matching “priya RAMAN”').waitFor();
      expect(await rowNames(page)).toEqual(["Priya's Kitchen"]);
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: "Priya's Kitchen" }) });
      expect(await row.textContent()).toContain('chef@hearth.test');
      // The review and fee forms are one click away, in the row.
      await row.getByText('Review, block or set the fee').click();
      expect(await row.getByRole('form', { name: "Kitchen fee of Priya's Kitchen" }).isVisible()).toBe(true);

      // By e-mail, and in one review state.
      await searchKitchens(page, { query: '@kitchens.example', status: 'BLOCKED' });
      await page.getByText('0 kitchens blocked matching “@kitchens.example”').waitFor();
      await searchKitchens(page, { status: 'APPROVED' });
      await page.getByText(/^\d+ kitchens approved matching “@kitchens\.example”/).waitFor();
      const approved = await rowNames(page);
      expect(approved.length).toBeGreaterThan(5);

      // Every kitchen, a page at a time (20 of the 22 demo kitchens and more on the first page).
      await page.getByRole('link', { name: 'Show all kitchens' }).click();
      await page.waitForURL((url) => url.pathname === '/l/admin' && url.search === '');
      await page
        .getByRole('status')
        .getByText(/^\d+ kitchens$/)
        .waitFor();
      const pages = page.getByRole('navigation', { name: 'Pages' });
      await pages.getByText(/^Page 1 of \d+$/).waitFor();
      const first = await rowNames(page);
      expect(first).toHaveLength(20);
      await pages.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '1');
      await pages.getByText(/^Page 2 of \d+$/).waitFor();
      const second = await rowNames(page);
      expect(second.length).toBeGreaterThan(0);
      expect(second.filter((name) => first.includes(name))).toEqual([]);
      await pages.getByRole('link', { name: 'Previous page' }).click();
      await page.waitForURL((url) => url.search === '');
      await pages.getByText(/^Page 1 of \d+$/).waitFor();
      expect(await rowNames(page)).toEqual(first);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
