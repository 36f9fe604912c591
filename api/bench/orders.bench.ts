import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUEUES } from '../src/queue/queues.js';
import { startHarness, type Harness } from '../test/setup/harness.js';
import { createOfferedItem, orderedCount, type OfferedItem } from '../test/setup/shop.js';

/*
 * Order placement throughput: many different buyers check out their carts at once, all buying the same
 * item on the same date (one hot item_date_capacity row with a large cap), through the real API in-process
 * (HTTP on a real port, bearer tokens verified against the local identity provider, real PostgreSQL and
 * Redis). Carts are filled by SQL beforehand; only POST order is timed.
 *
 *   BENCH_ORDERS       orders per concurrency level (default 600)
 *   BENCH_CONCURRENCY  comma-separated levels (default 1,8,32,64)
 */
const API = '/services/publisher/api';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,8,32,64').split(',').map(Number);

let h: Harness;
let offered: OfferedItem;
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
  // The confirmation e-mails of this run point at a database that is dropped next; no worker will send them.
  await h?.app.get<Queue>(getQueueToken(QUEUES.MAIL)).drain(true);
  await h?.close();
});

/** `n` buyers, each with a cart holding the bench item for its first date (1 portion, delivery). */
async function buyers(n: number): Promise<Array<{ token: string }>> {
  const run = randomUUID().slice(0, 8);
  const rows: Array<{ id: string; keycloak_id: string }> = await h.db.query(
    `INSERT INTO consumer (keycloak_id, name, user_email, user_name, roles)
     SELECT 'bench-' || $1 || '-' || g, 'Bench Buyer ' || g, 'bench-' || $1 || '-' || g || '@example.test', 'bench-' || $1 || '-' || g, '{ROLE_USER}'
       FROM generate_series(1, $2) AS g
     RETURNING id, keycloak_id`,
    [run, n],
  );
  await h.db.query(
    `WITH carts AS (INSERT INTO cart (consumer_id) SELECT unnest($1::uuid[]) RETURNING id),
          items AS (INSERT INTO cart_item (cart_id, item_id, pricing_option_id, order_quantity) SELECT id, $2, $3, 1 FROM carts RETURNING id)
     INSERT INTO cart_item_date (cart_item_id, date, time_slots, delivery_option) SELECT id, $4, '{PM_5_7}', 'DELIVERY' FROM items`,
    [rows.map((r) => r.id), offered.item.id, offered.optionId, offered.dates[0]],
  );
  return Promise.all(rows.map(async (r) => ({ token: await sign(r.keycloak_id) })));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function level(
  concurrency: number,
): Promise<{ ok: number; failed: number; seconds: number; latencies: number[] }> {
  const people = await buyers(ORDERS);
  const url = `${h.origin}${API}/order`;
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < people.length; i = next++) {
        const t0 = performance.now();
        const res = await fetch(url, {
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
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status === 201) ok += 1;
        else failed += 1;
      }
    }),
  );
  return {
    ok,
    failed,
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
  };
}

it('order placement throughput on one shared item', async () => {
  // Warm-up: connections, JWKS, prepared code paths.
  await level(4);
  const before = await orderedCount(h.db, offered.item.id, offered.dates[0]);
  const lines: string[] = [];
  let placed = 0;
  for (const c of LEVELS) {
    const r = await level(c);
    placed += r.ok;
    const f = (ms: number) => ms.toFixed(1).padStart(7);
    lines.push(
      `${String(c).padStart(11)} | ${String(r.ok).padStart(6)} | ${String(r.failed).padStart(6)} | ${(r.ok / r.seconds).toFixed(1).padStart(8)} | ${f(percentile(r.latencies, 50))} | ${f(percentile(r.latencies, 95))} | ${f(percentile(r.latencies, 99))}`,
    );
  }
  const report = [
    '',
    `Order placement (POST order, cash, 1 line, one hot capacity row), ${ORDERS} buyers per level`,
    'concurrency |     ok | failed | orders/s |  p50 ms |  p95 ms |  p99 ms',
    ...lines,
    '',
  ].join('\n');
  process.stdout.write(report);
  // Every order took exactly its portion, even at the highest concurrency.
  expect(await orderedCount(h.db, offered.item.id, offered.dates[0])).toBe(before + placed);
});
