import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CleanCategory } from '@hearth/shared';
import { coreImports } from '../../src/app.module.js';
import { CleanWorkerModule } from '../../src/modules/admin/clean/clean-worker.module.js';
import { checkoutBody, fillCart, placeOrder } from '../order/helpers.js';
import { createItem } from '../setup/factories.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation } from '../setup/shop.js';

const API = '/services/publisher/api';
const DAY = 24 * 3600 * 1000;

interface Report {
  checkedAt: string;
  categories: Array<{ category: CleanCategory; count: number; cutoff: string }>;
}
interface Run {
  id: string;
  state: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  categories: Array<{ category: CleanCategory; expected: number; removed: number; done: boolean }>;
  removed: number;
  expected: number;
  error: string | null;
}

/** The tables of orders, their lines and dates, payments, payment events, refunds and payouts (on the dates). */
const MONEY_TABLES = [
  'customer_order',
  'ordered_cart_item',
  'order_date_selection',
  'payment_details',
  'payment_event',
  'order_status_change',
  'payout_account',
];

/** A checksum of every row of the money tables: any row added, removed or changed changes it. */
async function moneyChecksum(db: DataSource): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of MONEY_TABLES) {
    const [row] = (await db.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) AS sum FROM "${table}" t`,
    )) as Array<{ n: number; sum: string }>;
    sums[table] = `${row.n}:${row.sum}`;
  }
  return sums;
}

/** The worker's clean, booted as worker.ts boots it, on the test's storage directory. */
async function startCleanWorker(storageDir: string): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test', STORAGE_DIR: storageDir });
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), CleanWorkerModule],
    }).compile();
    const ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
    return ctx;
  } finally {
    process.env = saved;
  }
}

const countsOf = (report: Report) => Object.fromEntries(report.categories.map((c) => [c.category, c.count]));

describe('admin/clean', () => {
  let h: Harness;
  let admin: TestActor;
  let worker: INestApplicationContext;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'hearth-clean-'));
    h = await startHarness({ STORAGE_DIR: storageDir });
    worker = await startCleanWorker(storageDir);
    admin = await h.admin();
  });
  afterAll(async () => {
    await worker?.close();
    await h?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const dryRun = async (): Promise<Report> =>
    (await request(h.http).get(`${API}/admin/clean`).set(admin.auth).expect(200)).body as Report;

  /** Asks for a clean and follows it until the worker has finished it. */
  async function cleanAndWait(body: Record<string, unknown>): Promise<Run> {
    const started = (await request(h.http).post(`${API}/admin/clean`).set(admin.auth).send(body).expect(202))
      .body as Run;
    expect(['QUEUED', 'RUNNING', 'DONE']).toContain(started.state);
    for (let i = 0; i < 300; i++) {
      const run = (await request(h.http).get(`${API}/admin/clean/${started.id}`).set(admin.auth).expect(200))
        .body as Run;
      if (run.state === 'DONE' || run.state === 'FAILED') return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Clean ${started.id} did not finish`);
  }

  /** A file in the test's storage, last written `ageMs` ago. */
  async function storedFile(key: string, ageMs: number): Promise<string> {
    const path = join(storageDir, ...key.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, 'bytes');
    const when = new Date(Date.now() - ageMs);
    await utimes(path, when, when);
    return key;
  }
  const exists = (key: string) =>
    stat(join(storageDir, ...key.split('/'))).then(
      () => true,
      () => false,
    );

  it('is for admins only: anonymous callers get 401, customers and chefs 403', async () => {
    const customer = await h.customer();
    const chef = await h.chef();
    await request(h.http).get(`${API}/admin/clean`).expect(401);
    await request(h.http).post(`${API}/admin/clean`).send({ confirm: true }).expect(401);
    await request(h.http).get(`${API}/admin/clean/${randomUUID()}`).expect(401);
    for (const who of [customer, chef]) {
      await request(h.http).get(`${API}/admin/clean`).set(who.auth).expect(403);
      await request(h.http).post(`${API}/admin/clean`).set(who.auth).send({ confirm: true }).expect(403);
      await request(h.http).get(`${API}/admin/clean/${randomUUID()}`).set(who.auth).expect(403);
    }
  });

  it('refuses a clean that is not confirmed, or names no or unknown kinds, with field errors; an unknown run is 404', async () => {
    const refused = async (body: object, field: string) => {
      const res = await request(h.http).post(`${API}/admin/clean`).set(admin.auth).send(body).expect(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(
        (res.body as { fieldErrors: Array<{ field: string }> }).fieldErrors.map((e) => e.field),
      ).toContain(field);
      return res.body as { fieldErrors: Array<{ field: string; message: string }> };
    };
    const unconfirmed = await refused({}, 'confirm');
    expect(unconfirmed.fieldErrors[0].message).toBe(
      'Confirm the clean: the data it removes cannot be brought back.',
    );
    await refused({ confirm: false }, 'confirm');
    const none = await refused({ confirm: true, categories: [] }, 'categories');
    expect(none.fieldErrors[0].message).toBe('Choose at least one kind of data to clean.');
    await refused({ confirm: true, categories: ['ORDERS'] }, 'categories');
    await request(h.http).get(`${API}/admin/clean/${randomUUID()}`).set(admin.auth).expect(404);
  });

  it('removes exactly what the dry run counted, in every kind, and leaves fresh data, orders and payments alone', async () => {
    // Orders and payments: a cash order (its lines, dates and payment) of a customer.
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const buyer = await h.customer();
    await fillCart(h, buyer, [
      {
        itemId: offered.item.id,
        optionId: offered.optionId,
        dates: [{ date: offered.dates[0], deliveryOption: 'PICKUP' }],
      },
    ]);
    await placeOrder(h, buyer, checkoutBody()).expect(201);

    // Guest carts: one left alone 31 days, one changed yesterday; a customer's cart is never a guest's.
    const cart = async (days: number, consumerId: string | null = null) => {
      const [row] = (await h.db.query(
        `INSERT INTO cart (consumer_id, guest_token, updated_at) VALUES ($1, $2, now() - make_interval(days => $3)) RETURNING id`,
        [consumerId, consumerId ? null : `guest-${randomUUID()}`, days],
      )) as Array<{ id: string }>;
      return row.id;
    };
    const oldCart = await cart(31);
    const freshCart = await cart(1);
    const customersOldCart = await cart(60, (await h.customer()).consumer.id);

    // Login sessions: one idle past its expiry, one past the absolute lifetime, one live.
    const session = async (expiresInMs: number, startedMsAgo: number) => {
      const [row] = (await h.db.query(
        `INSERT INTO login_session (id_hash, consumer_id, access_token, access_token_expires_at, expires_at, created_at)
         VALUES ($1, $2, 'sealed', now(), now() + make_interval(secs => $3), now() - make_interval(secs => $4)) RETURNING id`,
        [randomUUID(), buyer.consumer.id, expiresInMs / 1000, startedMsAgo / 1000],
      )) as Array<{ id: string }>;
      return row.id;
    };
    const idleSession = await session(-60_000, 2 * 3600_000);
    const agedSession = await session(3600_000, 13 * 3600_000);
    const liveSession = await session(3600_000, 60_000);

    // The outbox: delivered 31 days ago (goes), delivered yesterday (stays), failed and queued long ago (stay).
    const mail = async (state: string, sentDaysAgo: number | null, createdDaysAgo: number) => {
      const [row] = (await h.db.query(
        `INSERT INTO email_outbox (to_address, subject, text, state, sent_at, created_at)
         VALUES ('someone@example.test', 'Hello', 'Hello', $1,
                 CASE WHEN $2::int IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END,
                 now() - make_interval(days => $3)) RETURNING id`,
        [state, sentDaysAgo, createdDaysAgo],
      )) as Array<{ id: string }>;
      return row.id;
    };
    const oldSent = await mail('SENT', 31, 31);
    const freshSent = await mail('SENT', 1, 1);
    const oldFailed = await mail('FAILED', null, 60);
    const oldQueued = await mail('QUEUED', null, 60);

    // Guest subscriptions: unconfirmed for 8 days (go), for a day, and confirmed ones (stay).
    const follow = async (status: string, days: number) => {
      const [row] = (await h.db.query(
        `INSERT INTO subscription (publisher_id, email, status, confirmed_at, updated_at, created_at)
         VALUES ($1, $2, $3, CASE WHEN $3 = 'SUBSCRIBED' THEN now() END,
                 now() - make_interval(days => $4), now() - make_interval(days => $4)) RETURNING id`,
        [chef.publisher.id, `guest-${randomUUID()}@example.test`, status, days],
      )) as Array<{ id: string }>;
      return row.id;
    };
    const oldPending = await follow('PENDING', 8);
    const freshPending = await follow('PENDING', 1);
    const oldSubscribed = await follow('SUBSCRIBED', 40);
    const [oldLocation] = (await h.db.query(
      `INSERT INTO location_subscription (email, country, zipcode, status, updated_at)
       VALUES ($1, 'US', '07302', 'PENDING', now() - interval '9 days') RETURNING id`,
      [`guest-${randomUUID()}@example.test`],
    )) as Array<{ id: string }>;

    // Stored files: a picture no row refers to (two widths) and a document, both two days old, go; a referred
    // picture (all its widths, the row keeps one), a document referred to from a chef's settings, a young
    // orphan and the seed's pictures stay.
    const orphanId = randomUUID();
    const orphans = [
      await storedFile(`public/items/${orphanId}/400.webp`, 2 * DAY),
      await storedFile(`public/items/${orphanId}/800.webp`, 2 * DAY),
      await storedFile(`private/receipts/${randomUUID()}.pdf`, 2 * DAY),
    ];
    const keptId = randomUUID();
    const permit = `private/publishers/${chef.publisher.id}/food-handler-permit/${randomUUID()}.pdf`;
    const kept = [
      await storedFile(`public/items/${keptId}/400.webp`, 2 * DAY),
      await storedFile(`public/items/${keptId}/800.webp`, 2 * DAY),
      await storedFile(`public/items/${keptId}/1600.webp`, 2 * DAY),
      await storedFile(permit, 2 * DAY),
      await storedFile(`public/items/${randomUUID()}/800.webp`, 3600_000),
      await storedFile('public/seed/dishes/pho.webp', 30 * DAY),
    ];
    await createItem(h.db, { publisherId: chef.publisher.id, pictures: [`public/items/${keptId}/800.webp`] });
    await h.db.query(
      `INSERT INTO chef_setting (publisher_id, key, value) VALUES ($1, 'FOOD_HANDLER_PERMIT', $2::jsonb)`,
      [chef.publisher.id, JSON.stringify(permit)],
    );

    const before = await moneyChecksum(h.db);
    const report = await dryRun();
    expect(report.categories.map((c) => c.category)).toEqual([
      'GUEST_CARTS',
      'LOGIN_SESSIONS',
      'ORPHANED_UPLOADS',
      'SENT_EMAILS',
      'UNCONFIRMED_SUBSCRIPTIONS',
    ]);
    const counted = countsOf(report);
    // What this test made is among what would go (rows other test files left may be too).
    expect(counted.GUEST_CARTS).toBeGreaterThanOrEqual(1);
    expect(counted.LOGIN_SESSIONS).toBeGreaterThanOrEqual(2);
    expect(counted.ORPHANED_UPLOADS).toBe(3);
    expect(counted.SENT_EMAILS).toBeGreaterThanOrEqual(1);
    expect(counted.UNCONFIRMED_SUBSCRIPTIONS).toBeGreaterThanOrEqual(2);
    const cutoff = Object.fromEntries(report.categories.map((c) => [c.category, Date.parse(c.cutoff)]));
    const checked = Date.parse(report.checkedAt);
    expect(checked - cutoff.GUEST_CARTS).toBe(30 * DAY);
    expect(checked - cutoff.LOGIN_SESSIONS).toBe(0);
    expect(checked - cutoff.ORPHANED_UPLOADS).toBe(DAY);
    expect(checked - cutoff.SENT_EMAILS).toBe(30 * DAY);
    expect(checked - cutoff.UNCONFIRMED_SUBSCRIPTIONS).toBe(7 * DAY);

    const run = await cleanAndWait({ confirm: true });
    expect(run.state).toBe('DONE');
    expect(run.error).toBeNull();
    expect(Object.fromEntries(run.categories.map((c) => [c.category, c.removed]))).toEqual(counted);
    expect(Object.fromEntries(run.categories.map((c) => [c.category, c.expected]))).toEqual(counted);
    expect(run.categories.every((c) => c.done)).toBe(true);

    // Nothing of any kind is left to clean.
    expect(Object.values(countsOf(await dryRun()))).toEqual([0, 0, 0, 0, 0]);

    const ids = async (table: string, wanted: string[]) =>
      ((await h.db.query(`SELECT id FROM ${table} WHERE id = ANY($1)`, [wanted])) as Array<{ id: string }>)
        .map((r) => r.id)
        .sort();
    expect(await ids('cart', [oldCart, freshCart, customersOldCart])).toEqual(
      [freshCart, customersOldCart].sort(),
    );
    expect(await ids('login_session', [idleSession, agedSession, liveSession])).toEqual([liveSession]);
    expect(await ids('email_outbox', [oldSent, freshSent, oldFailed, oldQueued])).toEqual(
      [freshSent, oldFailed, oldQueued].sort(),
    );
    expect(await ids('subscription', [oldPending, freshPending, oldSubscribed])).toEqual(
      [freshPending, oldSubscribed].sort(),
    );
    expect(await ids('location_subscription', [oldLocation.id])).toEqual([]);
    for (const key of orphans) expect(await exists(key), key).toBe(false);
    for (const key of kept) expect(await exists(key), key).toBe(true);

    // Orders, lines, dates, payments, refunds and payouts: not a row changed.
    expect(await moneyChecksum(h.db)).toEqual(before);

    // One audit row for the request, with the counts.
    const audit = (await h.db.query(
      `SELECT actor_consumer_id, action, target_type, after, request_id FROM audit_log WHERE target_id = $1`,
      [run.id],
    )) as Array<{
      actor_consumer_id: string;
      action: string;
      target_type: string;
      after: { counts: unknown };
      request_id: string | null;
    }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_consumer_id: admin.consumer.id,
      action: 'database.clean',
      target_type: 'clean_job',
      after: { counts: counted },
    });
    expect(audit[0].request_id).toBeTruthy();
  });

  it('cleans only the kinds asked for', async () => {
    const [cart] = (await h.db.query(
      `INSERT INTO cart (guest_token, updated_at) VALUES ($1, now() - interval '45 days') RETURNING id`,
      [`guest-${randomUUID()}`],
    )) as Array<{ id: string }>;
    const [sent] = (await h.db.query(
      `INSERT INTO email_outbox (to_address, subject, state, sent_at) VALUES ('a@example.test', 'Hi', 'SENT', now() - interval '45 days') RETURNING id`,
    )) as Array<{ id: string }>;
    const run = await cleanAndWait({ confirm: true, categories: [CleanCategory.GUEST_CARTS] });
    expect(run.state).toBe('DONE');
    expect(run.categories.map((c) => [c.category, c.removed])).toEqual([['GUEST_CARTS', 1]]);
    expect(await h.db.query(`SELECT id FROM cart WHERE id = $1`, [cart.id])).toEqual([]);
    expect(await h.db.query(`SELECT id FROM email_outbox WHERE id = $1`, [sent.id])).toHaveLength(1);
    expect(countsOf(await dryRun()).SENT_EMAILS).toBe(1);
  });
});
