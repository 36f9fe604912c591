import { createServer, type Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import { createTestApp } from '../setup/app.js';
import { TestBrowser } from '../setup/browser.js';
import { freePort, mintToken, startTestIdentityProvider } from '../setup/identity.js';
import { redisKeyPrefix } from '../../src/redis/redis.module.js';
import { DEV_DATA_ENCRYPTION_KEY, FieldCipher } from '../../src/common/crypto/field-cipher.js';

// Medium test of sign-in against the real local identity provider (no mocked provider): the API runs on a
// real port and a cookie-keeping client plays the browser.

const API = '/services/publisher/api';
type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;
const CHEF = '00000000-0000-4000-8000-00000000c002';

describe('sign-in (OpenID Connect code flow with PKCE)', () => {
  let idp: RunningIdentityProvider;
  let app: INestApplication;
  let origin: string;
  let db: pg.Client;
  let redis: Redis;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    idp = await startTestIdentityProvider(origin);
    app = await createTestApp({ OIDC_ISSUER_URL: idp.issuer, WEB_ORIGIN: origin });
    await app.listen(port, '127.0.0.1');
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    // The API's own key space: its keys start with this test database's prefix.
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      keyPrefix: redisKeyPrefix(process.env.DATABASE_URL ?? ''),
    });
  });

  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await db?.end();
    redis?.disconnect();
  });

  /** Starts a sign-in at the API and stops when the provider sends the browser back with a code. */
  async function toCallback(browser: TestBrowser, email: string, path = '/l/orders', route = 'login') {
    const start = await browser.request(`${origin}${API}/auth/${route}?redirect=${encodeURIComponent(path)}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    const idpOrigin = new URL(idp.issuer).origin;
    const page = await browser.follow(authorize.href, {}, idpOrigin);
    // With a provider session already open, the provider answers at once without its login form.
    const done = page.location
      ? page
      : await browser.submit(page.url, await page.res.text(), { email, password: 'hearth-demo' }, idpOrigin);
    expect(done.location, 'the provider sends the browser back to the callback').toContain(
      `${API}/auth/callback`,
    );
    return { authorize, callback: new URL(done.location!) };
  }

  async function signIn(browser: TestBrowser, email: string, path = '/l/orders') {
    const { callback } = await toCallback(browser, email, path);
    return browser.request(callback.href);
  }

  const me = (browser: TestBrowser) => browser.request(`${origin}${API}/auth/me`);

  it('asks the provider for a code with state, nonce and an S256 PKCE challenge', async () => {
    const browser = new TestBrowser();
    const res = await browser.request(`${origin}${API}/auth/login?redirect=/l/favs`);
    const url = new URL(res.headers.get('location')!);
    expect(url.href.startsWith(`${idp.issuer}/protocol/openid-connect/auth`)).toBe(true);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('hearth-web');
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}${API}/auth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(browser.cookie('hearth_oidc_state')).toBe(url.searchParams.get('state'));
  });

  it('signs in, sets an httpOnly SameSite=Lax session cookie and lands on the requested path', async () => {
    const browser = new TestBrowser();
    const { callback } = await toCallback(browser, 'chef@hearth.test', '/l/manage-menus?tab=drafts');
    const res = await browser.request(callback.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${origin}/l/manage-menus?tab=drafts`);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('hearth_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http in tests; Secure in production
    const who = await me(browser);
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({
      authenticated: true,
      subject: CHEF,
      name: 'Priya Raman',
      email: 'chef@hearth.test',
      via: 'session',
      isRegistrationPending: false,
    });
    const { rows } = await db.query(
      'SELECT keycloak_id, user_email, roles FROM consumer WHERE keycloak_id = $1',
      [CHEF],
    );
    expect(rows).toEqual([
      { keycloak_id: CHEF, user_email: 'chef@hearth.test', roles: ['ROLE_USER', 'ROLE_CHEF'] },
    ]);
  });

  it('gives a new session id at every login, whatever id the browser brought', async () => {
    const browser = new TestBrowser();
    browser.setCookie('hearth_session', 'planted-by-an-attacker');
    await signIn(browser, 'customer@hearth.test');
    const first = browser.cookie('hearth_session')!;
    expect(first).not.toBe('planted-by-an-attacker');
    // Once that session has gone idle, signing in again (the provider remembers the user) gives a new id.
    await db.query(
      `UPDATE login_session SET expires_at = now() - interval '1 second' WHERE id = (SELECT id FROM login_session ORDER BY created_at DESC LIMIT 1)`,
    );
    await signIn(browser, 'customer@hearth.test');
    const second = browser.cookie('hearth_session')!;
    expect(second).not.toBe(first);
    const stale = new TestBrowser();
    stale.setCookie('hearth_session', first);
    expect((await me(stale)).status).toBe(401);
    expect((await me(browser)).status).toBe(200);
  });

  it('never stores the cookie value itself', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    const cookie = browser.cookie('hearth_session')!;
    const { rows } = await db.query('SELECT count(*)::int AS n FROM login_session WHERE id_hash = $1', [
      cookie,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a callback whose state does not match, and one replayed', async () => {
    const browser = new TestBrowser();
    const { callback } = await toCallback(browser, 'customer@hearth.test');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    const refused = await browser.request(forged.href);
    // Nothing of an unknown state is trusted, not even where it meant to return.
    expect(refused.headers.get('location')).toBe(`${origin}/?authError=state`);
    expect(browser.cookie('hearth_session')).toBeUndefined();
    // The forged attempt consumed nothing, but the flow cookie is gone: the real callback is now refused too.
    const replay = await browser.request(callback.href);
    expect(replay.headers.get('location')).toMatch(/authError=state/);
    expect(browser.cookie('hearth_session')).toBeUndefined();
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF)', async () => {
    const victim = new TestBrowser();
    const { callback } = await toCallback(new TestBrowser(), 'customer@hearth.test');
    const res = await victim.request(callback.href);
    expect(res.headers.get('location')).toMatch(/authError=state/);
    expect(victim.cookie('hearth_session')).toBeUndefined();
  });

  it('cannot finish a sign-in without the PKCE verifier', async () => {
    const browser = new TestBrowser();
    const { callback } = await toCallback(browser, 'customer@hearth.test');
    const key = `oidc:flow:${callback.searchParams.get('state')}`;
    const flow = JSON.parse((await redis.get(key))!);
    delete flow.verifier;
    await redis.set(key, JSON.stringify(flow), 'EX', 60);
    const res = await browser.request(callback.href);
    expect(res.headers.get('location')).toBe(`${origin}/l/orders?authError=failed`);
    expect(browser.cookie('hearth_session')).toBeUndefined();
  });

  it('refreshes the access token server-side when it is about to expire', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    const before = await db.query(
      `SELECT id, access_token FROM login_session ORDER BY created_at DESC LIMIT 1`,
    );
    await db.query(
      `UPDATE login_session SET access_token_expires_at = now() + interval '5 seconds' WHERE id = $1`,
      [before.rows[0].id],
    );
    const [a, b] = await Promise.all([me(browser), me(browser)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await db.query(
      `SELECT access_token, access_token_expires_at FROM login_session WHERE id = $1`,
      [before.rows[0].id],
    );
    expect(after.rows[0].access_token).not.toBe(before.rows[0].access_token);
    expect(new Date(after.rows[0].access_token_expires_at).getTime()).toBeGreaterThan(Date.now() + 60_000);
  });

  it('refreshes once for many requests arriving together, keeping a usable refresh token (S-22)', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    const { rows } = await db.query(`SELECT id FROM login_session ORDER BY created_at DESC LIMIT 1`);
    const due = () =>
      db.query(
        `UPDATE login_session SET access_token_expires_at = now() + interval '5 seconds' WHERE id = $1`,
        [rows[0].id],
      );
    await due();
    const answers = await Promise.all(Array.from({ length: 6 }, () => me(browser)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Had two requests spent the same rotating refresh token, the provider would refuse the next refresh.
    await due();
    expect((await me(browser)).status).toBe(200);
    // No lock is left behind.
    expect(await redis.exists(`session:refresh:${rows[0].id}`)).toBe(0);
  });

  it('ends the session with "Failed to refresh token" when the provider refuses the refresh', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    await db.query(
      `UPDATE login_session SET refresh_token = 'revoked', access_token_expires_at = now() - interval '1 minute'
        WHERE id = (SELECT id FROM login_session ORDER BY created_at DESC LIMIT 1)`,
    );
    const cookie = browser.cookie('hearth_session')!;
    const res = await me(browser);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(await res.json()).toMatchObject({
      detail: 'Failed to refresh token',
      message: 'error.session.refresh',
    });
    expect(browser.cookie('hearth_session')).toBeUndefined();
    // Another page of the same browser, still carrying the old cookie, hears the same reason.
    const again = new TestBrowser();
    again.setCookie('hearth_session', cookie);
    expect(await (await me(again)).json()).toMatchObject({ detail: 'Failed to refresh token' });
  });

  it('ends a session idle for more than an hour', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    await db.query(
      `UPDATE login_session SET expires_at = now() - interval '1 second' WHERE id = (SELECT id FROM login_session ORDER BY created_at DESC LIMIT 1)`,
    );
    const res = await me(browser);
    expect(res.status).toBe(401);
    expect((await json(res)).detail).toBe('Sign in to continue.');
  });

  it('signs out here and at the provider, then lands on the site root', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    const res = await browser.request(`${origin}${API}/auth/logout`, { method: 'POST' });
    expect(res.status).toBe(303);
    const end = new URL(res.headers.get('location')!);
    expect(end.href.startsWith(`${idp.issuer}/protocol/openid-connect/logout`)).toBe(true);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookie('hearth_session')).toBeUndefined();
    // The provider's sign-out page submits itself with JavaScript; a browser without it presses the button.
    const idpOrigin = new URL(idp.issuer).origin;
    const page = await browser.follow(end.href, {}, idpOrigin);
    const back = page.location ? page : await browser.submit(page.url, await page.res.text(), {}, idpOrigin);
    expect(back.location).toBe(`${origin}/`);
    // A silent check now finds no provider session.
    browser.setCookie('hearth_sso', '1');
    const check = await browser.request(`${origin}${API}/auth/check-sso?redirect=/resources/about`);
    const silent = await browser.follow(check.headers.get('location')!, {}, idpOrigin);
    const landed = await browser.request(silent.location!);
    expect(landed.headers.get('location')).toBe(`${origin}/resources/about`);
    expect(browser.cookie('hearth_session')).toBeUndefined();
  });

  it('signs in silently when the provider already has a session', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'admin@hearth.test');
    browser.deleteCookie('hearth_session');
    browser.setCookie('hearth_sso', '1');
    const check = await browser.request(`${origin}${API}/auth/check-sso?redirect=/l/admin`);
    const authorize = new URL(check.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('none');
    const back = await browser.follow(authorize.href, {}, new URL(idp.issuer).origin);
    const landed = await browser.request(back.location!);
    expect(landed.headers.get('location')).toBe(`${origin}/l/admin`);
    expect((await json(await me(browser))).roles).toEqual(expect.arrayContaining(['ROLE_ADMIN']));
  });

  it('sends cookie-less clients straight back from the silent check, marked so the web never loops', async () => {
    const res = await fetch(`${origin}${API}/auth/check-sso?redirect=/resources/about`, {
      redirect: 'manual',
    });
    expect(res.headers.get('location')).toBe(`${origin}/resources/about?_sso=0`);
  });

  it('marks a registration as pending and lands where the user started', async () => {
    const browser = new TestBrowser();
    const email = `new-${Date.now()}@example.com`;
    const start = await browser.request(`${origin}${API}/auth/register?redirect=/resources/about`);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('create');
    const idpOrigin = new URL(idp.issuer).origin;
    const page = await browser.follow(authorize.href, {}, idpOrigin);
    const done = await browser.submit(
      page.url,
      await page.res.text(),
      {
        givenName: 'Nia',
        familyName: 'New',
        email,
        password: 'a-long-password',
        passwordConfirm: 'a-long-password',
      },
      idpOrigin,
    );
    const landed = await browser.request(done.location!);
    expect(landed.headers.get('location')).toBe(`${origin}/resources/about`);
    const who = await json(await me(browser));
    expect(who).toMatchObject({ name: 'Nia New', email, roles: ['ROLE_USER'], isRegistrationPending: true });
  });

  it('ignores a redirect to another site', async () => {
    const browser = new TestBrowser();
    const { callback } = await toCallback(browser, 'customer@hearth.test', '//evil.example/x');
    const res = await browser.request(callback.href);
    expect(res.headers.get('location')).toBe(`${origin}/`);
  });

  it('goes straight to the requested path when already signed in', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'customer@hearth.test');
    const res = await browser.request(`${origin}${API}/auth/login?redirect=/l/favs`);
    expect(res.headers.get('location')).toBe(`${origin}/l/favs`);
  });

  describe('bearer tokens', () => {
    const bearer = (token: string) =>
      fetch(`${origin}${API}/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    const mint = (
      claims: Record<string, unknown>,
      o: Partial<{ issuer: string; audience: string; expiresIn: string | number }> = {},
    ) => mintToken(claims, { issuer: idp.issuer, audience: 'hearth-web', subject: CHEF, ...o });

    it('accepts a valid access token issued by the provider', async () => {
      const browser = new TestBrowser();
      await signIn(browser, 'chef@hearth.test');
      const { rows } = await db.query(
        `SELECT access_token FROM login_session ORDER BY created_at DESC LIMIT 1`,
      );
      // Stored encrypted (S-13): only the API's key reads it.
      expect(rows[0].access_token).toMatch(/^v1:/);
      const res = await bearer(new FieldCipher(DEV_DATA_ENCRYPTION_KEY).decrypt(rows[0].access_token));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ subject: CHEF, via: 'bearer' });
    });

    it.each([
      [
        'expired',
        () => mint({}, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
        'The access token has expired.',
      ],
      [
        'from another issuer',
        () => mint({}, { issuer: 'http://localhost:1/realms/other' }),
        'The access token was not issued by this identity provider.',
      ],
      [
        'for another audience',
        () => mint({}, { audience: 'someone-else' }),
        'The access token is not meant for this application.',
      ],
    ])('refuses a token %s with a 401 problem', async (_name, make, detail) => {
      const res = await bearer(await make());
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 401, detail, message: 'error.token.invalid' });
    });

    it('refuses a token whose payload was altered (signature no longer matches)', async () => {
      const token = await mint({ realm_access: { roles: ['ROLE_USER'] } });
      const [h, p, s] = token.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      payload.realm_access.roles.push('ROLE_ADMIN');
      const res = await bearer([h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.'));
      expect(res.status).toBe(401);
      expect((await json(res)).detail).toBe('The access token signature is not valid.');
    });

    it.each([
      ['garbage', 'Invalid token specified: missing part #2'],
      ['a.!!!.c', 'Invalid token specified: invalid base64 for part #2'],
      [
        `a.${Buffer.from('not json').toString('base64url')}.c`,
        'Invalid token specified: invalid json for part #2',
      ],
    ])('explains why %s cannot be decoded', async (token, detail) => {
      const res = await bearer(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ detail, message: 'error.token.decode' });
    });
  });

  describe('role guards', () => {
    const as = async (roles: string[] | null, path: string) => {
      const headers: Record<string, string> = {};
      if (roles) {
        const subject = `guard-${roles.join('-') || 'none'}`;
        headers.Authorization = `Bearer ${await mintToken({ realm_access: { roles }, email: `${subject}@example.com` }, { issuer: idp.issuer, audience: 'hearth-web', subject })}`;
      }
      return (await fetch(`${origin}${API}/${path}`, { headers })).status;
    };

    it.each([
      // [who, customer endpoint, chef endpoint, admin endpoint]
      ['anonymous', null, 401, 401, 403],
      ['customer', ['ROLE_USER'], 200, 403, 403],
      ['chef without an approved kitchen', ['ROLE_USER', 'ROLE_CHEF'], 200, 404, 403],
      ['admin', ['ROLE_USER', 'ROLE_ADMIN'], 200, 403, 200],
    ] as const)('%s', async (_who, roles, customer, chef, admin) => {
      expect(await as(roles ? [...roles] : null, 'consumer/delivery/address')).toBe(customer);
      expect(await as(roles ? [...roles] : null, 'publisher/mine')).toBe(chef);
      expect(await as(roles ? [...roles] : null, 'publisher/findByStatus?status=PENDING')).toBe(admin);
    });

    it('makes the owner of an approved kitchen a chef without touching the identity provider', async () => {
      const subject = 'kitchen-owner';
      const token = await mintToken(
        { realm_access: { roles: ['ROLE_USER'] } },
        { issuer: idp.issuer, audience: 'hearth-web', subject },
      );
      const call = () =>
        fetch(`${origin}${API}/publisher/mine`, { headers: { Authorization: `Bearer ${token}` } });
      expect((await call()).status).toBe(403);
      await db.query(
        `INSERT INTO publisher (consumer_id, kitchen_name, status) SELECT id, 'owner-kitchen', 'APPROVED' FROM consumer WHERE keycloak_id = $1`,
        [subject],
      );
      const res = await call();
      expect(res.status).toBe(200);
      expect((await json(res)).kitchenName).toBe('owner-kitchen');
    });
  });
});

describe('sign-in with a tampered ID token', () => {
  let idp: RunningIdentityProvider;
  let app: INestApplication;
  let proxy: Server;
  let origin: string;

  // A man in the middle between the API and the provider's token endpoint changes the ID token's name.
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    idp = await startTestIdentityProvider(origin);
    const proxyPort = await freePort();
    const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
    proxy = createServer(async (req, res) => {
      const body = await new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
      });
      if (req.url === '/discovery') {
        const doc = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Json;
        res
          .setHeader('content-type', 'application/json')
          .end(JSON.stringify({ ...doc, token_endpoint: `${proxyOrigin}/token` }));
        return;
      }
      const upstream = await fetch(`${idp.issuer}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: {
          'content-type': req.headers['content-type'] ?? '',
          authorization: req.headers.authorization ?? '',
        },
        body,
      });
      const tokens = (await upstream.json()) as { id_token?: string };
      if (tokens.id_token) {
        const [h, p, s] = tokens.id_token.split('.');
        const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
        claims.name = 'Mallory';
        tokens.id_token = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
      }
      res.statusCode = upstream.status;
      res.setHeader('content-type', 'application/json').end(JSON.stringify(tokens));
    });
    await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
    app = await createTestApp({
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_DISCOVERY_URL: `${proxyOrigin}/discovery`,
      WEB_ORIGIN: origin,
    });
    await app.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await new Promise((r) => proxy?.close(r));
  });

  it('refuses the sign-in', async () => {
    const browser = new TestBrowser();
    const start = await browser.request(`${origin}${API}/auth/login?redirect=/l/orders`);
    const idpOrigin = new URL(idp.issuer).origin;
    const page = await browser.follow(start.headers.get('location')!, {}, idpOrigin);
    const done = await browser.submit(
      page.url,
      await page.res.text(),
      { email: 'customer@hearth.test', password: 'hearth-demo' },
      idpOrigin,
    );
    const res = await browser.request(done.location!);
    expect(res.headers.get('location')).toBe(`${origin}/l/orders?authError=failed`);
    expect(browser.cookie('hearth_session')).toBeUndefined();
  });
});
