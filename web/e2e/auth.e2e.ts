import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, headerAccount, onSite, signIn, signInAtProvider, signOut, uniqueEmail } from './identity';

const chromium = useChromium();

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('signing in %s', (_label, javaScriptEnabled) => {
  // Every test is a new visitor: its own cookies, so sessions never leak from one test to the next.
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await newVisitorContext(chromium(), javaScriptEnabled);
    page = await context.newPage();
    errors = watchErrors(page);
    return async () => {
      expect(errors).toEqual([]);
      await context.close();
    };
  });

  it.each(Object.keys(DEMO) as (keyof typeof DEMO)[])(
    'signs in as the demo %s and sees the name in the header',
    async (account) => {
      await signIn(page, account, '/resources/about');
      await headerAccount(page, DEMO[account].name).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      await headerAccount(page, DEMO[account].name).click();
      const links = await page
        .getByRole('navigation', { name: 'Account', exact: true })
        .getByRole('link')
        .allTextContents();
      expect(links.slice(0, 4)).toEqual(['My orders', 'Favourites', 'Addresses', 'Signed-in devices']);
      expect(links.includes('Manage menus')).toBe(account === 'chef');
      expect(links.includes('Admin')).toBe(account === 'admin');
    },
  );

  it('answers /l/admin with the 403 page for the customer', async () => {
    await signIn(page, 'customer');
    const response = await page.goto('/l/admin', { waitUntil: 'load' });
    expect(response?.status()).toBe(403);
    expect(await page.title()).toBe('403 - Forbidden');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Forbidden');
    await page
      .getByText('This page is for admins. You are signed in as Casey Customer, who is not an admin.')
      .waitFor();
  });

  it('takes an anonymous visitor of /l/admin to the provider and back to /l/admin as admin', async () => {
    await page.goto('/l/admin', { waitUntil: 'load' });
    await signInAtProvider(page, DEMO.admin.email, '/l/admin');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin');
    expect(await page.getByRole('main').getByText('Signed in as').textContent()).toContain('Alex Admin');
    await headerAccount(page, DEMO.admin.name).waitFor();
  });

  it('signs out, ending the session here and at the provider', async () => {
    await signIn(page, 'chef');
    await signOut(page, DEMO.chef.name, javaScriptEnabled);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await headerAccount(page, DEMO.chef.name).count()).toBe(0);
    // The session is really gone, and so is the provider's: signing in asks for the password again.
    await page.goto('/l/orders', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
  });

  it('registers a new account from /resources/about and lands back there signed in', async () => {
    await page.goto('/resources/about', { waitUntil: 'load' });
    await page.waitForURL(onSite('/resources/about'));
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    // The API opens the registration page directly; from the login page it is one link away.
    const heading = page.getByRole('heading', { name: /Create your account|Sign in/ });
    await heading.waitFor();
    if ((await heading.textContent()) === 'Sign in')
      await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const email = uniqueEmail();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByLabel('Repeat password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(onSite('/resources/about'));
    await headerAccount(page, 'Robin Newcomer').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About Hearth');
  });

  it('adds a delivery address on /l/addresses and sees it listed', async () => {
    // A guarded page: the visitor goes to the provider first and comes back to it.
    await page.goto('/l/addresses', { waitUntil: 'load' });
    await signInAtProvider(page, DEMO.customer.email, '/l/addresses');
    const name = `E2E ${javaScriptEnabled ? 'js' : 'html'} ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Add an address' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Address line 1').fill('77 Hudson St');
    await form.getByLabel('City').fill('Jersey City');
    await form.getByLabel('State').fill('NJ');
    await form.getByLabel('Zip code').fill('07302');
    await form.getByLabel('Country').selectOption('United States');
    await form.getByLabel('Type of place').selectOption('APARTMENT');
    await form.getByLabel('Note for the driver').fill('Leave it with the doorman');
    await form.getByRole('button', { name: 'Add address' }).click();
    await page.getByText(`Address “${name}” added`).waitFor();
    const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await saved.waitFor();
    expect(await saved.textContent()).toContain('77 Hudson St, Jersey City, NJ 07302, United States');
    expect(await saved.textContent()).toContain('Apartment');
  });
});

describe('signing in with the service worker installed', () => {
  it('completes the sign-in on the first try (no second request spends the one-time state)', async () => {
    const context = await newVisitorContext(chromium(), true, 'allow');
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/resources/about', { waitUntil: 'load' });
      // A returning visitor: the worker is installed and controls the page.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return Boolean(registration.active);
      });
      await page.reload({ waitUntil: 'load' });
      expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await signIn(page, 'customer', '/resources/about');
      await headerAccount(page, DEMO.customer.name).waitFor();
      expect(page.url()).not.toContain('authError');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
