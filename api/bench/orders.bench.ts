import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import pg from 'pg';
import { importJWK, SignJWT, type JWK } from 'jose';
import { Pool } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUEUES } from '../src/queue/queues.js';
import { startHarness, type Harness } from '../test/setup/harness.js';
import { createOfferedItem, orderedCount, type OfferedItem } from '../test/setup/shop.js';
import { NO_LIMIT, startDeployedApi, stopDeployedApi } from './deployed-api.js';
import { cpuSample, cpuShares, parentOf, treeCpuMs } from './machine-cpu.js';

/*
 * Order placement throughput: many different buyers check out their carts at once through the real API
 * in-process (HTTP on a real port, bearer tokens verified against the local identity provider, real
 * PostgreSQL and Redis), in two cases:
 * - hot: all buy the same item on the same date (one hot item_date_capacity row with a large cap);
 * - spread: each buys one item of BENCH_KITCHENS kitchens (one item each), round robin, so the capacity
 *   rows hardly collide.
 * Carts are filled by SQL beforehand; only POST order is timed. After each case the benchmark checks that
 * the capacity rows took exactly the portions of the orders placed (no oversell, nothing lost).
 *
 *   BENCH_ORDERS       orders per concurrency level (default 600)
 *   BENCH_CONCURRENCY  comma-separated levels (default 1,8,32,64)
 *   BENCH_KITCHENS     kitchens of the spread case (default 50)
 *   BENCH_CASES        comma-separated cases (default hot,spread)
 *   BENCH_WARM_ROUND   orders a warm-up round (default 1000): each case first warms up until steady (warmUp)
 *   BENCH_WARM_MIN     warm-up rounds at least (default 2; at most 8, or this many when more)
 *   BENCH_PROFILE      a file: write a CPU profile (.cpuprofile) of this process during the levels of the
 *                      first case (the API runs in-process, so it is the API's profile plus the load's)
 *   BENCH_API          `in-process` (default: the API in this process, its PostgreSQL statements counted)
 *                      or `deployed`: orders go to the built API as deployed (`dist/main.js`, production,
 *                      API_WORKERS processes, by default one per core) on the same database, identity
 *                      provider and Redis, so that the API has the cores and not the load generator's
 *                      event loop; statements are not counted then (they run in other processes), and the
 *                      API processes' CPU time an order is printed
 * PostgreSQL's CPU time an order (all its processes) is printed when it runs on this machine.
 */
const API = '/services/publisher/api';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,8,32,64').split(',').map(Number);
const KITCHENS = Number(process.env.BENCH_KITCHENS ?? 50);
const CASES = (process.env.BENCH_CASES ?? 'hot,spread').split(',');
const PROFILE = process.env.BENCH_PROFILE;
const WARM_ROUND = Number(process.env.BENCH_WARM_ROUND ?? 1000);
const WARM_MIN_ROUNDS = Number(process.env.BENCH_WARM_MIN ?? 2);
const WARM_MAX_ROUNDS = Math.max(WARM_MIN_ROUNDS, 8);
const DEPLOYED = process.env.BENCH_API === 'deployed';
let profiled = false;
/** Where orders are sent: the in-process API, or the deployed one (BENCH_API=deployed). */
let orderUrl = '';
let deployed: ChildProcess | null = null;
/** PostgreSQL's postmaster when it runs on this machine (its processes' CPU is counted per order), else undefined. */
let postmaster: number | undefined;

/*
 * PostgreSQL statements sent (every Client#query of the in-process API, BEGIN and COMMIT included), to print
 * round trips per order: a number that does not depend on how busy the machine is.
 */
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

let h: Harness;
let offered: OfferedItem;
const spread: OfferedItem[] = [];
let sign: (subject: string) => Promise<string>;

beforeAll(async () => {
  h = await startHarness();
  const chef = await h.chef();
  offered = await createOfferedItem(h.db, {
    publisherId: chef.publisher.id,
    name: 'Bench Biryani',
    maxAllowed: 1_000_000,
    chefPrice: '11.49',
    deliveryFees: '3.00',
  });
  if (CASES.includes('spread')) {
    for (let k = 0; k < KITCHENS; k++) {
      const other = await h.chef();
      spread.push(
        await createOfferedItem(h.db, {
          publisherId: other.publisher.id,
          name: `Bench Dal ${k + 1}`,
          maxAllowed: 1_000_000,
          chefPrice: '9.25',
          deliveryFees: '2.50',
          dates: offered.dates,
        }),
      );
    }
  }
  orderUrl = `${h.origin}${API}/order`;
  if (DEPLOYED) {
    const main = join(__dirname, '../dist/main.js');
    if (!existsSync(main)) throw new Error('api/dist is missing: build the API first (`pnpm -r build`)');
    const started = await startDeployedApi(main, process.env.DATABASE_URL!, {
      OIDC_ISSUER_URL: h.idp.issuer,
      WEB_ORIGIN: h.origin,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      RATE_LIMIT_DEFAULT: NO_LIMIT,
      RATE_LIMIT_ORDER: NO_LIMIT,
      RATE_LIMIT_CART: NO_LIMIT,
    });
    deployed = started.api;
    orderUrl = `${started.base}/order`;
    process.stdout.write(`\nAPI as deployed: ${main}, ${started.workers} API processes\n`);
  }
  // A backend's parent is the postmaster when PostgreSQL runs here; elsewhere its CPU is not measured.
  const [{ pid }] = await h.db.query('SELECT pg_backend_pid() AS pid');
  const parent = parentOf(pid as number);
  if (parent?.cmdline.includes('postgres')) postmaster = parent.pid;
  const [{ jwk }] = await h.db.query(`SELECT jwk FROM idp.signing_keys ORDER BY created_at DESC LIMIT 1`);
  const key = await importJWK(jwk as JWK, 'RS256');
  sign = (subject) =>
    new SignJWT({ realm_access: { roles: ['ROLE_USER'] } })
      .setProtectedHeader({ alg: 'RS256', kid: (jwk as JWK).kid, typ: 'at+jwt' })
      .setIssuer(h.idp.issuer)
      .setAudience('hearth-web')
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(key);
});

