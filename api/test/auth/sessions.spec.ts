import type { INestApplication } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import { coreImports } from '../../src/app.module.js';
import { DEV_DATA_ENCRYPTION_KEY, FieldCipher } from '../../src/common/crypto/field-cipher.js';
import { SessionPurgeService } from '../../src/modules/auth/session-purge.service.js';
import { ScheduledJobsRegistry } from '../../src/queue/scheduled-jobs.registry.js';
import { ScheduledWorkModule } from '../../src/worker.module.js';
import { createTestApp } from '../setup/app.js';
import { freePort, startTestIdentityProvider } from '../setup/identity.js';
import { signIn, TestBrowser } from '../setup/sign-in.js';

// Sessions, CSRF and token types against the real API, PostgreSQL, Redis and the local identity provider.

const API = '/services/publisher/api';
const cipher = new FieldCipher(DEV_DATA_ENCRYPTION_KEY);

describe('login sessions', () => {
  let idp: RunningIdentityProvider;
  let app: INestApplication;
  let origin: string;
  let db: pg.Client;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    idp = await startTestIdentityProvider(origin);
    app = await createTestApp({ OIDC_ISSUER_URL: idp.issuer, WEB_ORIGIN: origin });
    await app.listen(port, '127.0.0.1');
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await db?.end();
  });

  const me = (browser: TestBrowser) => browser.request(`${origin}${API}/auth/me`);
  const newestSession = async () =>
    (
      await db.query<{ id: string; id_token: string; access_token: string; refresh_token: string }>(
        'SELECT id, id_token, access_token, refresh_token FROM login_session ORDER BY created_at DESC LIMIT 1',
      )
    ).rows[0];
  async function signedIn(email = 'customer@hearth.test', userAgent = 'Mozilla/5.0 (Test) Firefox/140.0') {
    const browser = new TestBrowser();
    const original = browser.request.bind(browser);
    browser.request = (url, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
      return original(url, { ...init, headers });
    };
    await signIn(browser, origin, idp, email);
    expect((await me(browser)).status).toBe(200);
    return browser;
  }

  describe('CSRF on cookie-authenticated unsafe requests (S-02)', () => {
    const logout = (browser: TestBrowser, headers: Record<string, string>) =>
      browser.request(`${origin}${API}/auth/logout`, { method: 'POST', headers });

    it.each([
      ['another origin', { origin: 'https://evil.example' }],
      ['Origin: null', { origin: 'null' }],
    ])('refuses %s with a 403 problem and the session lives on', async (_name, headers) => {
      const browser = await signedIn();
      const res = await logout(browser, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 403, detail: 'Cross-site request refused.' });
      expect((await me(browser)).status).toBe(200);
    });

    it('refuses a request without any Origin', async () => {
      const browser = await signedIn();
      const cookie = `hearth_session=${browser.cookie('hearth_session')}`;
      // Plain fetch sends no Origin (TestBrowser adds one, as browsers do).
      const res = await fetch(`${origin}${API}/consumer/favourites/00000000-0000-4000-8000-000000000001`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(res.status).toBe(403);
      expect((await me(browser)).status).toBe(200);
    });

    it('accepts the same request from the web origin', async () => {
      const browser = await signedIn();
      const res = await logout(browser, { origin });
      expect(res.status).toBe(303);
      expect((await me(browser)).status).toBe(401);
    });

    it('accepts a bearer-token call without cookies and without Origin', async () => {
      const browser = await signedIn('chef@hearth.test');
      const token = cipher.decrypt((await newestSession()).access_token);
      const res = await fetch(`${origin}${API}/consumer/favourites/00000000-0000-4000-8000-000000000001`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      // Past the guard: the service answers that there is no such kitchen (not 401 or 403).
      expect(res.status).toBe(404);
      expect(browser.cookie('hearth_session')).toBeTruthy();
    });
  });

  it('refuses a real ID token from the provider as a bearer token (S-03)', async () => {
    await signedIn('chef@hearth.test');
    const { id_token, access_token } = await newestSession();
    const bearer = (token: string) =>
      fetch(`${origin}${API}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    const idRes = await bearer(cipher.decrypt(id_token));
    expect(idRes.status).toBe(401);
    expect(await idRes.json()).toMatchObject({
      detail: 'The token is not an access token.',
      message: 'error.token.invalid',
    });
    expect((await bearer(cipher.decrypt(access_token))).status).toBe(200);
  });

  it('keeps every token encrypted at rest (S-13)', async () => {
    await signedIn();
    const row = await newestSession();
    for (const value of [row.id_token, row.access_token, row.refresh_token]) {
      expect(value).toMatch(/^v1:/);
      expect(value).not.toContain('eyJ');
    }
  });

  it('ends a session 12 hours after sign-in however recently it was used (S-16)', async () => {
    const browser = await signedIn();
    await db.query(
      `UPDATE login_session SET created_at = now() - interval '12 hours 1 minute', last_seen_at = now(),
              expires_at = now() + interval '1 hour' WHERE id = $1`,
      [(await newestSession()).id],
    );
    const res = await me(browser);
    expect(res.status).toBe(401);
    expect(browser.cookie('hearth_session')).toBeUndefined();
  });

  describe('signed-in devices (S-09)', () => {
    it('lists only my sessions, marks this one, and ends another of mine', async () => {
      const laptop = await signedIn('customer@hearth.test', 'Mozilla/5.0 (X11; Linux) Firefox/140.0');
      const phone = await signedIn('customer@hearth.test', 'Mozilla/5.0 (iPhone) Safari/604.1');
      await signedIn('chef@hearth.test');
      const res = await laptop.request(`${origin}${API}/auth/sessions`);
      expect(res.status).toBe(200);
      const list = (await res.json()) as Array<{ id: string; current: boolean; userAgent: string }>;
      const mine = await db.query<{ id: string }>(
        `SELECT s.id FROM login_session s JOIN consumer c ON c.id = s.consumer_id WHERE c.user_email = 'customer@hearth.test'`,
      );
      expect(list.map((s) => s.id).sort()).toEqual(mine.rows.map((r) => r.id).sort());
      expect(list.filter((s) => s.current)).toHaveLength(1);
      expect(list.find((s) => s.current)?.userAgent).toContain('Firefox');
      const other = list.find((s) => s.userAgent.includes('iPhone'))!;
      const ended = await laptop.request(`${origin}${API}/auth/sessions/${other.id}`, { method: 'DELETE' });
      expect(ended.status).toBe(204);
      expect((await me(phone)).status).toBe(401);
      expect((await me(laptop)).status).toBe(200);
    });

    it("answers 404 for someone else's session and leaves it alone", async () => {
      const chef = await signedIn('chef@hearth.test');
      const chefSession = (await newestSession()).id;
      const customer = await signedIn('customer@hearth.test');
      const res = await customer.request(`${origin}${API}/auth/sessions/${chefSession}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(404);
      expect((await me(chef)).status).toBe(200);
    });

    it('needs a signed-in caller', async () => {
      expect((await fetch(`${origin}${API}/auth/sessions`)).status).toBe(401);
    });
  });
});

