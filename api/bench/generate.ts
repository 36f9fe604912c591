/**
 * Benchmark data: N chefs spread over the US (at real zip code centroids, so dense where people live), each
 * with `itemsPerChef` items on two published menus with upcoming dates. Everything is bulk SQL over
 * generate_series (no row-by-row inserts); ids are derived from the chef and item numbers, so a run is
 * deterministic and sizes can be built incrementally (chefs 0–99, then 100–999, …).
 *
 *   node dist/bench-build/bench/generate.js [--chefs 10000] [--items-per-chef 100] [--reset]
 *   (pnpm --filter @hearth/api bench:generate -- --chefs 1000)
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/hearth_bench) is created and migrated when
 * missing. It is a benchmark database: --reset drops it first.
 */
import pg from 'pg';
import { migrate } from '../src/database/migrate.js';
import { createDatabase, dropDatabase, withDatabase } from '../src/database/postgres-admin.js';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hearth_bench';

/** Dish words: each item is one of them, so a dish word matches about 1 item in 40. */
export const DISHES = [
  'Biryani',
  'Tacos',
  'Ramen',
  'Curry',
  'Lasagna',
  'Dumplings',
  'Salad',
  'Pho',
  'Brisket',
  'Pierogi',
  'Enchiladas',
  'Shakshuka',
  'Jollof',
  'Gumbo',
  'Paella',
  'Risotto',
  'Falafel',
  'Hummus',
  'Kebab',
  'Sushi',
  'Burrito',
  'Noodles',
  'Tikka Masala',
  'Dal',
  'Dosa',
  'Idli',
  'Samosa',
  'Empanadas',
  'Tamales',
  'Gnocchi',
  'Moussaka',
  'Goulash',
  'Chili',
  'Meatballs',
  'Pancakes',
  'Waffles',
  'Brownies',
  'Cheesecake',
  'Banana Bread',
  'Apple Pie',
];
const MAIN = [
  ['Chicken', 'NON_VEG_MEAT'],
  ['Lamb', 'NON_VEG_MEAT'],
  ['Beef', 'NON_VEG_MEAT'],
  ['Pork', 'NON_VEG_MEAT'],
  ['Shrimp', 'NON_VEG_MEAT'],
  ['Paneer', 'VEG'],
  ['Mushroom', 'VEG'],
  ['Veggie', 'VEG'],
  ['Tofu', 'VEGAN'],
  ['Chickpea', 'VEGAN'],
  ['Egg', 'EGG'],
  ['Yogurt', 'YOGURT'],
];
const STYLE = [
  'Smoky',
  'Spicy',
  'Classic',
  'Homestyle',
  "Grandma's",
  'Crispy',
  'Slow-Cooked',
  'Garlic',
  'Herbed',
  'Lemony',
  'Sunday',
  'Street-Style',
];
const CUISINE = [
  'Indian',
  'Mexican',
  'Japanese',
  'Italian',
  'Korean',
  'Vietnamese',
  'Texan',
  'Polish',
  'West African',
  'Cajun',
  'Spanish',
  'Greek',
  'Middle Eastern',
  'Thai',
];
const INGREDIENT = [
  'saffron',
  'cumin',
  'tomatoes',
  'garlic',
  'ginger',
  'coriander',
  'basil',
  'chipotle',
  'coconut milk',
  'sesame',
  'scallions',
  'lime',
  'butter',
  'mint',
  'rice',
  'onions',
];
const MEDICAL = [
  'Low Sodium',
  'Gluten Free',
  'Heart Friendly',
  'Diabetes Friendly',
  'General Wellness',
  'Nut Free',
  'Dairy Free',
  'Peanut Free',
];
const FIRST_NAMES = [
  'Priya',
  'Maria',
  'Kenji',
  'Amara',
  'Luca',
  'Sofia',
  'Omar',
  'Mei',
  'Darnell',
  'Elena',
  'Arjun',
  'Grace',
  'Tomás',
  'Noa',
  'Wei',
  'Funmi',
];

/** SQL text array literal of JS strings. */
const arr = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

export interface GenerateOptions {
  databaseUrl: string;
  itemsPerChef: number;
  log?: (line: string) => void;
}

