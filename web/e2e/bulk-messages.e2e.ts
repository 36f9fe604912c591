import { describe, expect, it } from 'vitest';
import { newVisitorContext, useChromium, watchErrors, WEB_URL } from './browser';
import { composeTestMessage, sendPreviewed } from './bulk';
import { DEMO, signInAtProvider, uniqueEmail } from './identity';
import { canReadMail, mailsTo, waitForMail } from './mail';

const chromium = useChromium();

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('bulk messages %s', (_label, javaScriptEnabled) => {
  it('an admin previews a test message (1 recipient), sends it and watches it reach 100%; it arrives with one-click unsubscribe', async () => {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/l/admin', { waitUntil: 'load' });
      await signInAtProvider(page, DEMO.admin.email, '/l/admin');
      await page.getByRole('link', { name: 'Messages', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/l/admin/messages');

      const to = uniqueEmail();
      const subject = `Autumn menus ${Date.now().toString(36)}`;
      await composeTestMessage(page, to, subject, 'Hello from **Hearth**: new kitchens near you.');
      const preview = page.getByTestId('bulk-preview');
      expect(await preview.getByTestId('recipient-count').textContent()).toBe(
        `1 recipient, for example: ${to}`,
      );
      // The message as rendered, in its sandboxed frame.
      await page
        .frameLocator('iframe[title="The message as recipients will see it"]')
        .getByText('new kitchens near you')
        .waitFor();
      // The fields are kept for another try.
      expect(await page.getByLabel('Subject').inputValue()).toBe(subject);

      const progressPage = await sendPreviewed(page);
      await page.getByRole('heading', { name: subject }).waitFor();
      // JavaScript off: the page reloads itself; on: it polls. Either way it reaches the end by itself.
      await page.getByTestId('progress-status').getByText('Completed').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('progress-percent').textContent()).toBe('100%');
      expect(await page.getByTestId('progress-sent').textContent()).toBe('1');
      expect(await page.getByTestId('progress-total').textContent()).toBe('1');
      expect(await page.getByRole('progressbar', { name: 'Delivered' }).getAttribute('value')).toBe('100');
      expect(await page.getByTestId('recipient-row').first().textContent()).toContain(to);

      // The history lists it, leading back to its progress page.
      await page.getByRole('link', { name: 'All messages' }).click();
      await page.waitForURL((url) => url.pathname === '/l/admin/messages');
      const row = page.getByTestId('bulk-history-row').filter({ hasText: subject });
      expect(await row.textContent()).toContain('Completed');
      await row.getByRole('link', { name: subject }).click();
      await page.waitForURL((url) => url.pathname === progressPage);

      if (canReadMail) {
        const mail = await waitForMail(to, subject);
        expect(mail.text).toContain('new kitchens near you');
        expect(mail.headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+>/);
        expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        const unsubscribe = mail.links.find((l) => new URL(l).pathname === '/l/unsubscribe');
        expect(unsubscribe, mail.links.join('\n')).toBeDefined();
        expect(new URL(unsubscribe!).origin).toBe(new URL(WEB_URL).origin);

        // The recipient unsubscribes from the link (no sign-in needed; the GET alone changes nothing).
        const recipient = await newVisitorContext(chromium(), javaScriptEnabled);
        try {
          const inbox = await recipient.newPage();
          await inbox.goto(unsubscribe!, { waitUntil: 'load' });
          await inbox.getByRole('button', { name: 'Unsubscribe' }).click();
          await inbox.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
          await inbox
            .getByText(`${to} is unsubscribed from Hearth announcements and kitchen news.`)
            .waitFor();
        } finally {
          await recipient.close();
        }

        // The next message to that address skips it: nothing is sent, the page says why.
        await page.getByRole('link', { name: 'All messages' }).click();
        await page.waitForURL((url) => url.pathname === '/l/admin/messages');
        const again = `${subject} (again)`;
        await composeTestMessage(page, to, again, 'A second note.');
        await sendPreviewed(page);
        await page.getByRole('heading', { name: again }).waitFor();
        await page.getByTestId('progress-status').getByText('Completed').waitFor({ timeout: 60_000 });
        expect(await page.getByTestId('progress-skipped').textContent()).toBe('1');
        expect(await page.getByTestId('progress-sent').textContent()).toBe('0');
        expect((await mailsTo(to)).map((m) => m.subject)).toEqual([subject]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("the admin opens the queue dashboard from /l/admin and sees the app's queues", async () => {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/l/admin', { waitUntil: 'load' });
      await signInAtProvider(page, DEMO.admin.email, '/l/admin');
      await page.getByRole('link', { name: 'Queues', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/services/publisher/api/admin/queues'));
      expect(await page.title()).toBe('Hearth queues');
      if (javaScriptEnabled) {
        // bull-board's own app: it loads under the page's policy and lists every queue.
        for (const queue of ['mail', 'bulk-messages', 'settlements'])
          await page.getByText(queue, { exact: true }).first().waitFor();
        expect(errors.filter((e) => !e.includes('fonts.googleapis.com'))).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
