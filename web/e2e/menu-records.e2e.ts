import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn } from './identity';

const chromium = useChromium();

const API = '/services/publisher/api';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('menu receipts and history %s', (_label, javaScriptEnabled) => {
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

  it('the demo chef uploads a receipt for a cook date, sees it listed and in the history, then deletes it', async () => {
    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    await chef.goto('/l/manage-menus', { waitUntil: 'load' });
    await chef
      .getByRole('link', { name: /^Receipts and history of / })
      .first()
      .click();
    await chef.waitForURL((u) => /^\/l\/manage-menus\/[0-9a-f-]{36}\/records$/.test(u.pathname));
    await chef.getByRole('heading', { level: 1, name: /^Receipts and history: / }).waitFor();
    const menuId = new URL(chef.url()).pathname.split('/')[3];

    // A date of the menu from the select (the first real one), a unique file name for this run.
    const dateSelect = chef.getByLabel('For the cook date');
    const options = await dateSelect
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(options.length, 'the demo menu has cook dates').toBeGreaterThan(0);
    const date = options[0];
    await dateSelect.selectOption(date);
    const name = `groceries-${randomUUID().slice(0, 8)}.pdf`;
    await chef.getByLabel('Receipt files').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await chef.getByRole('button', { name: 'Upload receipts' }).click();

    const table = chef.getByRole('table', { name: 'Receipts of this menu' });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const link = row.getByRole('link', { name, exact: true });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${API}/menu/${menuId}/receipts/[0-9a-f-]{36}$`));
    const download = await chef.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);

    // Listed for the board under its cook date.
    const byDate = await (await chef.request.get(`${API}/order/receipts?date=${date}`)).json();
    expect(byDate.map((r: { name: string }) => r.name)).toContain(name);

    // The history, newest first: the upload is on top, by "You".
    const history = chef.getByRole('list', { name: 'Menu history, newest first' });
    const newest = history.getByRole('listitem').first();
    expect(await newest.textContent()).toContain('Receipts uploaded');
    expect(await newest.textContent()).toContain(`1 receipt for ${date}.`);
    expect(await newest.textContent()).toContain('You ·');

    // Delete, with a confirm step.
    await row.getByRole('link', { name: `Delete… ${name}` }).click();
    await chef
      .getByRole('heading', { name: new RegExp(`Delete the receipt “${name.replace('.', '\\.')}”`) })
      .waitFor();
    await chef.getByRole('button', { name: 'Delete receipt' }).click();
    await chef.getByText('Receipt deleted').first().waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: name }).count()).toBe(0);
    expect((await chef.request.get(href!)).status()).toBe(404);
  });

  it('refuses a file that is not a PDF or a picture, beside the file input', async () => {
    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    await chef.goto('/l/manage-menus', { waitUntil: 'load' });
    await chef
      .getByRole('link', { name: /^Receipts and history of / })
      .first()
      .click();
    await chef.getByRole('heading', { level: 1, name: /^Receipts and history: / }).waitFor();
    await chef.getByLabel('Receipt files').setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>not a receipt</html>'),
    });
    await chef.getByRole('button', { name: 'Upload receipts' }).click();
    await chef.getByText('The file must be a PDF document or a JPEG, PNG or WebP image.').waitFor();
    const input = chef.getByLabel('Receipt files');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
  });
});
