import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';

// Security review S-11 and S-18 against the real API: its own security headers, no-store on personal JSON,
// what /health tells whom, and the OpenAPI document in production for admins only.

const API = '/services/publisher/api';
/** A real production boot: no demo flag, so every setting is explicit and no published secret is used. */
const PRODUCTION = {
  NODE_ENV: 'production',
  WEB_ORIGIN: 'https://hearth.example',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  OIDC_CLIENT_SECRET: 'e3b0c44298fc1c149afbf4c8996fb924',
  DATA_ENCRYPTION_KEY: 'q3Jx0mVb8Yt1cN5sW2eR7uK4pL9oA6dF0gH3jZ8xC1E=',
  // The test database URL has no password; local servers trust the connection anyway.
  PGPASSWORD: 'not-needed-with-trust-auth',
};

describe('outside production', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.close());

  it('sends the usual security headers, a CSP that lets nothing run, and no HSTS on http', async () => {
    const res = await request(h.http).get(`${API}/publisher/findByStatus?status=APPROVED`).expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; .*frame-ancestors 'none'/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Public JSON to an anonymous caller may be cached.
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('marks JSON answered to a caller with a token no-store', async () => {
    const customer = await h.customer();
    const res = await request(h.http).get(`${API}/consumer`).set(customer.auth).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const publicWithToken = await request(h.http)
      .get(`${API}/publisher/findByStatus?status=APPROVED`)
      .set(customer.auth)
      .expect(200);
    expect(publicWithToken.headers['cache-control']).toBe('no-store');
  });

  it('tells anonymous callers UP or DOWN only, and admins each component', async () => {
    const anonymous = await request(h.http).get(`${API}/health`).expect(200);
    expect(anonymous.body).toEqual({ status: 'UP' });
    const customer = await h.customer();
    const asCustomer = await request(h.http).get(`${API}/health`).set(customer.auth).expect(200);
    expect(asCustomer.body).toEqual({ status: 'UP' });
    const admin = await h.admin();
    const asAdmin = await request(h.http).get(`${API}/health`).set(admin.auth).expect(200);
    expect(asAdmin.body).toEqual({
      status: 'UP',
      components: { db: { status: 'UP' }, redis: { status: 'UP' } },
    });
  });

  it('serves Swagger UI with a policy that lets its own scripts run', async () => {
    const ui = await request(h.http).get(`${API}/docs/`).expect(200);
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('in a local demo of the production build (npm start)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ NODE_ENV: 'production', HEARTH_DEMO: '1', HEARTH_DEMO_IN_PRODUCTION: '1' });
  }, 60_000);
  afterAll(() => h?.close());

  it('keeps the documentation and Swagger UI public', async () => {
    await request(h.http).get(`${API}/docs/openapi.json`).expect(200);
    await request(h.http).get(`${API}/docs/`).expect(200);
  });
});

describe('in production', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(PRODUCTION);
  }, 60_000);
  afterAll(() => h?.close());

  it('sends HSTS when the public origin is https', async () => {
    const res = await request(h.http).get(`${API}/health`).expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the OpenAPI document to admins only, and no Swagger UI', async () => {
    const anonymous = await request(h.http).get(`${API}/docs/openapi.json`).expect(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    const customer = await h.customer();
    await request(h.http).get(`${API}/docs/openapi.json`).set(customer.auth).expect(403);
    const admin = await h.admin();
    const doc = await request(h.http).get(`${API}/docs/openapi.json`).set(admin.auth).expect(200);
    expect(doc.body.info.title).toBe('Hearth API');
    expect(doc.headers['cache-control']).toBe('no-store');
    await request(h.http).get(`${API}/docs`).redirects(1).expect(404);
    await request(h.http).get(`${API}/docs/`).expect(404);
  });
});
