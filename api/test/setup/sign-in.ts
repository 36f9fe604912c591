import { expect } from 'vitest';
import type { RunningIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import { TestBrowser } from './browser.js';

const API = '/services/publisher/api';

/**
 * Signs a browser in through the real local provider (code flow with PKCE): starts at `auth/login` (or
 * `loginPath`, e.g. with `reauth=1`), fills the provider's form when it asks, and follows the callback.
 * Returns the callback's answer (a redirect to the web origin).
 */
export async function signIn(
  browser: TestBrowser,
  origin: string,
  idp: RunningIdentityProvider,
  email: string,
  { returnTo = '/l/orders', query = '', password = 'hearth-demo' } = {},
): Promise<{ res: Response; askedForPassword: boolean; authorize: URL }> {
  const start = await browser.request(
    `${origin}${API}/auth/login?redirect=${encodeURIComponent(returnTo)}${query}`,
  );
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const idpOrigin = new URL(idp.issuer).origin;
  const page = await browser.follow(authorize.href, {}, idpOrigin);
  const done = page.location
    ? page
    : await browser.submit(page.url, await page.res.text(), { email, password }, idpOrigin);
  expect(done.location, 'the provider sends the browser back to the callback').toContain(
    `${API}/auth/callback`,
  );
  return { res: await browser.request(done.location!), askedForPassword: !page.location, authorize };
}

export { TestBrowser };