/** Creates (and migrates) the benchmark database; with reset, drops it first. Loads the zip table used to place chefs. */
export async function prepareBenchDatabase(databaseUrl: string, reset: boolean): Promise<void> {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '');
  const adminUrl = withDatabase(databaseUrl, 'postgres');
  if (reset) await dropDatabase(adminUrl, name);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  await admin.end();
  if (!exists) await createDatabase(adminUrl, name);
  await migrate(databaseUrl);
  await withClient(databaseUrl, async (db) => {
    await db.query(`CREATE SCHEMA IF NOT EXISTS bench`);
    // A deterministic number in [0, 1) from a row number and a salt (PostgreSQL's integer hash: md5 per call
    // made the million-item insert several times slower).
    await db.query(`CREATE OR REPLACE FUNCTION bench.r(g bigint, salt text) RETURNS float8 LANGUAGE sql IMMUTABLE AS
      $$ SELECT (hashint8(g # hashtext(salt)::bigint)::bigint + 2147483648)::float8 / 4294967296.0 $$`);
    await db.query(`CREATE OR REPLACE FUNCTION bench.pick(a text[], g bigint, salt text) RETURNS text LANGUAGE sql IMMUTABLE AS
      $$ SELECT a[1 + floor(bench.r(g, salt) * cardinality(a))::int] $$`);
    // Ids: 8 hex digits naming the kind, then the number (an md5 per row was a third of the insert time).
    await db.query(`CREATE OR REPLACE FUNCTION bench.id(kind text, g bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS
      $$ SELECT (substr(md5(kind), 1, 8) || lpad(to_hex(g), 24, '0'))::uuid $$`);
    const [{ exists: zips }] = (await db.query(`SELECT to_regclass('bench.zip') IS NOT NULL AS exists`))
      .rows as Array<{ exists: boolean }>;
    if (!zips || Number((await db.query(`SELECT count(*) AS n FROM bench.zip`)).rows[0].n) === 0)
      await loadZips(db);
  });
}

async function loadZips(db: pg.Client): Promise<void> {
  const mod = (await import('zipcodes')) as unknown as {
    codes?: Record<string, Zip>;
    default?: { codes: Record<string, Zip> };
  };
  const codes = mod.codes ?? mod.default!.codes;
  const us = Object.values(codes).filter(
    (c) =>
      c.country === 'US' &&
      typeof c.latitude === 'number' &&
      c.latitude > 24 &&
      c.latitude < 50 &&
      c.longitude > -125 &&
      c.longitude < -66,
  );
  await db.query(`DROP TABLE IF EXISTS bench.zip`);
  await db.query(
    `CREATE TABLE bench.zip (n int PRIMARY KEY, zip text, city text, state text, lat float8, lng float8)`,
  );
  await db.query(
    `INSERT INTO bench.zip SELECT row_number() OVER (ORDER BY zip), zip, city, state, lat, lng
       FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[]) AS z(zip, city, state, lat, lng)`,
    [
      us.map((c) => c.zip),
      us.map((c) => c.city),
      us.map((c) => c.state),
      us.map((c) => c.latitude),
      us.map((c) => c.longitude),
    ],
  );
}
interface Zip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/**
 * The rows of one search together on disk: kitchens and items are written in geohash order (a Z-order
 * curve: points close on the map are mostly close in the order), as `CLUSTER item USING idx_item_location`
 * leaves a live database (docs/postgresql.md). A search then reads the items of neighbouring kitchens from
 * neighbouring pages instead of pages spread over the whole table.
 */
const GEO_ORDER = (point: string) => `ST_GeoHash(${point}, 8)`;

/**
 * Adds chefs number `from` … `to - 1` with everything search reads. Large batches drop the big tables'
 * secondary indexes first and rebuild them afterwards (much faster than maintaining them row by row).
 */
