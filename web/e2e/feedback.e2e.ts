import { randomInt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn, uniqueEmail } from './identity';

const chromium = useChromium();

/** A word no other run has used, of letters only (digits in a log message are scrubbed as numbers). */
const uniqueWord = (prefix: string) =>
  prefix + Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');

/**
 * Feedback and client logs (issue 18): a customer (signed in with JavaScript, a visitor without) leaves
 * feedback about the site from the footer's link; an admin finds it on /l/admin/feedback by a word of it and
 * its stars. With JavaScript, errors thrown in a page reach /l/admin/logs, grouped with a count.
 */
describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('feedback %s', (_label, javaScriptEnabled) => {
  let contexts: BrowserContext[];

  beforeEach(() => {
    contexts = [];
    return async () => {
      for (const c of contexts) await c.close();
    };
  });

  async function visitor(): Promise<Page> {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    contexts.push(context);
    return context.newPage();
  }

  it('a customer leaves site feedback from the footer and an admin finds it by a word and its stars', async () => {
    const word = uniqueWord('feedback');
    const customer = await visitor();
    const errors = watchErrors(customer);
    // With JavaScript the demo customer (signed in: the account's name goes with it); without, a visitor who
    // leaves a name and an e-mail.
    const name = javaScriptEnabled ? 'Casey Customer' : `Visitor ${word}`;
    if (javaScriptEnabled) await signIn(customer, 'customer', '/');
    else await customer.goto('/', { waitUntil: 'load' });
    await customer.getByRole('contentinfo').getByRole('link', { name: 'Tell us what you think' }).click();
    await customer.waitForURL((url) => url.pathname === '/resources/feedback');
    const form = customer.getByRole('form', { name: 'Tell us what you think' });
    if (!javaScriptEnabled) {
      await form.getByLabel('Your name (optional)').fill(name);
      await form.getByLabel(/^E-mail/).fill(uniqueEmail());
    }
    await form.getByLabel('4 stars').check();
    // Too short: refused beside the field, and nothing typed is lost.
    await form.getByLabel('Your feedback').fill('x');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => customer.getByText('Tell us in a few words.').count()).toBe(1);
    expect(await form.getByLabel('4 stars').isChecked()).toBe(true);
    if (!javaScriptEnabled) expect(await form.getByLabel('Your name (optional)').inputValue()).toBe(name);

    await form.getByLabel('Your feedback').fill(`The ${word} page was easy to find.`);
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await customer.getByText('Thank you — your feedback reached the Hearth team').first().waitFor();
    expect(errors).toEqual([]);

    const admin = await visitor();
    await signIn(admin, 'admin', '/');
    await admin.goto('/l/admin', { waitUntil: 'load' });
    await admin.getByRole('link', { name: 'Feedback' }).click();
    await admin.waitForURL((url) => url.pathname === '/l/admin/feedback');
    const search = admin.getByRole('search', { name: 'Find feedback' });
    await search.getByLabel('Words, name or e-mail').fill(word);
    await search.getByLabel('Stars').selectOption('4');
    await search.getByRole('button', { name: 'Search' }).click();
    await admin.waitForURL((url) => url.searchParams.get('query') === word);
    const rows = admin.getByTestId('feedback-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toContain(`The ${word} page was easy to find.`);
    expect(await row.textContent()).toContain(name);
    expect(await row.textContent()).toContain('4 of 5 stars');
    expect(await row.textContent()).toContain(javaScriptEnabled ? 'signed in' : 'visitor');

    // Other stars do not find it.
    await admin.goto(`/l/admin/feedback?query=${word}&rating=2`, { waitUntil: 'load' });
    await admin.getByText('No feedback matches this search.').waitFor();
  }, 120_000);

  it.runIf(javaScriptEnabled)(
    'errors thrown in a page show up on /l/admin/logs grouped by message, with personal data removed',
    async () => {
      const word = uniqueWord('boom');
      const page = await visitor();
      let reports = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/client-log') reports++;
      });
      // The same error on two page loads (each page load reports a message once), and a rejected promise.
      for (let load = 1; load <= 2; load++) {
        await page.goto('/resources/about', { waitUntil: 'load' });
        await page.evaluate((w) => {
          setTimeout(() => {
            throw new Error(`E2E ${w} for someone@example.com`);
          });
          void Promise.reject(new TypeError(`E2E ${w} rejected`));
        }, word);
        await expect.poll(() => reports, { timeout: 10_000 }).toBe(2 * load);
      }
      await page.goto('/resources/about', { waitUntil: 'load' });

      const admin = await visitor();
      await signIn(admin, 'admin', '/');
      await admin.goto('/l/admin', { waitUntil: 'load' });
      await admin.getByRole('link', { name: 'Client errors' }).click();
      await admin.waitForURL((url) => url.pathname === '/l/admin/logs');
      const group = (message: string) =>
        admin.getByTestId('log-group').filter({ has: admin.getByText(message, { exact: true }) });
      const thrown = group(`Error: E2E ${word} for [email]`);
      // The beacons arrive on their own time: look again until both reports of the thrown error are counted.
      await expect
        .poll(
          async () => {
            await admin.reload({ waitUntil: 'load' });
            return (await thrown.count()) ? thrown.getByTestId('log-count').textContent() : null;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe('2');
      expect(await thrown.textContent()).toContain('/resources/about');
      expect(await thrown.textContent()).toMatch(/Chrome \d+/);
      expect(await group(`TypeError: E2E ${word} rejected`).getByTestId('log-count').textContent()).toBe('2');
      expect(await admin.getByText('someone@example.com').count()).toBe(0);
    },
    120_000,
  );
});
