import { count, type SeedContext } from './seed-context.js';

const DAY_MS = 24 * 3600 * 1000;

/** Ids of the demo's old delivered e-mail (fixed, so a second run inserts nothing). */
const OLD_MAIL_ID = '5e0a1d2c-7b3f-4c6d-9e8f-0a1b2c3d4e5f';
const EXPIRED_CART_TOKEN = 'demo-expired-guest-cart';
const UNCONFIRMED_EMAIL = 'never-confirmed@example.com';

/**
 * Something for the admin's clean to find on `npm start` (/l/admin/clean): a guest cart left alone for 40
 * days, a welcome e-mail delivered 45 days ago and a location check a guest never confirmed (10 days).
 * Idempotent: each row has a fixed key and is inserted only when missing, so after a clean the next start
 * brings them back, and a second run in a row inserts nothing.
 */
export async function seedExpiredData(ctx: SeedContext): Promise<void> {
  const ago = (days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
  const inserted = async (table: string, sql: string, params: unknown[]) => {
    const rows = (await ctx.manager.query(`${sql} RETURNING id`, params)) as unknown[];
    if (rows.length > 0) count(ctx, table, rows.length);
  };
  await inserted(
    'cart',
    `INSERT INTO cart (guest_token, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (guest_token) DO NOTHING`,
    [EXPIRED_CART_TOKEN, ago(40)],
  );
  await inserted(
    'email_outbox',
    `INSERT INTO email_outbox (id, to_address, subject, text, state, attempts, sent_at, created_at, updated_at)
     VALUES ($1, 'customer@hearth.test', 'Welcome to Hearth', 'Welcome to Hearth!', 'SENT', 1, $2, $2, $2)
     ON CONFLICT (id) DO NOTHING`,
    [OLD_MAIL_ID, ago(45)],
  );
  await inserted(
    'location_subscription',
    `INSERT INTO location_subscription (email, country, zipcode, status, created_at, updated_at)
     VALUES ($1, 'US', '10001', 'PENDING', $2, $2) ON CONFLICT (email, country, zipcode) DO NOTHING`,
    [UNCONFIRMED_EMAIL, ago(10)],
  );
}
