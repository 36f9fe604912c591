import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { gotoWithinWindow, newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, onSite, signInAtProvider, uniqueEmail } from './identity';
import { canReadMail, waitForMail } from './mail';

const chromium = useChromium();

/** A 1×1 PNG, enough for the API to take as a picture. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Moderation in the back office (issue 18 parts 3, 4 and 8), end to end: an admin hides the picture of a
 * dish the demo chef just created (the public page shows the neutral picture, the chef sees why; the dish
 * is deleted at the end), and an admin finds a fresh account, disables it (it is signed out at once and
 * cannot sign in) and enables it again. No demo account or demo dish is changed.
 */
describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('moderation %s', (_label, javaScriptEnabled) => {
  let contexts: BrowserContext[];
  let errors: string[][];
  const run = `${javaScriptEnabled ? 'js' : 'html'}${Date.now().toString(36)}`;

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

  it('an admin hides a dish picture: the public page shows the neutral picture, the chef sees why', async () => {
    const itemName = `Moderated Soup ${run}`;
    const chef = await visitor();
    await chef.goto('/l/manage-menus/items/new', { waitUntil: 'load' });
    await signInAtProvider(chef, DEMO.chef.email, '/l/manage-menus/items/new');
    const itemForm = chef.getByRole('form', { name: 'Add an item' });
    await itemForm.getByLabel('Name', { exact: true }).fill(itemName);
    await itemForm.getByLabel('Measurement of pricing option 1', { exact: true }).fill('Bowl');
    await itemForm.getByLabel('Quantity of pricing option 1', { exact: true }).fill('1');
    await itemForm.getByLabel('Price of pricing option 1', { exact: true }).fill('6.50');
    await itemForm.getByLabel('Serves of pricing option 1', { exact: true }).fill('1');
    await chef.getByRole('button', { name: 'Save item' }).click();
    await chef.waitForURL((url) => /^\/l\/manage-menus\/items\/[0-9a-f-]{36}$/.test(url.pathname));
    const itemId = new URL(chef.url()).pathname.split('/').pop()!;
    try {
      await chef
        .getByLabel('Choose pictures')
        .setInputFiles({ name: 'soup.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
      await chef.getByRole('button', { name: 'Upload pictures' }).click();
      await chef.getByRole('img', { name: `${itemName}, picture 1` }).waitFor();

      // The admin opens the dish's public page, follows the admin link and hides the picture.
      const admin = await visitor();
      await admin.goto(`/items/${itemId}`, { waitUntil: 'load' });
      await admin.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      await signInAtProvider(admin, DEMO.admin.email, `/items/${itemId}`);
      await admin.getByRole('link', { name: 'Hide the pictures (admin)' }).click();
      await admin.waitForURL(onSite(`/l/admin/items/${itemId}`));
      const hide = admin.getByRole('form', { name: `Hide the pictures of ${itemName}` });
      // A reason is needed; what was typed stays when refused.
      await hide.getByLabel(/Why hide the pictures/).fill('no');
      await hide.getByRole('button', { name: 'Hide picture' }).click();
      await admin.getByText('Give a reason of at least 3 characters.').waitFor();
      const reason = `Shows a brand logo (${run})`;
      await admin
        .getByRole('form', { name: `Hide the pictures of ${itemName}` })
        .getByLabel(/Why hide the pictures/)
        .fill(reason);
      await admin.getByRole('button', { name: 'Hide picture' }).click();
      await admin
        .getByText('The pictures are hidden from the public; the chef is told why.')
        .first()
        .waitFor();
      await admin.getByText(`Hidden from the public. Reason: ${reason}`).waitFor();

      // Anyone else sees the neutral picture with an honest text (a guest within the page cache's window).
      const guest = await visitor();
      const fallback = guest.getByRole('img', {
        name: `The picture of ${itemName} is hidden by Hearth's moderators`,
      });
      await gotoWithinWindow(guest, `/items/${itemId}`, async () => (await fallback.count()) > 0);
      await fallback.waitFor();
      expect(await fallback.getAttribute('src')).toBe('/images/picture-hidden.svg');
      expect(await guest.getByRole('img', { name: itemName, exact: true }).count()).toBe(0);

      // The chef still sees the picture, marked hidden, with the reason; and is told by e-mail.
      await chef.goto(`/l/manage-menus/items/${itemId}`, { waitUntil: 'load' });
      await chef.getByText('Hidden by Hearth: customers see a neutral picture instead of these.').waitFor();
      await chef.getByText(`Reason: ${reason}`).waitFor();
      await chef.getByRole('img', { name: `${itemName}, picture 1` }).waitFor();
      if (canReadMail) {
        const mail = await waitForMail(
          DEMO.chef.email,
          (m) => m.subject === `The pictures of ${itemName} are hidden`,
        );
        expect(mail.text).toContain(reason);
      }

      // Shown again.
      await admin.getByRole('button', { name: 'Show the pictures again' }).click();
      await admin.getByText('Shown to the public.').waitFor();
      const picture = guest.getByRole('img', { name: itemName, exact: true });
      await gotoWithinWindow(guest, `/items/${itemId}`, async () => (await picture.count()) > 0);
      await picture.waitFor();
    } finally {
      await chef.goto(`/l/manage-menus/items/${itemId}/delete`, { waitUntil: 'load' });
      await chef.getByRole('button', { name: 'Delete item' }).click();
      await chef.waitForURL((url) => url.pathname === '/l/manage-menus');
    }
  }, 180_000);

  it('an admin finds a fresh account, disables it (signed out at once, cannot sign in) and enables it', async () => {
    // A fresh account, never a demo one.
    const person = await visitor();
    const email = uniqueEmail();
    const familyName = `Moderated ${run}`;
    await person.goto('/resources/about', { waitUntil: 'load' });
    await person.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    const heading = person.getByRole('heading', { name: /Create your account|Sign in/ });
    await heading.waitFor();
    if ((await heading.textContent()) === 'Sign in')
      await person.getByRole('link', { name: 'Create an account' }).click();
    await person.getByLabel('First name').fill('Robin');
    await person.getByLabel('Last name').fill(familyName);
    await person.getByLabel('Email').fill(email);
    await person.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await person.getByLabel('Repeat password').fill('a-long-enough-password');
    await person.getByRole('button', { name: 'Create account' }).click();
    await person.waitForURL(onSite('/resources/about'));
    await person.goto('/l/sessions', { waitUntil: 'load' });
    await person.waitForURL(onSite('/l/sessions'));

    const admin = await visitor();
    await admin.goto('/l/admin', { waitUntil: 'load' });
    await signInAtProvider(admin, DEMO.admin.email, '/l/admin');
    await admin.getByRole('link', { name: 'Users and kitchens' }).click();
    await admin.waitForURL(onSite('/l/admin/users'));
    const search = admin.getByRole('search', { name: 'Find people' });
    await search.getByLabel('Search by').selectOption('email');
    await search.getByLabel('Looking for').fill(email.toUpperCase());
    await search.getByRole('button', { name: 'Search' }).click();
    await admin.getByText(/1 person matches e-mail/).waitFor();
    await admin.getByRole('link', { name: `Robin ${familyName}` }).click();
    await admin.getByRole('heading', { level: 1, name: `Robin ${familyName}` }).waitFor();
    expect(await admin.getByTestId('user-status').textContent()).toBe('Active');

    const reason = `Fraudulent orders (${run})`;
    await admin.getByLabel(/Why disable/).fill(reason);
    await admin.getByRole('button', { name: 'Disable the account' }).click();
    await admin.getByText('The account is disabled and signed out everywhere.').first().waitFor();
    expect(await admin.getByTestId('user-status').textContent()).toBe('Disabled');
    await admin.getByText(` — ${reason}`, { exact: false }).waitFor();

    // The person's very next page: signed out. Signing in again (the provider still knows them) is refused,
    // on the home page, with a clear message.
    await person.goto('/l/sessions', { waitUntil: 'load' });
    await person.waitForURL(onSite('/'));
    await person
      .getByText(/We could not sign you in: this account is disabled/)
      .first()
      .waitFor();

    await admin.getByRole('button', { name: 'Enable the account' }).click();
    await admin.getByText('The account is enabled: the person can sign in again.').first().waitFor();
    expect(await admin.getByTestId('user-status').textContent()).toBe('Active');

    await person.goto('/l/sessions', { waitUntil: 'load' });
    await person.waitForURL(onSite('/l/sessions'));
  }, 180_000);
});
