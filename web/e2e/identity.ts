import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { WEB_URL } from './browser';

/** The demo accounts of the local identity provider (api/src/identity-provider/demo-accounts.ts). */
export const DEMO = {
  customer: { email: 'customer@hearth.test', name: 'Casey Customer' },
  chef: { email: 'chef@hearth.test', name: 'Priya Raman' },
  admin: { email: 'admin@hearth.test', name: 'Alex Admin' },
} as const;
export const DEMO_PASSWORD = 'hearth-demo';

/** A URL matcher for a page of the site: `path` exactly (query included), on WEB_URL. */
export function onSite(path: string): (url: URL) => boolean {
  return (url) => url.origin === new URL(WEB_URL).origin && `${url.pathname}${url.search}` === path;
}

/** Fills the provider's login page ("Email", "Password", "Sign in") and waits to be back on `returnTo`. */
export async function signInAtProvider(
  page: Page,
  email: string,
  returnTo: string,
  password = DEMO_PASSWORD,
) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(onSite(returnTo));
}

/** Signs in from the header's "Sign in" link on `path`, coming back to `path`. */
export async function signIn(page: Page, account: keyof typeof DEMO, path = '/') {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForURL(onSite(path));
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await signInAtProvider(page, DEMO[account].email, path);
}

/** The signed-in name in the header (the desktop account menu's summary). */
export function headerAccount(page: Page, name: string) {
  return page.getByRole('banner').locator('summary').filter({ hasText: name });
}

/**
 * Signs out through the header's account menu. The provider's end-session page submits itself with
 * JavaScript; without it the visitor presses its "Sign out" button, as a person would.
 */
export async function signOut(page: Page, name: string, javaScriptEnabled: boolean) {
  await headerAccount(page, name).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  if (!javaScriptEnabled) {
    await page.waitForURL((url) => url.origin !== new URL(WEB_URL).origin);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
  }
  await page.waitForURL(onSite('/'));
}

/** An e-mail address no earlier run has used. */
export function uniqueEmail(): string {
  return `e2e-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@hearth.test`;
}
