import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, onSite, signInAtProvider, uniqueEmail } from './identity';
import { searchKitchens } from './admin-kitchens';

const chromium = useChromium();

/** A new person registers at the provider and then a kitchen, which awaits review (PENDING). */
async function registerPendingKitchen(page: Page, run: string, brand: string): Promise<void> {
  await page.goto('/l/chef-registration', { waitUntil: 'load' });
  await page.getByRole('link', { name: 'Create an account to start' }).click();
  const providerPage = page.getByRole('heading', { name: /Create your account|Sign in/ });
  await providerPage.waitFor();
  if ((await providerPage.textContent()) === 'Sign in')
    await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(`Home ${run}`);
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.getByLabel('Repeat password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(onSite('/l/chef-registration'));
  const form = page.getByRole('form', { name: 'Register your kitchen' });
  const fill = (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
  await fill('Kitchen name', `e2e-home-${run}`);
  await fill('Brand display name', brand);
  await form.getByLabel('Brand type', { exact: true }).selectOption('HOME_KITCHEN');
  await fill('Speciality', 'Breads');
  await fill('Description', 'Bread from a home oven.');
  await form.getByLabel('Phone country code', { exact: true }).selectOption('+1');
  await fill('Phone number', '201 555 0123');
  await form.getByLabel('Country', { exact: true }).selectOption('United States');
  await form.getByLabel('Time zone', { exact: true }).selectOption('America/New_York');
  await fill('Address line 1', '77 Hudson St');
  await fill('City', 'Jersey City');
  await fill('State', 'NJ');
  await fill('Zip code', '07302');
  await form.getByRole('checkbox', { name: /I accept the chef agreement/ }).check();
  await form.getByRole('button', { name: 'Register my kitchen' }).click();
  await page.getByRole('heading', { name: 'Your kitchen awaits review' }).waitFor();
}

/** Opens a figure's "Show the numbers" unless it is open already. */
async function showNumbers(figure: Locator): Promise<void> {
  const details = figure.locator('details');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await figure.getByText('Show the numbers').click();
}

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('the admin home and the audit trail %s', (_label, javaScriptEnabled) => {
  it('shows the platform numbers with their table, changes the window, approves a kitchen and finds it on the audit trail', async () => {
    const run = `${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'h'}`;
    const brand = `E2E Home Bakery ${run}`;
    const comment = `Welcome, baker ${run}`;
    const chefContext = await newVisitorContext(chromium(), javaScriptEnabled);
    const adminContext = await newVisitorContext(chromium(), javaScriptEnabled);
    const chef = await chefContext.newPage();
    const page = await adminContext.newPage();
    const errors = [...watchErrors(chef), ...watchErrors(page)];
    try {
      await registerPendingKitchen(chef, run, brand);

      // 1. The admin home opens with the platform's numbers above the back-office list.
      await page.goto('/l/admin', { waitUntil: 'load' });
      await signInAtProvider(page, DEMO.admin.email, '/l/admin');
      const platform = page.getByRole('region', { name: 'The platform' });
      await platform.getByText(/\(30 days, UTC\)/).waitFor();
      const kitchens = platform.getByRole('region', { name: 'Kitchens' });
      const pending = Number(await kitchens.getByRole('definition').first().textContent());
      expect(pending).toBeGreaterThanOrEqual(1);
      expect(await platform.getByRole('region', { name: 'Customers' }).getByText('Accounts').count()).toBe(1);
      // The plot has its numbers as a table, one row per day of the window.
      const orders = platform.getByRole('figure', { name: 'Orders per day' });
      if (await orders.locator('svg').count()) {
        await showNumbers(orders);
        const table = orders.getByRole('table', { name: 'Orders per day' });
        await table.waitFor();
        expect(await table.getByRole('rowheader').count()).toBe(30);
      } else {
        await orders.getByText('No orders in these days.').waitFor();
      }
      // The back-office list is still there, below.
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Audit trail' })
        .waitFor();

      // 2. A shorter window, with a plain GET form.
      await platform.getByLabel('Days shown').selectOption('7');
      await platform.getByRole('button', { name: 'Show', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('days') === '7');
      await platform.getByText(/\(7 days, UTC\)/).waitFor();
      if (await orders.locator('svg').count()) {
        // With JavaScript the page is re-rendered in place and the <details> may still be open.
        await showNumbers(orders);
        expect(
          await orders.getByRole('table', { name: 'Orders per day' }).getByRole('rowheader').count(),
        ).toBe(7);
      }

      // 3. The new kitchen is approved from the kitchen list below.
      // The new kitchen is on the unfiltered list too: the comment goes into the search's list, not that one.
      await searchKitchens(page, { query: run, status: 'PENDING' });
      const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: brand }) });
      await entry.waitFor();
      await entry.getByText('Review, block or set the fee').click();
      await entry
        .getByRole('form', { name: `Approve ${brand}` })
        .getByLabel('Review comments (optional)')
        .fill(comment);
      await entry.getByRole('button', { name: `Approve ${brand}` }).click();
      await page.getByText(`Kitchen approved — ${brand} is live.`).first().waitFor();

      // 4. The audit trail, from the back-office list, filtered by the action: the approval is there.
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Audit trail' })
        .click();
      await page.waitForURL(onSite('/l/admin/audit'));
      const filters = page.getByRole('search', { name: 'Filter the audit trail' });
      await filters.getByLabel('Action').fill('publisher.');
      await filters.getByLabel('Who').fill(DEMO.admin.email);
      await filters.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL((url) => url.searchParams.get('action') === 'publisher.');
      const row = page.getByRole('row').filter({ hasText: comment });
      await row.waitFor();
      const text = await row.textContent();
      expect(text).toContain('publisher.approve');
      expect(text).toContain(DEMO.admin.email);
      expect(text).toContain('PENDING');
      expect(text).toContain('APPROVED');
      expect(await row.getByRole('cell').last().textContent()).toMatch(/\S{8,}/);

      // A bad filter is named beside its field, and what was typed stays.
      await filters.getByLabel('Who').fill('not-an-account');
      await filters.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL((url) => url.searchParams.get('actor') === 'not-an-account');
      await page.getByText('actor must be an account id or an e-mail address').waitFor();
      expect(await filters.getByLabel('Who').inputValue()).toBe('not-an-account');
      expect(await filters.getByLabel('Action').inputValue()).toBe('publisher.');
      expect(errors).toEqual([]);
    } finally {
      await chefContext.close();
      await adminContext.close();
    }
  }, 120_000);
});
