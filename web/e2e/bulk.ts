import type { Page } from 'playwright-core';

/** The compose form of /l/admin/messages. */
export function composeForm(page: Page) {
  return page.getByRole('form', { name: 'Compose a message' });
}

/**
 * On /l/admin/messages (signed in as an admin): composes a TEST_EMAIL message to `to` and previews it.
 * Leaves the page on the preview, whose "Send to 1 recipient" button sends it.
 */
export async function composeTestMessage(page: Page, to: string, subject: string, content: string) {
  const form = composeForm(page);
  await form.getByRole('radio', { name: 'Test e-mail' }).check();
  await form.getByRole('textbox', { name: 'Addresses' }).fill(to);
  await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await form.getByRole('textbox', { name: 'Content' }).fill(content);
  await form.getByRole('button', { name: 'Preview', exact: true }).click();
  await page.getByRole('heading', { name: 'Preview', exact: true }).waitFor();
}

/** Sends the previewed message and waits for its progress page (`/l/admin/messages/{id}`). */
export async function sendPreviewed(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Send to \d+ recipients?$/ }).click();
  await page.waitForURL((url) => /^\/l\/admin\/messages\/[0-9a-f-]{36}$/.test(url.pathname));
  return new URL(page.url()).pathname;
}

/** Sends a test message to `to` from /l/admin/messages, so the history has a progress page to link to. */
export async function sendTestMessage(page: Page, to: string): Promise<string> {
  await page.goto('/l/admin/messages', { waitUntil: 'load' });
  await composeTestMessage(page, to, 'A test message', 'Hello from **Hearth**.');
  return sendPreviewed(page);
}
