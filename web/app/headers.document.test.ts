/**
 * Security headers (security review S-11) of the real Express server on the built app: every page has a
 * Content-Security-Policy whose per-response nonce is on every inline script, and responses of the proxied
 * API carry the usual headers too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const IDP = 'http://localhost:8389/realms/hearth';

let api: FakeApi;
let web: WebServer;

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`${API}/jobs`, (_req, res) => json(res, 200, []));
  web = await startWebServer({
    API_URL: api.url,
    WEB_ORIGIN: 'http://localhost:3381',
    OIDC_ISSUER_URL: IDP,
    // Real gateways only: no local sandbox whose origin form-action would also list.
    GATEWAY_SANDBOX_PUBLIC_URL: '',
    STRIPE_API_BASE: '',
    PAYPAL_API_BASE: '',
    CASHFREE_API_BASE: '',
  });
});
afterAll(async () => {
  await web?.stop();
  await api?.close();
});

/** The policy as a map of directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('pages', () => {
  it('have a strict Content-Security-Policy with a fresh nonce on every inline script', async () => {
    const first = await web.fetch('/resources/careers');
    const html = await first.text();
    const csp = parseCsp(first.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // Signing out posts to the API, which redirects to the provider, and checkout and onboarding redirect to
    // a gateway's hosted page: form-action must allow their origins (browsers apply it to the redirect).
    expect(csp.get('form-action')).toEqual([
      "'self'",
      'http://localhost:8389',
      'https://checkout.stripe.com',
      'https://connect.stripe.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
      'https://payments.cashfree.com',
      'https://sandbox.cashfree.com',
    ]);
    const scriptSrc = csp.get('script-src') ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(
      scriptSrc.find((s) => s.startsWith("'nonce-")) ?? '',
    )?.[1];
    expect(nonce).toBeDefined();

    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(1); // the time-zone script, Remix's context and module scripts
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);

    const second = await web.fetch('/resources/careers');
    expect(second.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
  });

  it('have the other headers, and no HSTS on the http origin of a local demo', async () => {
    const res = await web.fetch('/resources/careers');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the proxied API', () => {
  it('answers with the security headers too (the proxy runs after them)', async () => {
    const res = await web.fetch(`${API}/jobs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
  });
});

describe('production on https', () => {
  it('sends HSTS for a year with subdomains', async () => {
    const https = await startWebServer({ API_URL: api.url, WEB_ORIGIN: 'https://hearth.example' });
    try {
      const res = await https.fetch('/resources/careers');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(parseCsp(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
        true,
      );
    } finally {
      await https.stop();
    }
  });
});
