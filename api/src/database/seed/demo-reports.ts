import { ClientLogSource } from '@hearth/shared';
import { count, jsonb, type SeedContext } from './seed-context.js';
import type { PeopleByEmail } from './seed-people.js';

/** Feedback about the site: from a visitor (name and e-mail given), a visitor without either, and a customer. */
const SITE_FEEDBACK = [
  {
    email: null,
    name: 'Noor A.',
    guestEmail: 'noor.a@visitors.example',
    rating: 5,
    message: 'Found a Gujarati thali two streets away in a minute. The search by zip code is great.',
    hoursAgo: 50,
  },
  {
    email: null,
    name: null,
    guestEmail: null,
    rating: null,
    message: 'Would love a way to filter by spice level on the items page.',
    hoursAgo: 30,
  },
  {
    email: 'jordan@customers.example',
    name: null,
    guestEmail: null,
    rating: 4,
    message: 'Checkout was quick. The delivery time window could be shown earlier, on the dish page.',
    hoursAgo: 6,
  },
] as const;

/** "Tell us how it went" on the oldest delivered orders of the demo customers (the rest stay open to try). */
const ORDER_FEEDBACK = [
  { rating: 5, message: 'Arrived warm and right on time. The dal was just like home.' },
  { rating: 3, message: 'Tasty, but the delivery came at the very end of the slot.' },
];

/** A few client errors as the web reports them (scrubbed already), for /l/admin/logs. */
const CLIENT_LOGS = [
  {
    message: "TypeError: Cannot read properties of undefined (reading 'map')",
    stack:
      "TypeError: Cannot read properties of undefined (reading 'map')\n    at DateChips (/assets/date-chips-Bx81kQ.js:1:2204)\n    at renderWithHooks (/assets/components-Dq3.js:12:901)",
    path: '/l/find-items',
    browser: 'Chrome 130',
    hoursAgo: [40, 12, 2],
  },
  {
    message: 'Error: Failed to fetch dynamically imported module: /assets/l.cart-[token].js',
    stack: null,
    path: '/l/cart',
    browser: 'Safari 17',
    hoursAgo: [20],
  },
];

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * Demo feedback and client logs (issue 18): site feedback, feedback on two delivered demo orders, and a few
 * grouped client errors. Each row is found by its natural key (the message; the order) and only added when
 * missing.
 */
export async function seedFeedbackAndLogs(ctx: SeedContext, people: PeopleByEmail): Promise<void> {
  const m = ctx.manager;
  for (const f of SITE_FEEDBACK) {
    const [found] = (await m.query(`SELECT 1 FROM feedback WHERE message = $1 AND order_id IS NULL`, [
      f.message,
    ])) as unknown[];
    if (found) continue;
    const consumerId = f.email ? (people.get(f.email) ?? null) : null;
    const [consumer] = consumerId
      ? ((await m.query(`SELECT name, user_email FROM consumer WHERE id = $1`, [consumerId])) as Array<{
          name: string | null;
          user_email: string | null;
        }>)
      : [];
    await m.query(
      `INSERT INTO feedback (consumer_id, name, email, message, rating, page_url, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, '/resources/feedback', $6, $6)`,
      [
        consumerId,
        consumer?.name ?? f.name,
        consumer?.user_email ?? f.guestEmail,
        f.message,
        f.rating,
        hoursBefore(ctx.now, f.hoursAgo),
      ],
    );
    count(ctx, 'feedback');
  }

  const customers = [...people.entries()].filter(([email]) => email.includes('customer')).map(([, id]) => id);
  const delivered = (await m.query(
    `SELECT o.id, o.consumer_id, c.name, c.user_email,
            (SELECT max(s.updated_at) FROM ordered_cart_item l JOIN order_date_selection s ON s.ordered_cart_item_id = l.id
              WHERE l.order_id = o.id) AS delivered_at
       FROM customer_order o JOIN consumer c ON c.id = o.consumer_id
      WHERE o.consumer_id = ANY($1::uuid[])
        AND EXISTS (SELECT 1 FROM ordered_cart_item l JOIN order_date_selection s ON s.ordered_cart_item_id = l.id
                     WHERE l.order_id = o.id AND s.order_status = 'DELIVERED')
      ORDER BY o.ordered_date, o.order_number
      LIMIT $2`,
    [customers, ORDER_FEEDBACK.length],
  )) as Array<{
    id: string;
    consumer_id: string;
    name: string | null;
    user_email: string | null;
    delivered_at: Date;
  }>;
  for (const [i, order] of delivered.entries()) {
    const f = ORDER_FEEDBACK[i];
    const inserted = (await m.query(
      `INSERT INTO feedback (consumer_id, name, email, message, rating, page_url, order_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, '/l/orders/order-status', $6, $7, $7)
       ON CONFLICT (order_id) WHERE order_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [order.consumer_id, order.name, order.user_email, f.message, f.rating, order.id, order.delivered_at],
    )) as unknown[];
    if (inserted.length) count(ctx, 'feedback');
  }

  for (const log of CLIENT_LOGS) {
    const [found] = (await m.query(`SELECT 1 FROM log_entry WHERE message = $1`, [log.message])) as unknown[];
    if (found) continue;
    for (const hours of log.hoursAgo) {
      await m.query(
        `INSERT INTO log_entry (level, message, stack, context, at) VALUES ('error', $1, $2, $3, $4)`,
        [
          log.message,
          log.stack,
          jsonb({ path: log.path, browser: log.browser, release: 'demo', source: ClientLogSource.ERROR }),
          hoursBefore(ctx.now, hours),
        ],
      );
      count(ctx, 'log_entry');
    }
  }
}
