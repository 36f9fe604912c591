import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  computePaymentAmounts,
  JobApplicationStatus,
  DeliveryOption,
  fromMinor,
  OrderStatus,
  PaymentMethod,
  priceCart,
  Role,
  SEARCH_EXAMPLE_DISHES,
  SettingsKey,
  toMinor,
  type PricingCartItemInput,
  type TimeSlot,
  todayIn,
} from '@hearth/shared';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataSourceOptions } from '../../src/database/data-source.js';
import { migrate } from '../../src/database/migrate.js';
import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../src/database/postgres-admin.js';
import { DEMO_APPLICATIONS } from '../../src/database/seed/demo-careers.js';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_KITCHENS } from '../../src/database/seed/demo-data.js';
import { DEMO_DISABLED_CUSTOMER, DEMO_HIDDEN_PICTURE } from '../../src/database/seed/demo-users.js';
import { seedDemoData, type SeedSummary } from '../../src/database/seed/seed.js';
import { UPCOMING_ORDERS, upcomingOrderKey } from '../../src/database/seed/demo-upcoming.js';
import { DEMO_SECRET_CODE, OFFICE_DISHES, OFFICE_MENU } from '../../src/database/seed/demo-secret.js';
import { DEMO_ACCOUNTS } from '../../src/identity-provider/demo-accounts.js';
import { LocalDiskStorage } from '../../src/modules/storage/local-disk.storage.js';

const DAY = 86_400_000;
const KITCHEN_NAMES = DEMO_KITCHENS.map((k) => k.kitchenName);
// Every kitchen's menus, and the demo chef's private "Office lunch club" (demo-secret.ts).
const MENU_COUNT = DEMO_KITCHENS.reduce((n, k) => n + k.menus.length, 0) + 1;
const subjectOf = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)?.id as string;

