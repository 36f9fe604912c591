import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@hearth/shared';
import type { DataSource } from 'typeorm';
import { DEV_DATA_ENCRYPTION_KEY, FieldCipher } from '../../src/common/crypto/field-cipher.js';
import type { RunningIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import { startSmtpPeer } from '../mail/smtp-peer.js';
import { UNLIMITED } from '../setup/app.js';
import { openTestDataSource } from '../setup/database.js';
import { createConsumer, createPublisher, uniqueSuffix } from '../setup/factories.js';
import { mintToken, startTestIdentityProvider } from '../setup/identity.js';
import { CHEF_ZONE, createOfferedItem, dayFromNow } from '../setup/shop.js';

/*
 * Restart under load: the built API and worker (api/dist) run as child processes on the run's database;
 * customers signed in with cookie sessions place orders concurrently, each with an idempotency key, and
 * retry after a connection error with the same key (as a real client would) until the order is
 * acknowledged or definitively refused. Mid-way the API and the worker are SIGKILLed and started again.
 * Afterwards: every acknowledged order exists exactly once, nothing else was ordered, capacity equals the
 * portions ordered and never exceeds the limit, every confirmation e-mail is SENT and reached the SMTP peer
 * (at least once: a crash between the SMTP server's accept and the commit sends a row again — only rows in
 * flight at the kill, at most the mail queue's concurrency), and a session made before the kill still works.
 */

const API_DIST = join(__dirname, '..', '..', 'dist');
const API_PORT = 8414;
const ORIGIN = `http://localhost:${API_PORT}`;
const BASE = `http://127.0.0.1:${API_PORT}/services/publisher/api`;
const CUSTOMERS = 8;
const ORDERS_PER_CUSTOMER = 4;
const CAPACITY = 40;
/** Acknowledged orders before the kill. */
const KILL_AFTER = 8;
/** The worker's mail queue concurrency (MailProcessor): at most this many rows are in flight at a kill. */
const MAIL_CONCURRENCY = 4;

interface Customer {
  consumerId: string;
  cookie: string;
}

interface Attempt {
  key: string;
  customer: Customer;
  quantity: number;
  outcome?: { status: number; orderId?: string };
}

/** Tokens at rest are encrypted, as a sign-in stores them (the processes run on the development key). */
const cipher = new FieldCipher(DEV_DATA_ENCRYPTION_KEY);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP exchange; null when the connection failed (refused, reset: the API is down or was killed). */
async function call(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> } | null> {
  try {
    const res = await fetch(`${BASE}/${path}`, {
      method,
      headers: {
        cookie: `hearth_session=${cookie}`,
        // A browser's post from the site itself (the API refuses cookie posts without the site's Origin).
        origin: ORIGIN,
        'x-time-zone': CHEF_ZONE,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON
    }
    return { status: res.status, json };
  } catch {
    return null;
  }
}

describe('restart under load (built API and worker, SIGKILL mid-way)', () => {
  let db: DataSource;
  let idp: RunningIdentityProvider;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let env: NodeJS.ProcessEnv;
  const children = new Set<ChildProcess>();
  const output: string[] = [];

  const start = (entry: 'main.js' | 'worker.js'): ChildProcess => {
    const child = spawn(process.execPath, [join(API_DIST, entry)], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output.push(`[${entry}] ${chunk.toString()}`);
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.add(child);
    child.on('exit', () => children.delete(child));
    return child;
  };
  const kill = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const waitForHealth = async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const ok = await fetch(`${BASE}/health`, { signal: AbortSignal.timeout(5_000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await sleep(200);
    }
    throw new Error(`The API did not answer /health within 60 s:\n${output.join('')}`);
  };

  beforeAll(async () => {
    if (!existsSync(join(API_DIST, 'main.js')) || !existsSync(join(API_DIST, 'worker.js')))
      throw new Error(
        'api/dist is missing: build the API first (`pnpm --filter @hearth/api build`; npm test does)',
      );
    db = await openTestDataSource();
    idp = await startTestIdentityProvider(`http://localhost:${API_PORT}`);
    smtp = await startSmtpPeer();
    env = {
      ...process.env,
      NODE_ENV: 'test',
      API_WORKERS: '1',
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      OIDC_ISSUER_URL: idp.issuer,
      WEB_ORIGIN: ORIGIN,
      // About a hundred requests from one address in seconds; the limits have their own test.
      ...UNLIMITED,
      SMTP_URL: smtp.url,
      STORAGE_DIR: process.env.STORAGE_DIR ?? 'var/test-storage',
    };
  });

  afterAll(async () => {
    await Promise.all([...children].map(kill));
    await smtp?.close();
    await idp?.close();
    await db?.destroy();
  });

  it('keeps every acknowledged order exactly once, capacity exact, mail delivered, sessions alive', async () => {
    // A chef's item with limited capacity on a future date, one time slot (one portion per quantity).
    const chefConsumer = await createConsumer(db, { name: `Restart chef ${uniqueSuffix()}` });
    const publisher = await createPublisher(db, {
      consumerId: chefConsumer.id,
      timeZoneId: CHEF_ZONE,
      currencyCode: 'USD',
      at: { lat: 40.7168, lng: -74.0335 },
    });
    const date = dayFromNow(5);
    const offered = await createOfferedItem(db, {
      publisherId: publisher.id,
      name: 'Restart stew',
      dates: [date],
      timeSlots: ['PM_5_7'],
      maxAllowed: CAPACITY,
    });

    // Customers with server-side sessions (login_session rows, as a sign-in makes them).
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const consumer = await createConsumer(db, { name: `Restart customer ${i}` });
      const cookie = randomBytes(32).toString('base64url');
      const accessToken = await mintToken(
        { realm_access: { roles: [Role.USER] }, email: consumer.userEmail, name: consumer.name },
        { issuer: idp.issuer, audience: 'hearth-web', subject: consumer.keycloakId, expiresIn: '30m' },
      );
      await db.query(
        `INSERT INTO login_session (id_hash, consumer_id, access_token, access_token_expires_at, expires_at, registration_pending)
         VALUES ($1, $2, $3, now() + interval '30 minutes', now() + interval '1 hour', false)`,
        [createHash('sha256').update(cookie).digest('hex'), consumer.id, cipher.encrypt(accessToken)],
      );
      customers.push({ consumerId: consumer.id, cookie });
    }

    const began = Date.now();
    const seconds = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;
    let api = start('main.js');
    let worker = start('worker.js');
    await waitForHealth();
    const [early] = customers;
    expect((await call('GET', 'auth/me', early.cookie))?.status).toBe(200);

    // Load: each customer places its orders one after another, all customers at once.
    const attempts: Attempt[] = [];
    let acknowledged = 0;
    let killed: Promise<void> | undefined;
    const unexpected: string[] = [];
    const deadline = Date.now() + 90_000;
    const retryable = (r: Awaited<ReturnType<typeof call>>) =>
      r === null || r.status === 502 || r.status === 503;

    const ensureCart = async (c: Customer, quantity: number): Promise<boolean> => {
      while (Date.now() < deadline) {
        const count = await call('GET', 'cart/count', c.cookie);
        if (retryable(count)) {
          await sleep(200);
          continue;
        }
        if (count!.status !== 200) throw new Error(`cart/count answered ${count!.status}`);
        if (Number(count!.json.count) > 0) return true;
        const added = await call('POST', 'cart/items', c.cookie, {
          itemId: offered.item.id,
          userSelectedPricingOption: { id: offered.optionId },
          orderQuantity: quantity,
          dates: [{ date, timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' }],
        });
        if (retryable(added)) continue; // the next round reads the cart to see whether it was added
        if (added!.status === 201) return true;
        if (added!.status >= 500) unexpected.push(`cart/items ${added!.status}`);
        return false; // refused (sold out): definitive
      }
      throw new Error('gave up filling a cart');
    };

    const place = async (a: Attempt) => {
      while (Date.now() < deadline) {
        const r = await call('POST', 'order', a.customer.cookie, {
          contact: { name: 'Casey Jones', email: 'casey@example.test', phone: '+1 201 555 0100' },
          deliveryAddress: {
            addressLine1: '77 Hudson St',
            city: 'Jersey City',
            state: 'NJ',
            zipcode: '07302',
          },
          paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
          idempotencyKey: a.key,
        });
        if (retryable(r)) {
          await sleep(200);
          continue; // same key again
        }
        a.outcome = { status: r!.status, orderId: r!.json.id as string | undefined };
        if (r!.status >= 500) unexpected.push(`order ${r!.status} ${JSON.stringify(r!.json)}`);
        if (r!.status === 200 || r!.status === 201) {
          acknowledged += 1;
          if (acknowledged === KILL_AFTER) killed = restart();
        }
        return;
      }
      throw new Error(`order ${a.key} neither acknowledged nor refused before the deadline`);
    };

    const restart = async () => {
      await Promise.all([kill(api), kill(worker)]);
      await sleep(300);
      api = start('main.js');
      worker = start('worker.js');
      await waitForHealth();
    };

    await Promise.all(
      customers.map(async (customer, i) => {
        for (let n = 0; n < ORDERS_PER_CUSTOMER; n++) {
          const quantity = 1 + ((i + n) % 3);
          const a: Attempt = { key: randomUUID(), customer, quantity };
          // Sold out (the cart line or the order refused): this customer stops, its cart untouched.
          if (!(await ensureCart(customer, quantity))) break;
          attempts.push(a);
          await place(a);
          if (a.outcome!.status >= 300) break;
        }
      }),
    );
    expect(killed, 'the API and worker were killed mid-way').toBeDefined();
    await killed;
    const loadDone = seconds();
    expect(unexpected).toEqual([]);

    // Orders: every acknowledged key exactly once; no order the clients were not told about.
    const acked = attempts.filter((a) => a.outcome && a.outcome.status < 300);
    const refused = attempts.filter((a) => a.outcome && a.outcome.status >= 400);
    expect(acked.length + refused.length).toBe(attempts.length);
    expect(acked.length).toBeGreaterThan(KILL_AFTER);
    const rows: Array<{ id: string; idempotency_key: string; consumer_id: string }> = await db.query(
      `SELECT id, idempotency_key, consumer_id FROM customer_order WHERE consumer_id = ANY($1)`,
      [customers.map((c) => c.consumerId)],
    );
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(acked.map((a) => a.key).sort());
    for (const a of acked) {
      const row = rows.find((r) => r.idempotency_key === a.key);
      expect(row?.id).toBe(a.outcome!.orderId);
      expect(row?.consumer_id).toBe(a.customer.consumerId);
    }

    // Capacity: ordered_count is the portions of the orders, and within the limit.
    const [capacity] = await db.query(
      `SELECT ordered_count, max_allowed FROM item_date_capacity WHERE item_id = $1 AND date = $2`,
      [offered.item.id, date],
    );
    const [portions] = await db.query(
      `SELECT COALESCE(SUM(oci.order_quantity * GREATEST(1, cardinality(ods.time_slots))), 0)::int AS total
         FROM ordered_cart_item oci JOIN order_date_selection ods ON ods.ordered_cart_item_id = oci.id
        WHERE oci.item_id = $1 AND ods.date = $2 AND ods.order_status <> 'CANCELLED'`,
      [offered.item.id, date],
    );
    expect(capacity.ordered_count).toBe(portions.total);
    expect(capacity.ordered_count).toBeLessThanOrEqual(CAPACITY);
    expect(portions.total).toBe(acked.reduce((sum, a) => sum + a.quantity, 0));

    // Mail: every order's confirmation rows end SENT and reached the SMTP peer.
    const orderIds = rows.map((r) => r.id);
    let outbox: Array<{ id: string; state: string; related_id: string }> = [];
    const mailDeadline = Date.now() + 150_000;
    while (Date.now() < mailDeadline) {
      outbox = await db.query(
        `SELECT id, state, related_id FROM email_outbox WHERE related_type = 'order' AND related_id = ANY($1)`,
        [orderIds],
      );
      if (outbox.every((o) => o.state === 'SENT')) break;
      await sleep(500);
    }
    const mailDone = seconds();
    expect(new Set(outbox.map((o) => o.related_id))).toEqual(new Set(orderIds));
    expect(outbox.filter((o) => o.state !== 'SENT')).toEqual([]);
    const received = new Map<string, number>();
    for (const m of smtp.received) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
    for (const o of outbox) expect(received.get(`<${o.id}@hearth.mail>`) ?? 0).toBeGreaterThanOrEqual(1);
    const duplicated = outbox.filter((o) => (received.get(`<${o.id}@hearth.mail>`) ?? 0) > 1);
    // At-least-once: only rows in flight when the worker was killed can go out twice.
    expect(duplicated.length).toBeLessThanOrEqual(MAIL_CONCURRENCY);

    // A session from before the kill still signs its customer in.
    const me = await call('GET', 'auth/me', early.cookie);
    expect(me?.status).toBe(200);
    console.info(
      `restart-under-load: ${acked.length} orders acknowledged, ${refused.length} refused, ` +
        `${capacity.ordered_count}/${CAPACITY} portions, ${outbox.length} e-mails, ${duplicated.length} sent twice; load and restart done at ${loadDone}, ` +
        `mail at ${mailDone}`,
    );
  }, 240_000);
});