afterAll(async () => {
  if (deployed) await stopDeployedApi(deployed);
  // The confirmation e-mails of this run point at a database that is dropped next; no worker will send them.
  await h?.app.get<Queue>(getQueueToken(QUEUES.MAIL)).drain(true);
  await h?.close();
});

/** `n` buyers, each with a cart holding one of `items` (round robin) for its first date (1 portion, delivery). */
async function buyers(n: number, items: readonly OfferedItem[]): Promise<Array<{ token: string }>> {
  const run = randomUUID().slice(0, 8);
  const rows: Array<{ id: string; keycloak_id: string }> = await h.db.query(
    `INSERT INTO consumer (keycloak_id, name, user_email, user_name, roles)
     SELECT 'bench-' || $1 || '-' || g, 'Bench Buyer ' || g, 'bench-' || $1 || '-' || g || '@example.test', 'bench-' || $1 || '-' || g, '{ROLE_USER}'
       FROM generate_series(1, $2) AS g
     RETURNING id, keycloak_id`,
    [run, n],
  );
  const pick = rows.map((_, i) => items[i % items.length]);
  await h.db.query(
    `WITH wanted AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS w(consumer_id, item_id, option_id)),
          carts AS (INSERT INTO cart (consumer_id) SELECT consumer_id FROM wanted RETURNING id, consumer_id),
          items AS (INSERT INTO cart_item (cart_id, item_id, pricing_option_id, order_quantity)
                    SELECT c.id, w.item_id, w.option_id, 1 FROM carts c JOIN wanted w USING (consumer_id) RETURNING id)
     INSERT INTO cart_item_date (cart_item_id, date, time_slots, delivery_option) SELECT id, $4, '{PM_5_7}', 'DELIVERY' FROM items`,
    [rows.map((r) => r.id), pick.map((o) => o.item.id), pick.map((o) => o.optionId), offered.dates[0]],
  );
  return Promise.all(rows.map(async (r) => ({ token: await sign(r.keycloak_id) })));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function level(
  concurrency: number,
  items: readonly OfferedItem[],
  orders = ORDERS,
): Promise<{ ok: number; failed: number; seconds: number; latencies: number[]; statements: number }> {
  const people = await buyers(orders, items);
  // Statistics as a live database has them (autovacuum analyses a table once a tenth of it changed): the
  // benchmark's tables grow from empty by hundreds of orders a level, faster than autovacuum's next visit, and
  // without statistics the order detail's joins were planned as scans of the growing tables.
  await h.db.query(
    'ANALYZE customer_order, ordered_cart_item, order_date_selection, order_status_change, payment_details, cart, cart_item, cart_item_date, consumer',
  );
  const sent = statements;
  const url = new URL(orderUrl);
  // undici's Pool, one keep-alive connection per virtual buyer: the load generator shares the two cores with
  // the API and PostgreSQL, and `fetch` (WHATWG streams, Headers, Response) cost it ~3 ms of CPU an order.
  const pool = new Pool(url.origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let failed = 0;
  const cpuBefore = cpuSample();
  const apiBefore = treeCpuMs(deployed?.pid);
  const pgBefore = treeCpuMs(postmaster);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < people.length; i = next++) {
        const t0 = performance.now();
        const res = await pool.request({
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${people[i].token}`,
            'content-type': 'application/json',
            'x-time-zone': 'America/New_York',
          },
          body: JSON.stringify({
            contact: { name: 'Bench Buyer', email: 'bench@example.test', phone: '+1 201 555 0100' },
            deliveryAddress: {
              addressLine1: '77 Hudson St',
              city: 'Jersey City',
              state: 'NJ',
              zipcode: '07302',
            },
            paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
            idempotencyKey: randomUUID(),
          }),
        });
        await res.body.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.statusCode === 201) ok += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // CPU an order costs each server (ms of CPU time over the orders sent): unlike orders/s, it holds when the
  // machine is busy with something else, so it compares builds across runs and machines.
  const perOrder = (before: number | null, after: number | null, who: string) =>
    before === null || after === null ? [] : [`${who} ${((after - before) / (ok + failed)).toFixed(2)} ms`];
  const costs = [
    ...perOrder(apiBefore, treeCpuMs(deployed?.pid), 'API'),
    ...perOrder(pgBefore, treeCpuMs(postmaster), 'PostgreSQL'),
  ];
  const cpu = `${cpuShares(cpuBefore, cpuSample())}${costs.length ? `; CPU an order: ${costs.join(', ')}` : ''}`;
  await pool.close();
  return {
    cpu,
    ok,
    failed,
    statements: statements - sent,
    seconds,
    latencies: latencies.sort((a, b) => a - b),
  };
}

/** Portions taken of these items on the bench date. */
async function taken(items: readonly OfferedItem[]): Promise<number> {
  let sum = 0;
  for (const o of items) sum += await orderedCount(h.db, o.item.id, offered.dates[0]);
  return sum;
}

/**
 * Warm-up until steady, before the levels: rounds of WARM_ROUND orders at the highest level's concurrency (so that
 * every pooled connection is used) until two rounds in a row agree within 5 % on orders/s (WARM_MAX_ROUNDS at
 * most). The first thousands of orders run on a cold API and cold PostgreSQL backends (code not yet optimised by
 * V8, each connection's prepared statements and caches still to build, memory not yet mapped): on 7 December one
 * run rose from 155 to 371 orders/s over 14 rounds, and with the old warm-up (200 orders at concurrency 4)
 * whichever case ran first showed 25–35 % fewer orders/s than the same case run second. The rounds are printed.
 */
async function warmUp(items: readonly OfferedItem[]): Promise<string> {
  const rates: number[] = [];
  const concurrency = Math.max(...LEVELS);
  for (let round = 0; round < WARM_MAX_ROUNDS; round++) {
    const r = await level(concurrency, items, WARM_ROUND);
    rates.push(r.ok / r.seconds);
    const [before, last] = rates.slice(-2);
    if (rates.length >= WARM_MIN_ROUNDS && Math.abs(last - before) <= 0.05 * Math.max(last, before)) break;
  }
  return `warm-up until steady: ${rates.length} rounds of ${WARM_ROUND} orders at concurrency ${concurrency}, orders/s ${rates.map((r) => r.toFixed(0)).join(', ')}`;
}

async function run(name: string, label: string, items: readonly OfferedItem[]): Promise<void> {
  const warm = await warmUp(items);
  const lineCount = async (): Promise<number> =>
    (
      await h.db.query(`SELECT count(*)::int AS n FROM ordered_cart_item WHERE item_id = ANY($1::uuid[])`, [
        items.map((o) => o.item.id),
      ])
    )[0].n as number;
  const before = await taken(items);
  const linesBefore = await lineCount();
  const lines: string[] = [];
  const cpu: string[] = [];
  let placed = 0;
  const session = PROFILE && !profiled ? new Session() : null;
  if (session) {
    profiled = true;
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  for (const c of LEVELS) {
    const r = await level(c, items);
    placed += r.ok;
    cpu.push(`concurrency ${c}: ${r.cpu}`);
    const f = (ms: number) => ms.toFixed(1).padStart(7);
    lines.push(
      `${String(c).padStart(11)} | ${String(r.ok).padStart(6)} | ${String(r.failed).padStart(6)} | ${(r.ok / r.seconds).toFixed(1).padStart(8)} | ${f(percentile(r.latencies, 50))} | ${f(percentile(r.latencies, 95))} | ${f(percentile(r.latencies, 99))} | ${(DEPLOYED ? '–' : (r.statements / (r.ok + r.failed)).toFixed(1)).padStart(9)}`,
    );
  }
  if (session && PROFILE) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
    session.disconnect();
  }
  const after = await taken(items);
  const orderLines = (await lineCount()) - linesBefore;
  const report = [
    '',
    `Order placement, ${name}: POST order, cash, 1 line, ${label}; ${ORDERS} buyers per level; ` +
      (DEPLOYED ? 'the API as deployed' : 'the API in this process'),
    warm,
    'concurrency |     ok | failed | orders/s |  p50 ms |  p95 ms |  p99 ms | PG stmts/order',
    ...lines,
    ...cpu,
    `oversell check: portions taken during the levels ${after - before}, orders placed ${placed}, ` +
      `order lines written ${orderLines} → ${after - before === placed && orderLines === placed ? 'exact, no oversell' : 'MISMATCH'}`,
    '',
  ].join('\n');
  process.stdout.write(report);
  // Every order took exactly its portion, even at the highest concurrency.
  expect(after - before).toBe(placed);
  expect(orderLines).toBe(placed);
}

it('order placement throughput on one shared item (hot)', async () => {
  if (!CASES.includes('hot')) return;
  await run('hot', 'one hot capacity row', [offered]);
});

it('order placement throughput on items spread over many kitchens', async () => {
  if (!CASES.includes('spread')) return;
  await run('spread', `${KITCHENS} kitchens, one item each`, spread);
});
