import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { computePaymentAmounts, fromMinor, PaymentMethod, toMinor } from '@hearth/shared';
import Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGatewaySandbox, type RunningGatewaySandbox } from '../src/gateway-sandbox/gateway-sandbox.js';
import { loadSandboxConfig } from '../src/gateway-sandbox/sandbox-config.js';
import { openTestDataSource } from '../test/setup/database.js';
import { createConsumer, createPublisher } from '../test/setup/factories.js';
import { TEST_GATEWAY_KEYS } from '../test/setup/gateways.js';
import { createOfferedItem } from '../test/setup/shop.js';

/*
 * Payment callbacks under load (issue 15 benchmark): the real API as several processes (node:cluster,
 * API_WORKERS) and the real `payment-events` worker, both from api/dist, on a fresh database; M orders
 * awaiting a Stripe Checkout payment; each paid at the local gateway sandbox, whose signed webhooks are
 * captured (not delivered). Then every captured event is posted to POST order/stripe/callback, re-signed
 * with the configured whsec over the exact body (the SDK's generateTestHeaderString), by a keep-alive pool
 * as fast as the API acknowledges: 30 % of the posts are duplicates of an event already in the stream, and
 * for 10 % of the payments payment_intent.succeeded comes before checkout.session.completed. The worker
 * drains while the posts go on. At the end every payment must have been applied exactly once.
 *
 *   BENCH_PAYMENTS       payments (orders) (default 2000; two unique events each)
 *   BENCH_CONCURRENCY    requests in flight (default 64)
 *   BENCH_API_PROCESSES  API processes sharing the port (default 2)
 *   BENCH_DRAIN_TIMEOUT  seconds to wait for the worker after the last post (default 300)
 */
const API = '/services/publisher/api';
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 2);
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 300) * 1000;
const DUPLICATE_SHARE = 0.3;
const OUT_OF_ORDER_SHARE = 0.1;
const PRICE = '12.50';
const CURRENCY = 'USD';
const WEBHOOK_SECRET = TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET;
/** The built API (the bench runs from api/, after `pnpm -r build`). */
const DIST = join(process.cwd(), 'dist');

interface CapturedEvent {
  id: string;
  type: string;
  orderId: string;
  raw: string;
}

let db: DataSource;
let sandbox: RunningGatewaySandbox;
let capture: Server;
const captured: CapturedEvent[] = [];
const children: ChildProcess[] = [];
let apiOrigin: string;
let stripe: Stripe;
let orderIds: string[] = [];
/** Payment intent id per order, as the sandbox recorded the payment. */
const paymentIntentOf = new Map<string, string>();

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts `node dist/<file>` with `env`; its output is kept quiet unless it fails to start. */
function startProcess(name: string, file: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [join(DIST, file)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`bench: ${name} exited (${signal ?? code}):\n${tail}\n`);
  });
  children.push(child);
  return child;
}
let stopping = false;

