/**
 * The demo marketplace `npm start` loads after migrating: `node dist/database/seed/seed.js` (reads
 * DATABASE_URL and STORAGE_DIR, relative to the current directory; refuses to run without HEARTH_DEMO=1,
 * and with NODE_ENV=production also without HEARTH_DEMO_IN_PRODUCTION=1). Safe to run on every start:
 *
 * - everything is found by a natural key first (consumer keycloak_id, kitchen name whatever the case,
 *   item and menu name within the kitchen, job title, order idempotency key) and created only when
 *   missing; rows that exist are never changed, since a user may have edited them;
 * - the one exception: a published demo menu whose dates have all passed is moved to upcoming dates, so
 *   an old database still shows food to order (see seed-menus.ts);
 * - the database work is one transaction, serialised by an advisory lock if two starts race;
 * - pictures and logos are written only when storage does not already hold the same bytes.
 */
import { DataSource } from 'typeorm';
import { LocalDiskStorage } from '../../modules/storage/local-disk.storage.js';
import type { StorageAdapter } from '../../modules/storage/storage.adapter.js';
import { demoAllowed } from '../../config/production-guard.js';
import { buildDataSourceOptions, DEFAULT_DATABASE_URL } from '../data-source.js';
import { seedInbox } from './demo-inbox.js';
import { DEMO_CUSTOMERS } from './demo-data.js';
import { seedAuditTrail } from './demo-home.js';
import { seedModerationDemo } from './demo-users.js';
import { seedSecretMenus } from './demo-secret.js';
import { seedExpiredData } from './demo-ops.js';
import { seedDishPictures, seedItems } from './seed-items.js';
import { seedJobs } from './seed-jobs.js';
import { seedDemoCareers } from './demo-careers.js';
import { seedKitchens, seedLogos } from './seed-kitchens.js';
import { seedMenus } from './seed-menus.js';
import { seedOrders } from './seed-orders.js';
import { seedPeople } from './seed-people.js';
import { seedFeedbackAndLogs } from './demo-reports.js';
import type { SeedContext } from './seed-context.js';

/** Key of the advisory lock that serialises concurrent seeds. */
const SEED_LOCK = 4_832_710_001;

export interface SeedOptions {
  /** The instant the seed treats as now (default: the real now). Menu and order dates are relative to it. */
  today?: Date;
}

/** What the demo holds after a run, and what this run did. */
export interface SeedSummary {
  kitchens: number;
  items: number;
  menus: number;
  /** Dates of the demo menus that can still be ordered for (cut-off after now). */
  upcomingDates: number;
  customers: number;
  orders: number;
  ratings: number;
  jobs: number;
  /** Rows inserted by this run, by table. */
  created: Record<string, number>;
  menusMoved: number;
  filesWritten: number;
  warnings: string[];
  /** The demo's private menu and the code that opens it (demo-secret.ts), printed after the summary. */
  privateMenu: string | null;
}

/** Loads the demo data into the database and storage (idempotent; see the file comment). */
export async function seedDemoData(
  dataSource: DataSource,
  storage: StorageAdapter,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const now = options.today ?? new Date();
  const files = { storage, filesWritten: 0 };
  // Files first: they are idempotent on their own, and sharp stays out of the transaction.
  await seedLogos(files);
  await seedDishPictures(files);

  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const ctx: SeedContext = {
      manager,
      storage,
      now,
      created: {},
      menusMoved: 0,
      filesWritten: files.filesWritten,
      warnings: [],
    };

    const people = await seedPeople(ctx);
    const kitchens = await seedKitchens(ctx, people);
    let items = 0;
    let menus = 0;
    for (const kitchen of kitchens) {
      const itemIds = await seedItems(ctx, kitchen);
      items += itemIds.size;
      menus += await seedMenus(ctx, kitchen, itemIds);
    }
    const privateMenu = await seedSecretMenus(ctx, kitchens);
    const orders = await seedOrders(ctx, kitchens, people);
    const jobs = await seedJobs(ctx);
    await seedAuditTrail(ctx, kitchens, people);
    await seedInbox(
      ctx,
      kitchens.find((k) => k.demo.email === 'chef@hearth.test'),
    );
    await seedDemoCareers(ctx);
    await seedModerationDemo(ctx);
    await seedFeedbackAndLogs(ctx, people);
    await seedExpiredData(ctx);

    const [{ upcoming, ratings }] = (await manager.query(
      `SELECT (SELECT count(*) FROM menu_date d JOIN menu m ON m.id = d.menu_id
                WHERE m.publisher_id = ANY($1::uuid[]) AND m.status = 'PUBLISHED' AND NOT d.is_deleted AND d.cutoff_at > $2)::int AS upcoming,
              (SELECT count(*) FROM rating WHERE rated_against_id = ANY($1::uuid[]))::int AS ratings`,
      [kitchens.map((k) => k.publisherId), now],
    )) as Array<{ upcoming: number; ratings: number }>;

    return {
      kitchens: kitchens.length,
      items,
      menus,
      upcomingDates: upcoming,
      customers: DEMO_CUSTOMERS.length,
      orders: orders.orders,
      ratings,
      jobs,
      created: ctx.created,
      menusMoved: ctx.menusMoved,
      filesWritten: ctx.filesWritten,
      warnings: ctx.warnings,
      privateMenu,
    };
  });
}

/** The one-line summary `npm start` prints. */
export function formatSummary(s: SeedSummary, seconds: number): string {
  const rows = Object.values(s.created).reduce((sum, n) => sum + n, 0);
  const changes =
    rows === 0 && s.menusMoved === 0 && s.filesWritten === 0
      ? 'nothing new'
      : `${rows} rows created, ${s.menusMoved} menus moved forward, ${s.filesWritten} files written`;
  return (
    `seed: ${s.kitchens} kitchens, ${s.items} items, ${s.menus} menus (${s.upcomingDates} upcoming dates), ` +
    `${s.customers} customers, ${s.orders} orders, ${s.ratings} ratings, ${s.jobs} jobs; ${changes} — ${seconds.toFixed(1)} s`
  );
}

async function main(): Promise<void> {
  // The demo people include the README's admin and its published password: only for an explicit demo.
  const problems: string[] = [];
  if (!demoAllowed(process.env, problems)) {
    throw new Error(
      problems[0] ?? 'the demo data is loaded only with HEARTH_DEMO=1 (a demo, never a real deployment)',
    );
  }
  const started = process.hrtime.bigint();
  const dataSource = await new DataSource(
    buildDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL),
  ).initialize();
  try {
    const summary = await seedDemoData(
      dataSource,
      new LocalDiskStorage(process.env.STORAGE_DIR || 'var/storage'),
    );
    for (const warning of summary.warnings) console.warn(`seed: warning: ${warning}`);
    console.log(formatSummary(summary, Number(process.hrtime.bigint() - started) / 1e9));
    if (summary.privateMenu) console.log(summary.privateMenu);
  } finally {
    await dataSource.destroy();
  }
}

// Run only as a script, not when imported (tests import seedDemoData; under Vitest there is no `require`).
if (typeof require !== 'undefined' && require.main === module) {
  main().catch((error: unknown) => {
    console.error(`seed: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