/** Row count and a digest of every row of every table, to prove a run changed nothing. */
async function snapshot(db: DataSource): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = (await db.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as Array<{ name: string }>;
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const [row] = (await db.query(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM "${name}" t`,
    )) as Array<{ rows: number; digest: string }>;
    result[name] = row as { rows: number; digest: string };
  }
  return result;
}

describe('seedDemoData', () => {
  // The seed fills the marketplace, so it gets a database of its own rather than the run's shared one.
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL as string;
  const databaseName = uniqueDatabaseName('hearth_seed_test');
  /** The first runs pretend to happen 120 days ago, so that a later run finds every menu date passed. */
  const old = new Date(Date.now() - 120 * DAY);
  const now = new Date();
  let db: DataSource;
  let storageDir: string;
  let storage: LocalDiskStorage;
  let first: SeedSummary;

  beforeAll(async () => {
    await createDatabase(adminUrl, databaseName);
    const url = withDatabase(adminUrl, databaseName);
    await migrate(url);
    db = await new DataSource(buildDataSourceOptions(url)).initialize();
    storageDir = await mkdtemp(join(tmpdir(), 'hearth-seed-'));
    storage = new LocalDiskStorage(storageDir);
    first = await seedDemoData(db, storage, { today: old });
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(adminUrl, databaseName);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('creates the approved demo kitchens: all in the US but one in India (INR, Asia/Kolkata) and one in Canada (CAD)', async () => {
    const rows = (await db.query(
      `SELECT p.status, p.currency_code, p.time_zone_id, l.country
         FROM publisher p JOIN pickup_location l ON l.publisher_id = p.id AND l.is_primary`,
    )) as Array<{ status: string; currency_code: string; time_zone_id: string; country: string }>;
    expect(rows).toHaveLength(22);
    expect(first.kitchens).toBe(22);
    expect(rows.every((r) => r.status === 'APPROVED')).toBe(true);
    expect(rows.filter((r) => r.country === 'United States' && r.currency_code === 'USD')).toHaveLength(20);
    expect(rows.filter((r) => r.country === 'India')).toEqual([
      { status: 'APPROVED', currency_code: 'INR', time_zone_id: 'Asia/Kolkata', country: 'India' },
    ]);
    expect(rows.filter((r) => r.country === 'Canada').map((r) => r.currency_code)).toEqual(['CAD']);
  });

  it('gives every kitchen one primary pickup location, and geo_location at that point', async () => {
    const rows = (await db.query(
      `SELECT p.kitchen_name, count(l.id)::int AS primaries, bool_and(ST_DWithin(p.geo_location, l.location, 1)) AS same_point
         FROM publisher p LEFT JOIN pickup_location l ON l.publisher_id = p.id AND l.is_primary
        GROUP BY p.kitchen_name`,
    )) as Array<{ kitchen_name: string; primaries: number; same_point: boolean }>;
    expect(rows.map((r) => r.kitchen_name).sort()).toEqual([...KITCHEN_NAMES].sort());
    expect(rows.filter((r) => r.primaries !== 1 || !r.same_point)).toEqual([]);
  });

  it('gives every item a pricing option, nutrition and the chef’s point, and the base option the dish’s price', async () => {
    const rows = (await db.query(
      `SELECT i.name, p.kitchen_name,
              (SELECT count(*) FROM item_pricing_option o WHERE o.item_id = i.id)::int AS options,
              (SELECT o.chef_price FROM item_pricing_option o WHERE o.item_id = i.id ORDER BY o.position LIMIT 1) AS base_price,
              (SELECT n.calories FROM item_nutrition n WHERE n.item_id = i.id) AS calories,
              (SELECT n.calories_percent FROM item_nutrition n WHERE n.item_id = i.id) AS calories_percent,
              ST_DWithin(i.location, p.geo_location, 1) AS at_chef
         FROM item i JOIN publisher p ON p.id = i.publisher_id`,
    )) as Array<{
      name: string;
      kitchen_name: string;
      options: number;
      base_price: string;
      calories: string;
      calories_percent: string;
      at_chef: boolean;
    }>;
    const dishes = [
      ...DEMO_KITCHENS.flatMap((k) => k.dishes.map((d) => ({ kitchen: k.kitchenName, d }))),
      // The demo chef's private menu's own dishes (demo-secret.ts).
      ...OFFICE_DISHES.map((d) => ({ kitchen: DEMO_KITCHENS[0].kitchenName, d })),
    ];
    expect(rows).toHaveLength(dishes.length);
    for (const { kitchen, d } of dishes) {
      const row = rows.find((r) => r.kitchen_name === kitchen && r.name === d.name);
      expect(row, `${kitchen} / ${d.name}`).toMatchObject({
        options: 1 + (d.options?.length ?? 0),
        base_price: d.price,
        at_chef: true,
      });
      expect(Number(row?.calories)).toBe(d.calories);
      // Percent of a 2000 kcal diet.
      expect(Number(row?.calories_percent)).toBe(Math.round((d.calories / 2000) * 100));
    }
  });

  it('has every dish the search box suggests on a published menu (SEARCH_EXAMPLE_DISHES, so the hint cannot drift)', async () => {
    for (const word of SEARCH_EXAMPLE_DISHES) {
      const found = (await db.query(
        `SELECT i.name FROM item i
           JOIN menu_item mi ON mi.item_id = i.id
           JOIN menu m ON m.id = mi.menu_id AND m.status = 'PUBLISHED'
          WHERE i.item_status = 'ACTIVE' AND i.name ILIKE $1`,
        [`%${word}%`],
      )) as Array<{ name: string }>;
      expect(found.length, `a published dish named like "${word}"`).toBeGreaterThan(0);
    }
  });

  it('publishes every menu with dates after the given today, and capacity for each item and date', async () => {
    const menus = (await db.query(
      `SELECT m.id, m.name, m.status, m.time_zone, m.delivery_date::text AS delivery_date,
              (SELECT count(*) FROM menu_date d WHERE d.menu_id = m.id AND d.cutoff_at > $1)::int AS open_dates,
              (SELECT count(*) FROM menu_date d WHERE d.menu_id = m.id)::int AS dates,
              (SELECT count(*) FROM menu_item mi WHERE mi.menu_id = m.id)::int AS items,
              (SELECT count(*) FROM menu_date d JOIN menu_item mi ON mi.menu_id = d.menu_id
                 LEFT JOIN item i ON i.id = mi.item_id
                 LEFT JOIN item_date_capacity c ON c.item_id = mi.item_id AND c.date = d.date AND c.max_allowed = i.max_allowed_orders
                WHERE d.menu_id = m.id AND c.id IS NULL)::int AS missing_capacity
         FROM menu m`,
      [old],
    )) as Array<{
      name: string;
      status: string;
      time_zone: string;
      delivery_date: string;
      open_dates: number;
      dates: number;
      items: number;
      missing_capacity: number;
    }>;
    expect(menus).toHaveLength(MENU_COUNT);
    for (const menu of menus) {
      expect(menu, menu.name).toMatchObject({ status: 'PUBLISHED', missing_capacity: 0 });
      expect(menu.open_dates, menu.name).toBeGreaterThan(0);
      expect(menu.items, menu.name).toBeGreaterThan(0);
      expect(menu.delivery_date > todayIn(menu.time_zone, old), menu.name).toBe(true);
    }
    const thali = menus.find((m) => m.name === 'Weeknight Thali');
    expect(thali?.dates).toBe(8);
  });

  it('gives the demo chef a private menu and a known secret code', async () => {
    const [row] = (await db.query(
      `SELECT m.is_private, (SELECT s.value #>> '{}' FROM chef_setting s WHERE s.publisher_id = p.id AND s.key = 'SECRET_CODE') AS code
         FROM menu m JOIN publisher p ON p.id = m.publisher_id
        WHERE p.user_email = 'chef@hearth.test' AND m.name = $1`,
      [OFFICE_MENU.name],
    )) as Array<{ is_private: boolean; code: string }>;
    expect(row).toEqual({ is_private: true, code: DEMO_SECRET_CODE });
    const privateMenus = (await db.query(`SELECT count(*)::int AS n FROM menu WHERE is_private`)) as Array<{
      n: number;
    }>;
    expect(privateMenus[0].n).toBe(1);
  });

  it('gives the demo chef’s kitchen to the consumer with the chef account’s subject id, with its settings', async () => {
    const [row] = (await db.query(
      `SELECT c.keycloak_id, c.roles, p.id AS publisher_id, l.id AS pickup_id
         FROM publisher p JOIN consumer c ON c.id = p.consumer_id
         JOIN pickup_location l ON l.publisher_id = p.id AND l.is_primary
        WHERE p.kitchen_name = 'priyas-kitchen'`,
    )) as Array<{ keycloak_id: string; roles: string[]; publisher_id: string; pickup_id: string }>;
    expect(row?.keycloak_id).toBe(subjectOf('chef@hearth.test'));
    expect(row?.roles).toEqual([Role.USER, Role.CHEF]);
    const settings = (await db.query(`SELECT key, value FROM chef_setting WHERE publisher_id = $1`, [
      row?.publisher_id,
    ])) as Array<{ key: string; value: unknown }>;
    const value = (key: string) => settings.find((s) => s.key === key)?.value;
    expect(value(SettingsKey.PICKUP_LOCATIONS)).toEqual([row?.pickup_id]);
    // Online payment besides cash, so a newcomer can pay by card through the gateway sandbox at once.
    expect(value(SettingsKey.PAYMENT_PREFERENCES)).toEqual([
      PaymentMethod.STRIPE_CARD,
      PaymentMethod.PAYPAL,
      PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    ]);
    expect(value(SettingsKey.DELIVERY_MEASUREMENT)).toBe('miles');
    expect(value(SettingsKey.RADIUS)).toBe(10);
    expect(value(SettingsKey.DELIVERY_FEES)).toBe('4.99');
    expect(value(SettingsKey.TIME_ZONE)).toMatchObject({
      timeZoneId: 'America/New_York',
      rawOffset: -18_000,
    });

    const admin = (await db.query(`SELECT roles FROM consumer WHERE keycloak_id = $1`, [
      subjectOf(DEMO_ADMIN.email),
    ])) as Array<{ roles: string[] }>;
    expect(admin[0]?.roles).toContain(Role.ADMIN);
  });

  it('lets the Indian kitchen take Cashfree (and Paytm through it) besides cash, in INR', async () => {
    const [row] = (await db.query(
      `SELECT s.value FROM chef_setting s JOIN publisher p ON p.id = s.publisher_id
        WHERE p.kitchen_name = 'annapurna-hyderabad' AND s.key = $1`,
      [SettingsKey.PAYMENT_PREFERENCES],
    )) as Array<{ value: unknown }>;
    expect(row?.value).toEqual([
      PaymentMethod.CASH_FREE,
      PaymentMethod.PAYTM,
      PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    ]);
  });

  it('gives the demo customer a full first address and past orders whose totals are the shared pricing of their lines', async () => {
    const [customer] = (await db.query(`SELECT id FROM consumer WHERE keycloak_id = $1`, [
      subjectOf('customer@hearth.test'),
    ])) as Array<{ id: string }>;
    const addresses = (await db.query(
      `SELECT city, locality, state, country, zipcode, lat FROM consumer_address WHERE consumer_id = $1`,
      [customer?.id],
    )) as Array<Record<string, string | null>>;
    // No locality repeating the city ("77 Hudson St, Jersey City, Jersey City, …").
    expect(addresses).toEqual([
      {
        city: 'Jersey City',
        locality: null,
        state: 'NJ',
        country: 'United States',
        zipcode: '07302',
        lat: '40.716800',
      },
    ]);

    const orders = (await db.query(
      `SELECT o.id, o.order_number, o.order_total, o.currency_code, o.order_status,
              pd.payment_method, pd.gross_amount, pd.vs_fees, pd.vs_net, pd.is_payment_completed
         FROM customer_order o JOIN payment_details pd ON pd.order_id = o.id WHERE o.consumer_id = $1`,
      [customer?.id],
    )) as Array<Record<string, string | boolean>>;
    expect(orders.length).toBeGreaterThanOrEqual(3);
    expect(orders.map((o) => o.order_status).sort()).toEqual(
      [...Array(orders.length - 1).fill(OrderStatus.DELIVERED), OrderStatus.CANCELLED].sort(),
    );
    for (const order of orders) {
      expect(order.order_number).toMatch(/^HR-\d{6}-[0-9A-F]{4}$/);
      const lines = (await db.query(
        `SELECT l.id, l.item_id, l.item_name, l.publisher_id, l.unit_price, l.order_quantity, l.item_total, l.distributed_fees, l.net_amount, i.delivery_fees, i.delivery_minimum_amount,
                json_agg(json_build_object('date', s.date::text, 'timeSlots', s.time_slots, 'deliveryOption', s.delivery_option, 'status', s.order_status) ORDER BY s.date) AS dates
           FROM ordered_cart_item l JOIN item i ON i.id = l.item_id JOIN order_date_selection s ON s.ordered_cart_item_id = l.id
          WHERE l.order_id = $1 GROUP BY l.id, i.id ORDER BY l.created_at, l.id`,
        [order.id],
      )) as Array<
        Record<string, string | number> & {
          dates: Array<{
            date: string;
            timeSlots: TimeSlot[];
            deliveryOption: DeliveryOption;
            status: string;
          }>;
        }
      >;
      const currency = order.currency_code as string;
      const cart: PricingCartItemInput[] = lines.map((l) => ({
        orderQuantity: l.order_quantity as number,
        userSelectedPricingOption: { chefPrice: l.unit_price as string },
        dates: l.dates,
        item: {
          id: l.item_id,
          name: l.item_name as string,
          publisherId: l.publisher_id,
          deliveryFees: l.delivery_fees,
          deliveryMinimumAmount: l.delivery_minimum_amount,
          currencyCode: currency,
        },
      }));
      const pricing = priceCart(cart);
      expect(pricing.isValid).toBe(true);
      const total = pricing.totals[0]?.cartTotal as number;
      expect(order.order_total).toBe(fromMinor(total, currency));
      expect(lines.map((l) => l.item_total)).toEqual(
        pricing.lines.map((l) => fromMinor(l.itemTotal, currency)),
      );
      // Which line carries a shared delivery fee depends on the cart's order, which the lines do not keep.
      const fees = lines.reduce((sum, l) => sum + toMinor(l.distributed_fees as string, currency), 0);
      expect(fees).toBe(pricing.totals[0]?.deliveryFeesTotal);
      expect(lines.reduce((sum, l) => sum + toMinor(l.net_amount as string, currency), 0)).toBe(total);
      const payment = computePaymentAmounts({
        grossAmount: toMinor(order.gross_amount as string, currency),
        currencyCode: currency,
        paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
      });
      expect(order).toMatchObject({
        payment_method: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
        gross_amount: order.order_total,
        vs_fees: fromMinor(payment.vsFees, currency),
        vs_net: fromMinor(payment.vsNet, currency),
        is_payment_completed: order.order_status === OrderStatus.DELIVERED,
      });
      for (const date of lines.flatMap((l) => l.dates)) {
        expect(date.date < todayIn('America/New_York', old)).toBe(true);
        expect(date.status).toBe(order.order_status);
      }
    }
  });

  it('writes mostly 4–5 star reviews for delivered dates and leaves each kitchen’s demo rating as it was', async () => {
    const [counts] = (await db.query(
      `SELECT (SELECT count(*) FROM order_date_selection WHERE order_status = 'DELIVERED')::int AS delivered,
              (SELECT count(*) FROM rating r JOIN order_date_selection s ON s.id = r.order_date_selection_id
                WHERE s.order_status = 'DELIVERED' AND length(r.review_body) > 20)::int AS reviewed,
              (SELECT count(*) FROM rating r JOIN order_date_selection s ON s.id = r.order_date_selection_id
                WHERE s.order_status = 'DELIVERED' AND r.rating_value BETWEEN 4 AND 5 AND length(r.review_body) > 20)::int AS good`,
    )) as Array<{ delivered: number; reviewed: number; good: number }>;
    // The dashboard's history (demo-history.ts) has a few 2–3 star reviews, so its rating line moves.
    expect(counts?.good).toBeGreaterThan((counts?.delivered ?? 0) / 2);
    expect(counts?.good).toBeGreaterThan((counts?.reviewed ?? 0) * 0.75);
    expect(first.ratings).toBe(counts?.reviewed);
    const ratings = (await db.query(
      `SELECT kitchen_name, rating_value, rating_count FROM publisher`,
    )) as Array<{ kitchen_name: string; rating_value: string; rating_count: number }>;
    for (const kitchen of DEMO_KITCHENS) {
      expect(ratings.find((r) => r.kitchen_name === kitchen.kitchenName)).toMatchObject({
        rating_value: kitchen.rating[0],
        rating_count: kitchen.rating[1],
      });
    }
  });

  it('gives the demo chef a full board: upcoming orders of other customers on several dates, slots, pickup and delivery, some today', async () => {
    const chefKitchen = DEMO_KITCHENS[0];
    const rows = (await db.query(
      `SELECT s.date::text AS date, s.time_slots[1] AS slot, s.delivery_option, s.order_status, o.contact_details->>'email' AS email,
              (o.location_details->>'lat') IS NOT NULL AND (o.location_details->>'lng') IS NOT NULL AS located
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id JOIN publisher p ON p.id = l.publisher_id
        WHERE p.kitchen_name = $1 AND o.idempotency_key = ANY($2::text[])`,
      [chefKitchen?.kitchenName, UPCOMING_ORDERS.map((o) => upcomingOrderKey(o.n))],
    )) as Array<{
      date: string;
      slot: string;
      delivery_option: string;
      order_status: string;
      email: string;
      located: boolean;
    }>;
    const seedDay = todayIn(chefKitchen?.timeZone ?? 'UTC', old);
    expect(rows.length).toBeGreaterThanOrEqual(UPCOMING_ORDERS.length);
    expect(rows.some((r) => r.email === 'customer@hearth.test')).toBe(false);
    expect(rows.every((r) => r.date >= seedDay)).toBe(true);
    expect(rows.filter((r) => r.date === seedDay).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.date)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.slot)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((r) => r.delivery_option))).toEqual(new Set(['PICKUP', 'DELIVERY']));
    // Deliveries have a located address, so the delivery round has stops.
    expect(rows.filter((r) => r.delivery_option === 'DELIVERY').every((r) => r.located)).toBe(true);
    expect(rows.every((r) => ['PLACED', 'CONFIRMED', 'IN_PREPARATION'].includes(r.order_status))).toBe(true);
  });

  it('posts three open jobs and an archived one and seeds the demo people', async () => {
    const jobs = (await db.query(`SELECT title, status FROM job ORDER BY title`)) as Array<{
      title: string;
      status: string;
    }>;
    expect(jobs).toEqual([
      { title: 'Community Manager', status: 'ACTIVE' },
      { title: 'Delivery Coordinator', status: 'ARCHIVED' },
      { title: 'Food Safety Specialist', status: 'ACTIVE' },
      { title: 'Senior Software Engineer', status: 'ACTIVE' },
    ]);
    const [people] = (await db.query(`SELECT count(*)::int AS n FROM consumer`)) as Array<{ n: number }>;
    // Customers, the admin, the chefs, and the disabled customer of the back office's demo.
    expect(people?.n).toBe(DEMO_CUSTOMERS.length + 1 + DEMO_KITCHENS.length + 1);
  });

  it('seeds a disabled customer with a reason and one dish whose pictures an admin hid (issue 18)', async () => {
    const [disabled] = (await db.query(`SELECT status, disabled_reason FROM consumer WHERE user_email = $1`, [
      DEMO_DISABLED_CUSTOMER.email,
    ])) as Array<{ status: string; disabled_reason: string }>;
    expect(disabled).toEqual({ status: 'DISABLED', disabled_reason: DEMO_DISABLED_CUSTOMER.reason });
    const hidden = (await db.query(
      `SELECT name, block_image_reason FROM item WHERE block_image ORDER BY name`,
    )) as Array<{ name: string; block_image_reason: string }>;
    expect(hidden).toEqual([
      { name: DEMO_HIDDEN_PICTURE.itemName, block_image_reason: DEMO_HIDDEN_PICTURE.reason },
    ]);
  });

  it('fills the support inbox: contact messages, general and pricing enquiries, two questions to the demo chef', async () => {
    const [contacts] = (await db.query(`SELECT count(*)::int AS n FROM contact_message`)) as Array<{
      n: number;
    }>;
    expect(contacts?.n).toBe(2);
    const enquiries = (await db.query(
      `SELECT e.enquiry_type, e.status, p.user_email, e.headcount, e.budget_minor, jsonb_array_length(e.action_history) AS steps
         FROM enquiry e LEFT JOIN publisher p ON p.id = e.publisher_id ORDER BY e.enquiry_type, e.status`,
    )) as Array<Record<string, unknown>>;
    expect(enquiries).toEqual([
      {
        enquiry_type: 'ENQUIRY_FOR_PRICING',
        status: 'OPEN',
        user_email: null,
        headcount: 40,
        budget_minor: 120000,
        steps: 1,
      },
      {
        enquiry_type: 'ENQUIRY_GENERAL',
        status: 'OPEN',
        user_email: null,
        headcount: null,
        budget_minor: null,
        steps: 1,
      },
      {
        enquiry_type: 'ENQUIRY_TO_CHEF',
        status: 'CLOSED',
        user_email: 'chef@hearth.test',
        headcount: null,
        budget_minor: null,
        steps: 3,
      },
      {
        enquiry_type: 'ENQUIRY_TO_CHEF',
        status: 'OPEN',
        user_email: 'chef@hearth.test',
        headcount: null,
        budget_minor: null,
        steps: 1,
      },
    ]);
  });

  it('seeds applications in every state, each with a PDF résumé in private storage', async () => {
    const rows = (await db.query(
      `SELECT a.status, a.resume_path FROM job_application a WHERE a.email LIKE '%@applicants.hearth.test'`,
    )) as Array<{ status: string; resume_path: string }>;
    expect(rows).toHaveLength(DEMO_APPLICATIONS.length);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(Object.values(JobApplicationStatus)));
    for (const r of rows) {
      expect(r.resume_path).toMatch(/^private\/seed\/resumes\/[a-z-]+\.pdf$/);
      const file = await storage.get(r.resume_path);
      const chunks: Buffer[] = [];
      for await (const c of file!.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('stores a 256×256 WebP logo per kitchen and each dish picture as prepared', async () => {
    for (const kitchen of DEMO_KITCHENS) {
      const [row] = (await db.query(`SELECT logo FROM publisher WHERE kitchen_name = $1`, [
        kitchen.kitchenName,
      ])) as Array<{ logo: string }>;
      expect(row?.logo).toBe(`public/seed/logos/${kitchen.kitchenName}.webp`);
      const meta = await sharp(await readFile(join(storageDir, row?.logo as string))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    }
    const items = (await db.query(`SELECT name, pictures FROM item`)) as Array<{
      name: string;
      pictures: string[];
    }>;
    for (const item of items) {
      expect(item.pictures, item.name).toHaveLength(1);
      const picture = (item.pictures[0] as string).replace('public/seed/dishes/', '');
      const source = await readFile(join(__dirname, '../../src/database/seed/images', picture));
      expect((await readFile(join(storageDir, item.pictures[0] as string))).equals(source), item.name).toBe(
        true,
      );
    }
  });

  it('starts the audit trail with the demo admin approving each approved demo kitchen', async () => {
    const rows = (await db.query(
      `SELECT a.action, c.user_email, a.after->>'status' AS status
         FROM audit_log a JOIN consumer c ON c.id = a.actor_consumer_id
         JOIN publisher p ON p.id::text = a.target_id
        WHERE a.request_id LIKE 'seed-%'`,
    )) as Array<{ action: string; user_email: string; status: string }>;
    const [{ approved }] = (await db.query(
      `SELECT count(*)::int AS approved FROM publisher WHERE status = 'APPROVED'`,
    )) as Array<{ approved: number }>;
    expect(rows.length).toBe(approved);
    expect(new Set(rows.map((r) => `${r.action} ${r.user_email} ${r.status}`))).toEqual(
      new Set(['publisher.approve admin@hearth.test APPROVED']),
    );
  });

  it('changes nothing, in the database or in storage, when run again', async () => {
    const before = await snapshot(db);
    const logo = join(storageDir, 'public/seed/logos/priyas-kitchen.webp');
    const modified = (await stat(logo)).mtimeMs;
    const again = await seedDemoData(db, storage, { today: old });
    expect(again.created).toEqual({});
    expect(again.filesWritten).toBe(0);
    expect(again.menusMoved).toBe(0);
    expect(await snapshot(db)).toEqual(before);
    expect((await stat(logo)).mtimeMs).toBe(modified);
  });

  it('leaves what a chef has edited as it is', async () => {
    await db.query(
      `UPDATE publisher SET profile_description = 'Now with Sunday brunch' WHERE kitchen_name = 'priyas-kitchen'`,
    );
    await db.query(
      `UPDATE item_pricing_option SET chef_price = '15.25'
        WHERE item_id = (SELECT i.id FROM item i JOIN publisher p ON p.id = i.publisher_id WHERE p.kitchen_name = 'priyas-kitchen' AND i.name = 'Butter Chicken') AND position = 0`,
    );
    await db.query(`UPDATE menu SET status = 'PAUSE' WHERE name = 'Sunday Supper'`);
    const before = await snapshot(db);
    await seedDemoData(db, storage, { today: old });
    expect(await snapshot(db)).toEqual(before);
  });

  it('moves published menus whose dates have all passed to upcoming dates on a later run, and only those', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM menu_date`)) as Array<{ n: number }>;
    const later = await seedDemoData(db, storage, { today: now });
    // Every menu's dates passed in the 120 days; the one a chef paused stays as the chef left it.
    expect(later.menusMoved).toBe(MENU_COUNT - 1);
    expect(later.created.customer_order).toBeUndefined();
    const menus = (await db.query(
      `SELECT m.name, m.status, m.delivery_date::text AS delivery_date, m.time_zone,
              (SELECT count(*) FROM menu_date d WHERE d.menu_id = m.id AND d.cutoff_at > $1)::int AS open_dates,
              (SELECT count(*) FROM menu_date d WHERE d.menu_id = m.id AND d.date < $2::date - 100)::int AS old_dates,
              (SELECT count(*) FROM menu_history h WHERE h.menu_id = m.id AND h.event = 'EDITED')::int AS moves,
              (SELECT count(*) FROM menu_date d JOIN menu_item mi ON mi.menu_id = d.menu_id
                 LEFT JOIN item_date_capacity c ON c.item_id = mi.item_id AND c.date = d.date
                WHERE d.menu_id = m.id AND c.id IS NULL)::int AS missing_capacity
         FROM menu m`,
      [now, todayIn('UTC', now)],
    )) as Array<{
      name: string;
      status: string;
      delivery_date: string;
      time_zone: string;
      open_dates: number;
      old_dates: number;
      moves: number;
      missing_capacity: number;
    }>;
    for (const menu of menus) {
      if (menu.status !== 'PUBLISHED') {
        expect(menu, menu.name).toMatchObject({ name: 'Sunday Supper', open_dates: 0, moves: 0 });
        continue;
      }
      expect(menu, menu.name).toMatchObject({ moves: 1, missing_capacity: 0 });
      expect(menu.open_dates, menu.name).toBeGreaterThan(0);
      expect(menu.old_dates, menu.name).toBeGreaterThan(0);
      expect(menu.delivery_date > todayIn(menu.time_zone, now), menu.name).toBe(true);
    }
    const after = (await db.query(`SELECT count(*)::int AS n FROM menu_date`)) as Array<{ n: number }>;
    expect(after[0]?.n).toBeGreaterThan(before[0]?.n ?? 0);

    const settled = await snapshot(db);
    const again = await seedDemoData(db, storage, { today: now });
    expect(again.menusMoved).toBe(0);
    expect(await snapshot(db)).toEqual(settled);
  });
});