async function waitFor(url: string, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

/** M orders awaiting a card payment: one line, one date, one confirmation mail waiting for the payment. */
async function createOrders(n: number): Promise<string[]> {
  const chef = await createPublisher(db, { currencyCode: CURRENCY });
  const buyer = await createConsumer(db, { name: 'Bench Buyer' });
  const offered = await createOfferedItem(db, {
    publisherId: chef.id,
    name: 'Bench Biryani',
    chefPrice: PRICE,
    maxAllowed: 1_000_000,
  });
  const gross = toMinor(PRICE, CURRENCY);
  const amounts = computePaymentAmounts({
    grossAmount: gross,
    currencyCode: CURRENCY,
    paymentMethod: PaymentMethod.STRIPE_CARD,
  });
  const money = (minor: number) => fromMinor(minor, CURRENCY);
  const run = randomUUID().slice(0, 8);
  const rows = (await db.query(
    `WITH o AS (
       INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, contact_details,
                                   order_status, idempotency_key, payment_hold_expires_at)
       SELECT 'BENCH-' || $1 || '-' || g, $2, $3, $4, jsonb_build_object('name', 'Bench Buyer', 'email', 'bench@example.test'),
              'PLACED', 'bench-' || $1 || '-' || g, now() + interval '1 day'
         FROM generate_series(1, $5) AS g
       RETURNING id, order_number),
     l AS (
       INSERT INTO ordered_cart_item (order_id, item_id, publisher_id, item_name, pricing_option, unit_price,
                                      order_quantity, item_total, item_price_per_date, net_amount_per_date,
                                      distributed_fees, net_amount)
       SELECT o.id, $6, $7, 'Bench Biryani', jsonb_build_object('id', $8::text, 'chefPrice', $3::text), $3, 1, $3, $3, $3, 0, $3
         FROM o
       RETURNING id),
     s AS (
       INSERT INTO order_date_selection (ordered_cart_item_id, date, time_slots, item_total, delivery_fee,
                                         order_status, payment_status, delivery_option)
       SELECT l.id, $9, '{PM_5_7}', $3, 0, 'PLACED', 'CREATED', 'PICKUP' FROM l),
     p AS (
       INSERT INTO payment_details (order_id, payment_method, gateway, payment_details_generic_id, gross_amount,
                                    net_amount, currency_code, vs_fees, vs_net, transaction_fees)
       SELECT o.id, 'STRIPE_CARD', 'stripe', 'bench-pending:' || o.id, $3, $10, $4, $11, $12, 0 FROM o),
     m AS (
       INSERT INTO email_outbox (to_address, subject, text, state, related_type, related_id)
       SELECT 'bench@example.test', 'Order ' || o.order_number || ' confirmed', 'Bench', 'AWAITING_PAYMENT', 'order', o.id
         FROM o)
     SELECT id FROM o`,
    [
      run,
      buyer.id,
      PRICE,
      CURRENCY,
      n,
      offered.item.id,
      chef.id,
      offered.optionId,
      offered.dates[0],
      money(amounts.netAmount),
      money(amounts.vsFees),
      money(amounts.vsNet),
    ],
  )) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** Runs `task` over `items` with `width` at a time. */
async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

beforeAll(async () => {
  db = await openTestDataSource();

  // Webhooks the sandbox signs are captured here (and re-signed when posted, as the timestamps must be fresh).
  capture = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const event = JSON.parse(body) as {
        id: string;
        type: string;
        data: { object: Record<string, unknown> };
      };
      const metadata = (event.data.object.metadata ?? {}) as Record<string, string>;
      captured.push({ id: event.id, type: event.type, orderId: metadata.orderId ?? '', raw: body });
      if (event.type === 'payment_intent.succeeded') {
        paymentIntentOf.set(metadata.orderId ?? '', event.data.object.id as string);
      }
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => capture.listen(0, '127.0.0.1', r));
  const captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/`;

  sandbox = await startGatewaySandbox(
    loadSandboxConfig({
      ...TEST_GATEWAY_KEYS,
      GATEWAY_SANDBOX_PORT: '0',
      GATEWAY_SANDBOX_STATE_FILE: 'memory',
      GATEWAY_SANDBOX_LOG_LEVEL: 'silent',
      GATEWAY_SANDBOX_WEBHOOK_URL_STRIPE: captureUrl,
    }),
  );
  stripe = new Stripe(TEST_GATEWAY_KEYS.STRIPE_SECRET_KEY, {
    host: '127.0.0.1',
    port: new URL(sandbox.url).port,
    protocol: 'http',
    telemetry: false,
  });

  // The API and the worker boot while the orders are made (slow on a busy machine).
  const port = await freePort();
  apiOrigin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_GATEWAY_KEYS,
    STRIPE_API_BASE: sandbox.url,
    PAYPAL_API_BASE: sandbox.url,
    CASHFREE_API_BASE: sandbox.url,
    CASHFREE_PAYOUT_API_BASE: sandbox.url,
    // As `npm start` runs it: the production build's settings, with its local-demo allowances.
    NODE_ENV: 'production',
    HEARTH_DEMO: '1',
    HEARTH_DEMO_IN_PRODUCTION: '1',
    DATA_ENCRYPTION_KEY: 'bG9jYWwtZGVtby1rZXktbm90LWZvci1wcm9kdWN0aW8=',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    API_WORKERS: String(API_PROCESSES),
    ...Object.fromEntries(
      ['AUTH', 'CONTACT', 'SEARCH', 'CART', 'ORDER', 'DEFAULT'].map((c) => [
        `RATE_LIMIT_${c}`,
        '100000000,100000000,60',
      ]),
    ),
  };
  startProcess('api', 'main.js', env);
  startProcess('worker', 'worker.js', env);

  const setupStarted = Date.now();
  orderIds = await createOrders(PAYMENTS);
  // One Checkout Session per order, paid on the sandbox's hosted page (the form a customer submits).
  await pool(orderIds, 16, async (orderId) => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CURRENCY.toLowerCase(),
            unit_amount: toMinor(PRICE, CURRENCY),
            product_data: { name: 'Bench Biryani' },
          },
        },
      ],
      success_url: 'http://localhost:3000/checkout/return?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cart',
      client_reference_id: orderId,
      metadata: { orderId },
      payment_intent_data: { metadata: { orderId } },
    });
    await db.query(`UPDATE payment_details SET payment_details_generic_id = $2 WHERE order_id = $1`, [
      orderId,
      session.id,
    ]);
    const paid = await fetch(`${sandbox.url}/stripe/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`paying ${session.id} at the sandbox answered ${paid.status}`);
  });
  const deadline = Date.now() + 120_000;
  while (captured.length < 2 * PAYMENTS && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  console.log(
    `setup: ${PAYMENTS} orders, sessions paid at the sandbox, ${captured.length} signed events captured (${((Date.now() - setupStarted) / 1000).toFixed(1)} s)`,
  );

  await waitFor(`${apiOrigin}${API}/health`, 'The API', 180_000);
}, 600_000);

