import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../test/setup/harness.js';
import { createOfferedItem, dayFromNow } from '../test/setup/shop.js';

/*
 * The fulfilment board (issue 17 item 1): one kitchen with BENCH_BOARD_ORDERS (default 10 000) orders over
 * 60 dates (half past, half to come; four slots; pickup and delivery; a tenth cancelled, most past ones
 * delivered), written by SQL. Then, through the real API over HTTP with the chef's bearer token, each of
 * BENCH_BOARD_REQUESTS (default 300) requests reads one page (size 20 or 50) of one tab — first, middle and
 * deep pages, with and without filters — plus the group counts. Prints p50 / p95 / p99 per kind; target
 * p99 < 50 ms per page. Never fails on a missed target.
 */
const ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_BOARD_REQUESTS ?? 300);
const API = '/services/publisher/api';

let h: Harness;
let chef: TestActor;

beforeAll(async () => {
  h = await startHarness();
  chef = await h.chef();
  const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Bench Board Stew' });
  const buyer = await h.customer();
  const t0 = performance.now();
  await h.db.query(
    `WITH o AS (
       INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, contact_details, location_details,
                                   order_status, idempotency_key, note)
       SELECT 'BOARD-' || g, $1, 12.50, 'USD',
              jsonb_build_object('name', 'Buyer ' || g, 'email', 'buyer' || g || '@example.test', 'phone', '+1 201 555 ' || lpad((g % 10000)::text, 4, '0')),
              jsonb_build_object('address', g || ' Hudson St, Jersey City, NJ'),
              'PLACED', 'board-bench-' || g, CASE WHEN g % 7 = 0 THEN 'No nuts' END
         FROM generate_series(1, $2) AS g
       RETURNING id, order_number),
     n AS (SELECT id, substring(order_number from 7)::int AS g FROM o),
     l AS (
       INSERT INTO ordered_cart_item (order_id, item_id, publisher_id, item_name, pricing_option, unit_price,
                                      order_quantity, item_total, item_price_per_date, net_amount_per_date,
                                      distributed_fees, net_amount)
       SELECT n.id, $3, $4, 'Bench Board Stew', jsonb_build_object('id', $5::text, 'quantity', '1', 'measurement', 'Bowl'),
              12.50, 1 + n.g % 3, 12.50, 12.50, 12.50, 0, 12.50
         FROM n
       RETURNING id, order_id),
     s AS (
       INSERT INTO order_date_selection (ordered_cart_item_id, date, time_slots, item_total, delivery_fee,
                                         order_status, payment_status, delivery_option)
       SELECT l.id, current_date + (n.g % 60 - 30),
              ARRAY[(ARRAY['AM_11_1PM','PM_3_5','PM_5_7','PM_7_9'])[1 + n.g % 4]],
              12.50, 0,
              CASE WHEN n.g % 10 = 0 THEN 'CANCELLED'
                   WHEN n.g % 60 < 30 AND n.g % 5 <> 0 THEN 'DELIVERED'
                   WHEN n.g % 3 = 0 THEN 'CONFIRMED' ELSE 'PLACED' END,
              'CREATED', CASE WHEN n.g % 2 = 0 THEN 'PICKUP' ELSE 'DELIVERY' END
         FROM l JOIN n ON n.id = l.order_id)
     INSERT INTO payment_details (order_id, payment_method, gateway, payment_details_generic_id, gross_amount,
                                  net_amount, currency_code, vs_fees, vs_net, transaction_fees)
     SELECT n.id, 'CASH_ON_PICKUP_DELIVERY', 'cash', 'cash:' || n.id, 12.50, 12.50, 'USD', 0, 0, 0 FROM n`,
    [buyer.consumer.id, ORDERS, offered.item.id, chef.publisher.id, offered.optionId],
  );
  await h.db.query('ANALYZE customer_order, ordered_cart_item, order_date_selection, payment_details');
  console.log(
    `board bench: ${ORDERS} orders of one kitchen written in ${Math.round(performance.now() - t0)} ms`,
  );
});

afterAll(() => h?.close());

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

it(`reads board pages of a kitchen with ${ORDERS} orders through the API`, async () => {
  const tabs = ['fulfillOrders', 'archived/fulfillOrders', 'cancelled/fulfillOrders'];
  const kinds: Record<string, (i: number) => string> = {
    'first page': (i) => `order/${tabs[i % 3]}?page=0&size=20`,
    'middle page': (i) => `order/${tabs[i % 2]}?page=${40 + (i % 20)}&size=50`,
    'deep page': (i) => `order/${tabs[i % 2]}?page=${(i % 2 === 0 ? 180 : 230) - (i % 5)}&size=20`,
    'filtered page': (i) =>
      `order/fulfillOrders?date=${dayFromNow(i % 25)}&deliveryOption=${i % 2 ? 'PICKUP' : 'DELIVERY'}&size=50`,
    'group counts': (i) => `order/fulfillOrders/groups?list=${['active', 'archived', 'cancelled'][i % 3]}`,
  };
  const url = (path: string) => `${h.origin}${API}/${path}`;
  const headers = { authorization: chef.auth.Authorization, 'x-time-zone': 'America/New_York' };
  // Warm up: connections, plans, JIT.
  for (let i = 0; i < 30; i += 1) await (await fetch(url(kinds['first page'](i)), { headers })).arrayBuffer();
  const lines: string[] = [];
  let worst = 0;
  for (const [kind, path] of Object.entries(kinds)) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const t0 = performance.now();
      const res = await fetch(url(path(i)), { headers });
      const body = (await res.json()) as unknown[] | { total: number };
      times.push(performance.now() - t0);
      expect(res.status).toBe(200);
      rows += Array.isArray(body) ? body.length : 0;
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    if (kind !== 'group counts') worst = Math.max(worst, p99);
    lines.push(
      `${kind.padEnd(14)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95)
        .toFixed(1)
        .padStart(
          6,
        )} ms  p99 ${p99.toFixed(1).padStart(6)} ms  (${REQUESTS} requests, ${(rows / REQUESTS).toFixed(0)} rows each)`,
    );
  }
  console.log(
    `\nBoard of one kitchen with ${ORDERS} orders, through the API (HTTP, bearer token):\n${lines.join('\n')}\n` +
      `worst page p99 ${worst.toFixed(1)} ms — target < 50 ms: ${worst < 50 ? 'met' : 'MISSED'}\n`,
  );
});
