import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { horizontalOverflow, newVisitorContext, phoneViewport, useChromium, watchErrors } from './browser';
import { signIn } from './identity';

const chromium = useChromium();

/** The rows of the table under a figure, opened through its "Show the numbers" summary. */
async function tableRows(page: Page, figureName: string | RegExp): Promise<string[]> {
  const figure = page.getByRole('figure', { name: figureName });
  // Opened once; after a client-side navigation (JavaScript on) it may still be open.
  if (!(await figure.locator('details').evaluate((d) => (d as HTMLDetailsElement).open)))
    await figure.getByText('Show the numbers').click();
  const table = figure.getByRole('table');
  await table.waitFor();
  return table.getByRole('row').allTextContents();
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('dashboard %s', (_label, javaScriptEnabled) => {
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

  it("the demo chef opens the dashboard from the kitchen's pages and sees the plots with their tables", async () => {
    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
    await chef
      .getByRole('navigation', { name: 'Your kitchen' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await chef.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(chef.url()).pathname).toBe('/l/dashboard');

    for (const name of [
      'Sales per week',
      'Orders and portions per cook date',
      /^Rating per week/,
      'Top items by portions',
      'Pickup and delivery',
      'Cancellations per week',
    ]) {
      const figure = chef.getByRole('figure', { name });
      await figure.waitFor();
      // The demo history fills every plot: each shows its SVG (with a summary) rather than an empty sentence.
      const svg = figure.getByRole('img');
      expect(await svg.getAttribute('aria-label')).toBeTruthy();
    }
    const sales = await tableRows(chef, 'Sales per week');
    expect(sales[0]).toBe('WeekSalesRefundedOrders');
    expect(sales).toHaveLength(1 + 12 + 1); // header, 12 weeks, total
    expect(sales.at(-1)).toMatch(/^Total\$[\d,]+\.\d\d\$[\d,]+\.\d\d\d+$/);
    const top = await tableRows(chef, 'Top items by portions');
    expect(top.some((r) => r.startsWith('Butter Chicken'))).toBe(true);

    // A shorter window through the GET form.
    await chef.getByLabel('Weeks shown').selectOption('4');
    await chef.getByRole('button', { name: 'Show' }).click();
    await chef.waitForURL((u) => u.searchParams.get('weeks') === '4', { waitUntil: 'commit' });
    // 4 weeks and the total (the table is in the page, its <details> open or not).
    await expect
      .poll(() => chef.getByRole('figure', { name: 'Sales per week' }).locator('tbody tr').count(), {
        timeout: 10_000,
      })
      .toBe(5);
    expect(await tableRows(chef, 'Sales per week')).toHaveLength(1 + 4 + 1);
  });

  it('fits a 320 px screen', async () => {
    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    await chef.setViewportSize(phoneViewport(320));
    await chef.goto('/l/dashboard', { waitUntil: 'load' });
    await chef.getByRole('figure', { name: 'Sales per week' }).waitFor();
    expect(await horizontalOverflow(chef)).toBeNull();
  });

  it("the admin opens the platform's dashboard from the admin page: money per currency", async () => {
    const admin = await visitor();
    await signIn(admin, 'admin', '/');
    await admin.goto('/l/admin', { waitUntil: 'load' });
    await admin.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: 'Platform dashboard' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/l/admin/dashboard');
    const usd = await tableRows(admin, 'Sales per week in USD');
    expect(usd.at(-1)).toMatch(/^Total\$/);
    const inr = await tableRows(admin, 'Sales per week in INR');
    expect(inr.at(-1)).toMatch(/^Total₹/);
    const top = await tableRows(admin, 'Top items by portions');
    expect(top[0]).toBe('ItemKitchenPortionsSales (items)');
    await admin.getByRole('figure', { name: 'Cancellations per week' }).getByRole('img').waitFor();
  });

  it('keeps the admin dashboard from a chef', async () => {
    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    const response = await chef.goto('/l/admin/dashboard', { waitUntil: 'load' });
    expect([403, 404]).toContain(response?.status());
  });
});