afterAll(async () => {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  await sandbox?.close();
  await new Promise((r) => capture?.close(r));
  await db?.destroy();
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The stream to post: each payment's two events (swapped for 10 %), then duplicates spliced in later. */
function postingOrder(): CapturedEvent[] {
  const byOrder = new Map<string, CapturedEvent[]>();
  for (const e of captured) {
    if (e.type !== 'checkout.session.completed' && e.type !== 'payment_intent.succeeded') continue;
    byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), e]);
  }
  const stream: CapturedEvent[] = [];
  let swapped = 0;
  for (const events of byOrder.values()) {
    events.sort((a, b) => (a.type === 'checkout.session.completed' ? -1 : b.type === a.type ? 0 : 1));
    if (Math.random() < OUT_OF_ORDER_SHARE) {
      events.reverse();
      swapped++;
    }
    stream.push(...events);
  }
  const uniques = stream.length;
  const duplicates = Math.round((uniques * DUPLICATE_SHARE) / (1 - DUPLICATE_SHARE));
  for (let i = 0; i < duplicates; i++) {
    const from = Math.floor(Math.random() * stream.length);
    // Later in the stream: some land right beside the original (in flight together), some much later.
    const to = Math.min(stream.length, from + 1 + Math.floor(Math.random() * (stream.length - from)));
    stream.splice(to, 0, stream[from] as CapturedEvent);
  }
  console.log(
    `stream: ${stream.length} callbacks = ${uniques} unique events + ${duplicates} duplicates; ${swapped} payments out of order`,
  );
  return stream;
}