describe('the scheduled purge of ended sessions (S-13)', () => {
  let worker: INestApplicationContext;
  let db: pg.Client;

  beforeAll(async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [...coreImports(), ScheduledWorkModule],
      }).compile();
      worker = moduleRef.createNestApplication({ bufferLogs: true });
      await worker.init();
    } finally {
      process.env = saved;
    }
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await worker?.close();
    await db?.end();
  });

  it('is a scheduled job of the worker', () => {
    const job = worker.get(ScheduledJobsRegistry).all().get('session-purge');
    expect(job?.declaredBy).toBe('SessionPurgeService.purgeExpired');
  });

  it('deletes idle and too-old sessions with their tokens, and keeps live ones', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO consumer (keycloak_id, user_email, roles) VALUES ('purge-test', 'purge@example.com', '{ROLE_USER}') RETURNING id`,
    );
    const consumer = rows[0].id;
    const insert = (hash: string, created: string, expires: string) =>
      db.query(
        `INSERT INTO login_session (id_hash, consumer_id, access_token, refresh_token, access_token_expires_at, created_at, expires_at)
         VALUES ($1, $2, 'v1:x', 'v1:y', now(), now() - $3::interval, now() + $4::interval)`,
        [hash, consumer, created, expires],
      );
    await insert('idle', '2 hours', '-1 minute');
    await insert('old', '13 hours', '30 minutes');
    await insert('live', '5 minutes', '55 minutes');
    const result = await worker.get(ScheduledJobsRegistry).all().get('session-purge')!.run();
    expect(result).toEqual({ deleted: 2 });
    const left = await db.query(`SELECT id_hash FROM login_session WHERE consumer_id = $1`, [consumer]);
    expect(left.rows).toEqual([{ id_hash: 'live' }]);
    expect(worker.get(SessionPurgeService)).toBeDefined();
  });
});

describe('step-up sign-in (S-09)', () => {
  let idp: RunningIdentityProvider;
  let app: INestApplication;
  let origin: string;
  let db: pg.Client;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    idp = await startTestIdentityProvider(origin);
    app = await createTestApp({ OIDC_ISSUER_URL: idp.issuer, WEB_ORIGIN: origin });
    await app.listen(port, '127.0.0.1');
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await db?.end();
  });

  it('makes the provider ask for the password again and records the new auth_time', async () => {
    const browser = new TestBrowser();
    await signIn(browser, origin, idp, 'chef@hearth.test');
    // Backdate the sign-in: the payout form now needs a fresh one.
    await db.query(`UPDATE login_session SET auth_time = now() - interval '1 hour'`);
    const before = (await (await browser.request(`${origin}${API}/auth/me`)).json()) as {
      authenticatedTime: string;
    };
    expect(Date.now() - Date.parse(before.authenticatedTime)).toBeGreaterThan(50 * 60_000);
    // A plain login with a provider session answers at once; reauth=1 asks for the password.
    const again = await signIn(browser, origin, idp, 'chef@hearth.test', {
      returnTo: '/l/settings#payouts',
      query: '&reauth=1',
    });
    expect(again.authorize.searchParams.get('prompt')).toBe('login');
    expect(again.authorize.searchParams.get('max_age')).toBe('0');
    expect(again.askedForPassword).toBe(true);
    expect(again.res.headers.get('location')).toBe(`${origin}/l/settings#payouts`);
    const after = (await (await browser.request(`${origin}${API}/auth/me`)).json()) as {
      authenticatedTime: string;
    };
    expect(Date.now() - Date.parse(after.authenticatedTime)).toBeLessThan(60_000);
  });
});
