import { describe, expect, it } from 'vitest';
import { SSO_COOKIE } from '@hearth/shared';
import { BOT_UA, BROWSER_UA } from '~/test/web-server';
import { shouldCheckSso, ssoCookie, ssoRedirect } from './silent-sso.server';

function visit(
  path: string,
  {
    method = 'GET',
    cookie,
    userAgent = BROWSER_UA,
  }: { method?: string; cookie?: string; userAgent?: string | null } = {},
) {
  const headers = new Headers();
  if (userAgent) headers.set('User-Agent', userAgent);
  if (cookie) headers.set('Cookie', cookie);
  return new Request(`http://hearth.test${path}`, { method, headers });
}

const firstVisit = { dataRequest: false, signedIn: false };

describe(shouldCheckSso.name, () => {
  it('checks on the first page visit of a browser session', () => {
    expect(shouldCheckSso({ request: visit('/'), ...firstVisit })).toBe(true);
    expect(
      shouldCheckSso({ request: visit('/resources/about?x=1', { cookie: 'tz=UTC' }), ...firstVisit }),
    ).toBe(true);
  });

  it('does not check again once the hearth_sso cookie is set', () => {
    expect(
      shouldCheckSso({ request: visit('/', { cookie: `tz=UTC; ${SSO_COOKIE}=1` }), ...firstVisit }),
    ).toBe(false);
  });

  it('never checks when _sso is in the query (the API found no cookie: a cookie-less client must not loop)', () => {
    expect(shouldCheckSso({ request: visit('/?_sso=0'), ...firstVisit })).toBe(false);
    expect(shouldCheckSso({ request: visit('/resources/about?a=b&_sso=0'), ...firstVisit })).toBe(false);
  });

  it('does not check for someone already signed in', () => {
    expect(shouldCheckSso({ request: visit('/'), dataRequest: false, signedIn: true })).toBe(false);
  });

  it('never redirects a Remix data request (client-side navigation)', () => {
    expect(shouldCheckSso({ request: visit('/'), dataRequest: true, signedIn: false })).toBe(false);
  });

  it('only checks GET: not HEAD, not a form post', () => {
    expect(shouldCheckSso({ request: visit('/', { method: 'HEAD' }), ...firstVisit })).toBe(false);
    expect(
      shouldCheckSso({ request: visit('/resources/contact-us', { method: 'POST' }), ...firstVisit }),
    ).toBe(false);
  });

  it('never checks for bots, headless browsers or clients without a user agent', () => {
    expect(shouldCheckSso({ request: visit('/', { userAgent: BOT_UA }), ...firstVisit })).toBe(false);
    const headless = BROWSER_UA.replace('Chrome/', 'HeadlessChrome/');
    expect(shouldCheckSso({ request: visit('/', { userAgent: headless }), ...firstVisit })).toBe(false);
    expect(shouldCheckSso({ request: visit('/', { userAgent: 'curl/8.5.0' }), ...firstVisit })).toBe(false);
    expect(shouldCheckSso({ request: visit('/', { userAgent: null }), ...firstVisit })).toBe(false);
  });

  it('never checks on the API paths (auth/…)', () => {
    expect(
      shouldCheckSso({
        request: visit('/services/publisher/api/auth/check-sso?redirect=%2F'),
        ...firstVisit,
      }),
    ).toBe(false);
    expect(
      shouldCheckSso({ request: visit('/services/publisher/api/auth/callback?code=x'), ...firstVisit }),
    ).toBe(false);
  });
});

describe(ssoRedirect.name, () => {
  it('sets hearth_sso for the browser session and sends the browser to check-sso, returning to the same page', () => {
    const response = ssoRedirect(visit('/resources/about?tab=team'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      '/services/publisher/api/auth/check-sso?redirect=%2Fresources%2Fabout%3Ftab%3Dteam',
    );
    // A whole-page redirect, even when Remix would otherwise follow it client-side.
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toBe('hearth_sso=1; Path=/; HttpOnly; SameSite=Lax');
    // A session cookie: no Expires, no Max-Age.
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
  });

  it('keeps cookies it was given (a cleared session) and marks the cookie Secure over HTTPS', () => {
    const given = new Headers({ 'Set-Cookie': 'hearth_session=; Path=/; Max-Age=0' });
    const response = ssoRedirect(
      new Request('https://hearth.example/', { headers: { 'User-Agent': BROWSER_UA } }),
      given,
    );
    expect(response.headers.getSetCookie()).toEqual([
      'hearth_session=; Path=/; Max-Age=0',
      'hearth_sso=1; Path=/; HttpOnly; SameSite=Lax; Secure',
    ]);
    expect(ssoCookie(new Request('http://localhost:3000/'))).not.toContain('Secure');
  });
});