export async function addChefs(options: GenerateOptions, from: number, to: number): Promise<void> {
  const { itemsPerChef } = options;
  const log = options.log ?? (() => undefined);
  await withClient(options.databaseUrl, async (db) => {
    await db.query(`SET maintenance_work_mem = '512MB'`);
    await db.query(`SET synchronous_commit = off`);
    const rebuild =
      (to - from) * itemsPerChef >= 200_000
        ? await dropIndexes(db, ['item', 'item_pricing_option', 'menu_item', 'menu_date'])
        : [];
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const started = Date.now();
      const res = await db.query(sql, params);
      log(`  ${label}: ${res.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    const chefs = `generate_series(${from}::bigint, ${to - 1}::bigint) AS g`;
    await step(
      'consumers',
      `INSERT INTO consumer (id, keycloak_id, name, user_email, user_name, roles)
       SELECT bench.id('consumer', g), 'bench-chef-' || g, bench.pick(${arr(FIRST_NAMES)}, g, 'first') || ' Chef ' || g,
              'bench-chef-' || g || '@bench.test', 'bench-chef-' || g, '{ROLE_USER,ROLE_CHEF}'
         FROM ${chefs}`,
    );
    // Place: a zip centroid (zip codes are dense where people live), moved up to ~1.5 miles.
    await step(
      'kitchens',
      `INSERT INTO publisher (id, consumer_id, user_email, kitchen_name, brand_display_name, status, rating_value, rating_count,
                              speciality, currency_code, time_zone_id, geo_location)
       SELECT bench.id('publisher', g), bench.id('consumer', g), 'bench-chef-' || g || '@bench.test', 'bench-kitchen-' || g,
              bench.pick(${arr(FIRST_NAMES)}, g, 'first') || '''s ' || bench.pick(${arr(CUISINE)}, g, 'cuisine') || ' Kitchen',
              CASE WHEN bench.r(g, 'status') < 0.02 THEN 'BLOCKED' WHEN bench.r(g, 'status') < 0.03 THEN 'PENDING' ELSE 'APPROVED' END,
              round((3.5 + 1.5 * bench.r(g, 'rating'))::numeric, 2), 1 + floor(300 * bench.r(g, 'count'))::int,
              bench.pick(${arr(CUISINE)}, g, 'cuisine') || ' home cooking', 'USD', 'America/Chicago',
              ST_SetSRID(ST_MakePoint(z.lng + 0.04 * (bench.r(g, 'dx') - 0.5), z.lat + 0.04 * (bench.r(g, 'dy') - 0.5)), 4326)::geography
         FROM ${chefs}
         JOIN bench.zip z ON z.n = 1 + floor(bench.r(g, 'zip') * (SELECT count(*) FROM bench.zip))::int
        ORDER BY ${GEO_ORDER('ST_SetSRID(ST_MakePoint(z.lng, z.lat), 4326)')}, g`,
    );
    await step(
      'pickup locations',
      `INSERT INTO pickup_location (publisher_id, is_primary, name, address_line1, city, state, country, zipcode, lat, lng)
       SELECT p.id, true, 'Kitchen', g || ' Main St', z.city, z.state, 'United States', z.zip,
              round(ST_Y(p.geo_location::geometry)::numeric, 6), round(ST_X(p.geo_location::geometry)::numeric, 6)
         FROM ${chefs}
         JOIN publisher p ON p.id = bench.id('publisher', g)
         JOIN bench.zip z ON z.n = 1 + floor(bench.r(g, 'zip') * (SELECT count(*) FROM bench.zip))::int
       UNION ALL
       SELECT p.id, false, 'Market stall', g || ' Market Sq', z.city, z.state, 'United States', z.zip,
              round((ST_Y(p.geo_location::geometry) + 0.03)::numeric, 6), round(ST_X(p.geo_location::geometry)::numeric, 6)
         FROM ${chefs}
         JOIN publisher p ON p.id = bench.id('publisher', g)
         JOIN bench.zip z ON z.n = 1 + floor(bench.r(g, 'zip') * (SELECT count(*) FROM bench.zip))::int
        WHERE bench.r(g, 'stall') < 0.2`,
    );
    await step(
      'chef settings',
      `INSERT INTO chef_setting (publisher_id, key, value)
       SELECT bench.id('publisher', g), 'RADIUS', to_jsonb((ARRAY[5, 8, 10, 15])[1 + floor(4 * bench.r(g, 'radius'))::int]) FROM ${chefs}
       UNION ALL
       SELECT bench.id('publisher', g), 'DELIVERY_MEASUREMENT', '"miles"'::jsonb FROM ${chefs}`,
    );
    // Two menus per chef (m = 0: weekday lunch, m = 1: dinner), half with their own radius, a few paused.
    await step(
      'menus',
      `INSERT INTO menu (id, publisher_id, name, status, menu_type, occurrence, time_zone, delivery_radius, delivery_measurement,
                         delivery_fees, delivery_zip_codes, country_name)
       SELECT bench.id('menu', g * 2 + m), bench.id('publisher', g), (ARRAY['Weekday Lunch', 'Dinner Club'])[m + 1],
              CASE WHEN bench.r(g * 2 + m, 'paused') < 0.03 THEN 'PAUSE' ELSE 'PUBLISHED' END, 'RECURRING', 'weeks', 'America/Chicago',
              CASE WHEN bench.r(g * 2 + m, 'own') < 0.5 THEN (ARRAY[3, 5, 10])[1 + floor(3 * bench.r(g * 2 + m, 'mr'))::int] END,
              'miles', 4.99, ARRAY[z.zip], 'United States'
         FROM ${chefs} CROSS JOIN generate_series(0, 1) AS m
         JOIN bench.zip z ON z.n = 1 + floor(bench.r(g, 'zip') * (SELECT count(*) FROM bench.zip))::int`,
    );
    // Dates: lunch menus every other day from tomorrow, dinner menus every 4 days; orders close 12 h before.
    await step(
      'menu dates',
      `INSERT INTO menu_date (menu_id, date, time_slots, starts_at, cutoff_at)
       SELECT bench.id('menu', g * 2 + m), (current_date + d.day)::date,
              CASE m WHEN 0 THEN '{LUNCH_12PM}'::text[] ELSE '{PM_5_7,DINNER_7PM}'::text[] END,
              current_date + d.day + (CASE m WHEN 0 THEN 12 ELSE 17 END) * interval '1 hour',
              current_date + d.day + (CASE m WHEN 0 THEN 0 ELSE 5 END) * interval '1 hour'
         FROM ${chefs} CROSS JOIN generate_series(0, 1) AS m
         CROSS JOIN LATERAL (SELECT (CASE m WHEN 0 THEN 1 + 2 * k ELSE 2 + 4 * k END) AS day FROM generate_series(0, 5) AS k) d`,
    );
    await step(
      'items',
      `INSERT INTO item (id, publisher_id, name, description, ingredients, search_tags, medical_friendly, food_types, delivery_time_slots,
                         delivery_options, item_status, is_chef_blocked, zipcodes_served, pictures, location, menu_ids)
       SELECT bench.id('item', g * ${itemsPerChef} + k), p.id,
              bench.pick(${arr(STYLE)}, nn.n, 'style') || ' ' || y.main[1] || ' ' || w.dish,
              w.cuisine || ' ' || lower(w.dish) || ' with ' || lower(y.main[1]) || ', ' || bench.pick(${arr(INGREDIENT)}, nn.n, 'i1') || ' and ' ||
                bench.pick(${arr(INGREDIENT)}, nn.n, 'i2') || ', cooked to order.',
              initcap(bench.pick(${arr(INGREDIENT)}, nn.n, 'i1')) || ', ' || bench.pick(${arr(INGREDIENT)}, nn.n, 'i2') || ', salt',
              ARRAY[lower(w.cuisine), lower(w.dish)],
              ARRAY[bench.pick(${arr(MEDICAL)}, nn.n, 'med1'), bench.pick(${arr(MEDICAL)}, nn.n, 'med2')],
              ARRAY[y.main[2]] || CASE WHEN y.main[2] = 'VEGAN' THEN '{VEG}'::text[] ELSE '{}'::text[] END,
              CASE k % 2 WHEN 0 THEN '{LUNCH_12PM}'::text[] ELSE '{PM_5_7,DINNER_7PM}'::text[] END,
              CASE WHEN bench.r(nn.n, 'opt') < 0.7 THEN '{PICKUP,DELIVERY}'::text[] WHEN bench.r(nn.n, 'opt') < 0.9 THEN '{PICKUP}'::text[] ELSE '{DELIVERY}'::text[] END,
              CASE WHEN bench.r(nn.n, 'st') < 0.02 THEN 'DELETED' WHEN bench.r(nn.n, 'st') < 0.05 THEN 'HIDDEN' ELSE 'ACTIVE' END,
              p.status = 'BLOCKED', '{}', ARRAY['bench/' || lower(replace(w.dish, ' ', '-')) || '.webp'], p.geo_location,
              ARRAY[bench.id('menu', g * 2 + k % 2)]
         FROM ${chefs}
         JOIN publisher p ON p.id = bench.id('publisher', g)
         CROSS JOIN generate_series(0, ${itemsPerChef - 1}) AS k
         CROSS JOIN LATERAL (SELECT g * ${itemsPerChef} + k AS n) nn
         CROSS JOIN LATERAL (SELECT bench.pick(${arr(DISHES)}, nn.n, 'dish') AS dish, bench.pick(${arr(CUISINE)}, g, 'cuisine') AS cuisine,
                                    1 + floor(bench.r(nn.n, 'main') * ${MAIN.length})::int AS mi) w
         CROSS JOIN LATERAL (SELECT ARRAY[(${arr(MAIN.map((m) => m[0]))})[w.mi], (${arr(MAIN.map((m) => m[1]))})[w.mi]] AS main) y
        ORDER BY ${GEO_ORDER('p.geo_location::geometry')}, g, k`,
    );
    await step(
      'pricing options',
      `INSERT INTO item_pricing_option (item_id, measurement, quantity, chef_price, serves, position)
       SELECT bench.id('item', n), 'Plate', 1, round((6 + 24 * bench.r(n, 'price'))::numeric) - 0.01, 1 + floor(4 * bench.r(n, 'serves'))::int, 0
         FROM generate_series(${from * itemsPerChef}::bigint, ${to * itemsPerChef - 1}::bigint) AS n
       UNION ALL
       SELECT bench.id('item', n), 'Family tray', 1, round((30 + 40 * bench.r(n, 'tray'))::numeric) - 0.01, 6, 1
         FROM generate_series(${from * itemsPerChef}::bigint, ${to * itemsPerChef - 1}::bigint) AS n
        WHERE bench.r(n, 'has_tray') < 0.25`,
    );
    // The items already carry their menus (menu_ids, written with them above): the trigger that copies
    // them would rewrite every item row once more.
    await db.query(`ALTER TABLE menu_item DISABLE TRIGGER trg_menu_item_menu_ids_insert`);
    try {
      await step(
        'menu items',
        `INSERT INTO menu_item (menu_id, item_id, position)
         SELECT bench.id('menu', g * 2 + k % 2), bench.id('item', g * ${itemsPerChef} + k), k / 2
           FROM ${chefs} CROSS JOIN generate_series(0, ${itemsPerChef - 1}) AS k`,
      );
    } finally {
      await db.query(`ALTER TABLE menu_item ENABLE TRIGGER trg_menu_item_menu_ids_insert`);
    }
    for (const sql of rebuild) {
      const started = Date.now();
      await db.query(sql);
      log(`  ${sql.replace(/ USING .*| ON .*/, '')}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // VACUUM too: it merges GIN pending lists (which every search would otherwise read) and sets the
    // visibility map, as autovacuum would on a live database.
    const started = Date.now();
    await db.query(`VACUUM ANALYZE`);
    log(`  vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

/** Drops the tables' secondary indexes (not primary keys or constraints) and returns the SQL that recreates them. */
async function dropIndexes(db: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await db.query(`DROP INDEX "${r.name}"`);
  return rows.map((r) => r.def);
}

/** Row counts of the tables search reads. */
export async function benchCounts(databaseUrl: string): Promise<Record<string, number>> {
  return withClient(databaseUrl, async (db) => {
    const out: Record<string, number> = {};
    for (const table of ['publisher', 'item', 'menu', 'menu_date', 'menu_item', 'item_pricing_option']) {
      out[table] = Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    }
    return out;
  });
}

/** Number of chefs already generated (they are numbered from 0). */
export async function generatedChefs(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (db) =>
    Number(
      (await db.query(`SELECT count(*) AS n FROM publisher WHERE kitchen_name LIKE 'bench-kitchen-%'`))
        .rows[0].n,
    ),
  );
}

async function withClient<T>(url: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const chefs = Number(arg('chefs') ?? 10_000);
  const itemsPerChef = Number(arg('items-per-chef') ?? 100);
  await prepareBenchDatabase(databaseUrl, process.argv.includes('--reset'));
  const have = await generatedChefs(databaseUrl);
  if (have >= chefs) {
    console.log(`generate: ${have} chefs are already there (--reset to start again)`);
  } else {
    console.log(`generate: chefs ${have}–${chefs - 1}, ${itemsPerChef} items each`);
    await addChefs({ databaseUrl, itemsPerChef, log: (line) => console.log(line) }, have, chefs);
  }
  console.log(`generate: ${JSON.stringify(await benchCounts(databaseUrl))}`);
}

if (typeof require !== 'undefined' && require.main === module) {
  main().catch((error: unknown) => {
    console.error(`generate: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