it('acknowledges signed Stripe callbacks fast and applies each payment exactly once', async () => {
  const stream = postingOrder();
  const uniqueIds = new Set(stream.map((e) => e.id));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(`${apiOrigin}${API}/order/stripe/callback`);
  const latencies: number[] = [];
  const failures = new Map<string, number>();

  const post = (e: CapturedEvent) =>
    new Promise<void>((resolve) => {
      const header = stripe.webhooks.generateTestHeaderString({ payload: e.raw, secret: WEBHOOK_SECRET });
      const started = process.hrtime.bigint();
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(e.raw),
            'stripe-signature': header,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode && res.statusCode < 300) {
              latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            } else {
              const key = `HTTP ${res.statusCode}`;
              failures.set(key, (failures.get(key) ?? 0) + 1);
            }
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        resolve();
      });
      req.end(e.raw);
    });

  // A first callback alone: the route must exist before the clock starts.
  const probe = await fetch(url, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  });
  if (probe.status === 404) {
    throw new Error(`POST ${url.pathname} answered 404: the callback route is not built into api/dist`);
  }

  // Baseline on the same pool: the API's cheapest route, to tell the callback path from a busy machine.
  const health = new URL(`${apiOrigin}${API}/health`);
  const healthLatencies: number[] = [];
  const getHealth = () =>
    new Promise<void>((resolve) => {
      const at = process.hrtime.bigint();
      const req = request(health, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          healthLatencies.push(Number(process.hrtime.bigint() - at) / 1e6);
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end();
    });
  const healthStarted = Date.now();
  await pool(Array.from({ length: 1000 }), CONCURRENCY, getHealth);
  const healthMs = Date.now() - healthStarted;
  healthLatencies.sort((a, b) => a - b);

  const started = Date.now();
  await pool(stream, CONCURRENCY, post);
  const postingMs = Date.now() - started;
  agent.destroy();

  // The worker drains: until every unique event is APPLIED (or FAILED, or the time runs out).
  const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS;
  let progress = { applied: 0, failed: 0, total: 0 };
  while (Date.now() < drainDeadline) {
    const [row] = (await db.query(
      `SELECT count(*) FILTER (WHERE status = 'APPLIED')::int AS applied,
              count(*) FILTER (WHERE status = 'FAILED')::int AS failed, count(*)::int AS total
         FROM payment_event WHERE gateway = 'stripe'`,
    )) as Array<typeof progress>;
    progress = row as typeof progress;
    if (progress.applied + progress.failed >= uniqueIds.size) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const drainedMs = Date.now() - started;
  const [span] = (await db.query(
    `SELECT extract(epoch FROM max(applied_at) - min(received_at)) * 1000 AS ms FROM payment_event WHERE status = 'APPLIED'`,
  )) as Array<{ ms: string | null }>;
  const applyMs = Number(span?.ms ?? drainedMs);

  latencies.sort((a, b) => a - b);
  const accepted = latencies.length;
  console.log(
    [
      '',
      `payments benchmark: ${PAYMENTS} payments, ${stream.length} callbacks, concurrency ${CONCURRENCY}, ${API_PROCESSES} API processes + 1 worker (load average ${loadavg()[0]?.toFixed(1)})`,
      `  baseline GET health: ${Math.round(healthLatencies.length / (healthMs / 1000))} req/s, p50 ${percentile(healthLatencies, 50).toFixed(1)} ms, p99 ${percentile(healthLatencies, 99).toFixed(1)} ms`,
      `  callbacks acknowledged: ${accepted}/${stream.length} in ${(postingMs / 1000).toFixed(2)} s = ${Math.round(accepted / (postingMs / 1000))} callbacks/s (target ≥ 1000)`,
      `  acknowledgement latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (target p99 < 50 ms)`,
      `  worker: ${progress.applied}/${uniqueIds.size} unique events APPLIED, ${progress.failed} FAILED; all applied ${(drainedMs / 1000).toFixed(2)} s after the first post = ${Math.round(progress.applied / (applyMs / 1000))} events/s (first received → last applied ${(applyMs / 1000).toFixed(2)} s)`,
      ...(failures.size
        ? [`  refused or failed posts: ${[...failures].map(([k, v]) => `${k} ×${v}`).join(', ')}`]
        : []),
      '',
    ].join('\n'),
  );

  // Exactly once: one row per unique event, all applied; every order paid once, by its own intent, with its
  // one confirmation mail released (and no other mail made).
  expect(failures.size).toBe(0);
  expect(progress).toEqual({ applied: uniqueIds.size, failed: 0, total: uniqueIds.size });
  const [orders] = (await db.query(
    `SELECT count(*)::int AS orders,
            count(*) FILTER (WHERE p.is_payment_completed AND p.payment_completed_time IS NOT NULL)::int AS paid,
            count(*) FILTER (WHERE p.gross_amount = $2::numeric)::int AS gross_unchanged
       FROM payment_details p WHERE p.order_id = ANY($1::uuid[])`,
    [orderIds, PRICE],
  )) as Array<{ orders: number; paid: number; gross_unchanged: number }>;
  expect(orders).toEqual({ orders: PAYMENTS, paid: PAYMENTS, gross_unchanged: PAYMENTS });
  const wrongIntent = (await db.query(
    `SELECT order_id, gateway_payment_id FROM payment_details WHERE order_id = ANY($1::uuid[])`,
    [orderIds],
  )) as Array<{ order_id: string; gateway_payment_id: string | null }>;
  expect(wrongIntent.filter((r) => r.gateway_payment_id !== paymentIntentOf.get(r.order_id))).toEqual([]);
  const [dates] = (await db.query(
    `SELECT count(*) FILTER (WHERE s.payment_status <> 'COMPLETED')::int AS unpaid
       FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
      WHERE l.order_id = ANY($1::uuid[])`,
    [orderIds],
  )) as Array<{ unpaid: number }>;
  expect(dates?.unpaid).toBe(0);
  const [mails] = (await db.query(
    `SELECT count(*)::int AS mails, count(DISTINCT related_id)::int AS orders,
            count(*) FILTER (WHERE state = 'AWAITING_PAYMENT')::int AS waiting
       FROM email_outbox WHERE related_type = 'order' AND related_id = ANY($1::uuid[])`,
    [orderIds],
  )) as Array<{ mails: number; orders: number; waiting: number }>;
  expect(mails).toEqual({ mails: PAYMENTS, orders: PAYMENTS, waiting: 0 });
  console.log(
    `exactly once: ${uniqueIds.size} events applied once each, ${PAYMENTS} orders paid once, ${PAYMENTS} confirmation mails released once`,
  );
});
