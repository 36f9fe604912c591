import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, signInAtProvider } from './identity';

const chromium = useChromium();

/** The numbers of one column of a table's body rows, by the row's heading (the kind of data). */
async function column(page: Page, testId: string, cell: number): Promise<Record<string, number>> {
  const rows = page.getByTestId(testId);
  const out: Record<string, number> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const kind = (await row.getByRole('rowheader').textContent())?.trim() ?? '';
    out[kind] = Number((await row.getByRole('cell').nth(cell).textContent())?.trim());
  }
  return out;
}

/**
 * The admin's upkeep (issue 18): the clean's dry run from the admin home, a clean refused without the
 * confirmation (the ticked kinds kept), then confirmed: its progress page follows the worker until it has
 * finished and shows what went, which is what the dry run counted; then the migrations page, with none pending.
 *
 * The shared e2e database is left as other suites need it: the clean only removes what had expired anyway,
 * and orphaned uploads are not ticked here, because the stack's storage directory (var/storage) is the one
 * `npm start` uses too, with files this fresh database does not know.
 */
describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('cleaning and migrations %s', (_label, javaScriptEnabled) => {
  let context: BrowserContext;
  let errors: string[];

  beforeEach(() => {
    return async () => {
      expect(errors).toEqual([]);
      await context?.close();
    };
  });

  async function admin(): Promise<Page> {
    context = await newVisitorContext(chromium(), javaScriptEnabled);
    const page = await context.newPage();
    errors = watchErrors(page);
    // The admin home needs someone: it leads to the provider's sign-in, then back.
    await page.goto('/l/admin', { waitUntil: 'load' });
    await signInAtProvider(page, DEMO.admin.email, '/l/admin');
    return page;
  }

  it('the admin opens the dry run, confirms a clean, follows its progress to the result, and sees no migration pending', async () => {
    const page = await admin();
    await page.getByRole('link', { name: 'Clean expired data' }).click();
    await page.waitForURL((url) => url.pathname === '/l/admin/clean');
    await page.getByRole('heading', { level: 1, name: 'Clean expired data' }).waitFor();

    const table = page.getByRole('table', { name: 'What the clean would remove now' });
    await table.waitFor();
    const counted = await column(page, 'clean-row', 1);
    expect(Object.keys(counted)).toEqual([
      'Guest carts',
      'Login sessions',
      'Orphaned uploads',
      'Delivered e-mails',
      'Unconfirmed guest subscriptions',
    ]);
    for (const n of Object.values(counted)) expect(Number.isInteger(n) && n >= 0).toBe(true);

    const form = page.getByRole('form', { name: 'Clean expired data' });
    const kinds = form.getByRole('group', { name: 'Kinds to clean' });
    // Every kind is ticked at first; this suite leaves stored files alone (see above).
    for (const kind of Object.keys(counted))
      expect(await kinds.getByLabel(new RegExp(`^${kind} \\(\\d+\\)$`)).isChecked()).toBe(true);
    await kinds.getByLabel(/^Orphaned uploads/).uncheck();

    // Not confirmed: refused beside the box, the kinds as they were ticked.
    await form.getByRole('button', { name: 'Clean now' }).click();
    const refusal = form.getByText('Confirm the clean: the data it removes cannot be brought back.');
    await refusal.waitFor();
    expect(await kinds.getByLabel(/^Orphaned uploads/).isChecked()).toBe(false);
    expect(await kinds.getByLabel(/^Guest carts/).isChecked()).toBe(true);

    await form.getByLabel('I understand that what is removed cannot be brought back').check();
    await form.getByRole('button', { name: 'Clean now' }).click();
    await page.waitForURL((url) => url.pathname === '/l/admin/clean' && url.searchParams.has('run'));
    await page.getByText('The clean has started.').waitFor();

    // The progress page follows the job (a meta refresh without JavaScript, polling with it) to its end.
    await page.getByText('Finished.', { exact: true }).waitFor({ timeout: 60_000 });
    const found = await column(page, 'clean-run-row', 0);
    const removed = await column(page, 'clean-run-row', 1);
    const { ['Orphaned uploads']: _skipped, ...cleaned } = counted;
    expect(Object.keys(found)).toEqual(Object.keys(cleaned));
    // What the dry run counted when the clean was asked for is what went (nothing here expires in between).
    expect(removed).toEqual(found);
    const rows = page.getByTestId('clean-run-row');
    for (let i = 0; i < (await rows.count()); i++)
      expect(await rows.nth(i).getByRole('cell').nth(2).textContent()).toBe('Done');

    // The migrations page: every migration applied, none pending; a run applies nothing.
    await page.getByRole('link', { name: 'Admin home' }).click();
    await page.waitForURL((url) => url.pathname === '/l/admin');
    await page.getByRole('link', { name: 'Database migrations' }).click();
    await page.waitForURL((url) => url.pathname === '/l/admin/migrations');
    await page.getByText('None pending: the database is up to date.').waitFor();
    expect(await page.getByTestId('pending-migration').count()).toBe(0);
    expect(await page.getByTestId('applied-migration').count()).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Run pending migrations' }).click();
    await page.getByText('Nothing to apply: the database is up to date.').waitFor();
  }, 180_000);
});
