import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataSourceOptions } from '../../src/database/data-source.js';
import { migrate } from '../../src/database/migrate.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../src/database/postgres-admin.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';

const API = '/services/publisher/api';

interface Migrations {
  applied: Array<{ name: string; timestamp: number; appliedAt: string | null }>;
  pending: Array<{ name: string; timestamp: number }>;
}
interface MigrationRun {
  applied: string[];
  migrations: Migrations;
}

const nameOf = (migration: (typeof MIGRATIONS)[number]) => new migration().name ?? migration.name;
const ALL = MIGRATIONS.map(nameOf);
/**
 * Pending in the first test: the migration that records when each one is applied, the one before it and
 * every later one (so the applied ones have no date, and the run dates all but the first it applies).
 */
const PENDING = ALL.length - ALL.indexOf('MigrationAppliedAt1795730000000') + 1;

/**
 * The API (and its identity provider) on a database of its own, migrated up to all but the last `pending`
 * migrations, with an admin (tokens are signed with that database's provider key).
 */
async function harnessWithPending(
  pending: number,
): Promise<{ h: Harness; admin: TestActor; url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL as string;
  const name = uniqueDatabaseName('hearth_test_migrate');
  await createDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  const partial = new DataSource({
    ...buildDataSourceOptions(url),
    migrations: MIGRATIONS.slice(0, -pending),
  });
  await partial.initialize();
  await partial.runMigrations({ transaction: 'each' });
  await partial.destroy();
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    const h = await startHarness();
    return { h, admin: await h.admin(), url, drop: () => dropDatabase(adminUrl, name) };
  } finally {
    process.env.DATABASE_URL = saved;
  }
}

async function appliedTimes(db: DataSource): Promise<Record<string, number>> {
  const rows = (await db.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`)) as Array<{
    name: string;
    n: number;
  }>;
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

describe('admin/migrateDB on the migrated test database', () => {
  let h: Harness;
  let admin: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  it('is for admins only: anonymous callers get 401, customers and chefs 403, and nothing runs', async () => {
    const customer = await h.customer();
    const chef = await h.chef();
    for (const method of ['get', 'post'] as const) {
      await request(h.http)[method](`${API}/admin/migrateDB`).expect(401);
      for (const who of [customer, chef])
        await request(h.http)[method](`${API}/admin/migrateDB`).set(who.auth).expect(403);
    }
    const [{ n }] = (await h.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE actor_consumer_id = ANY($1)`,
      [[customer.consumer.id, chef.consumer.id]],
    )) as Array<{ n: number }>;
    expect(n).toBe(0);
  });

  it('lists every migration as applied, oldest first, none pending; a run applies nothing and is audited', async () => {
    const list = (await request(h.http).get(`${API}/admin/migrateDB`).set(admin.auth).expect(200))
      .body as Migrations;
    expect(list.applied.map((m) => m.name)).toEqual(ALL);
    expect(list.pending).toEqual([]);
    // Applied when the run's database was migrated: the migration that records it and every later one.
    const recorded = list.applied.find((m) => m.name === 'MigrationAppliedAt1795730000000');
    expect(Date.parse(recorded?.appliedAt ?? '')).toBeGreaterThan(Date.now() - 3600_000);

    const run = (await request(h.http).post(`${API}/admin/migrateDB`).set(admin.auth).expect(200))
      .body as MigrationRun;
    expect(run.applied).toEqual([]);
    expect(run.migrations.pending).toEqual([]);
    const audit = (await h.db.query(
      `SELECT actor_consumer_id, before, after FROM audit_log WHERE action = 'database.migrate' AND actor_consumer_id = $1`,
      [admin.consumer.id],
    )) as Array<{ actor_consumer_id: string; before: unknown; after: unknown }>;
    expect(audit).toEqual([
      { actor_consumer_id: admin.consumer.id, before: { pending: [] }, after: { applied: [], pending: [] } },
    ]);
  });
});

describe('admin/migrateDB on a database with pending migrations', () => {
  let h: Harness;
  let url: string;
  let drop: () => Promise<void>;
  let admin: TestActor;
  beforeAll(async () => {
    ({ h, admin, url, drop } = await harnessWithPending(PENDING));
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it('lists the pending ones; two runs at once apply each migration exactly once, one audit row per run', async () => {
    const pendingNames = ALL.slice(-PENDING);
    const list = (await request(h.http).get(`${API}/admin/migrateDB`).set(admin.auth).expect(200))
      .body as Migrations;
    expect(list.pending.map((m) => m.name)).toEqual(pendingNames);
    expect(list.applied.map((m) => m.name)).toEqual(ALL.slice(0, -PENDING));
    // Before the migration that records it, no date is known.
    expect(list.applied.every((m) => m.appliedAt === null)).toBe(true);

    const [a, b] = await Promise.all(
      [0, 1].map(() => request(h.http).post(`${API}/admin/migrateDB`).set(admin.auth).expect(200)),
    );
    const runs = [a.body as MigrationRun, b.body as MigrationRun];
    // One run applied them (in order), the other waited for the lock and found nothing to do.
    expect(runs.map((r) => r.applied).sort((x, y) => y.length - x.length)).toEqual([pendingNames, []]);
    for (const run of runs) expect(run.migrations.pending).toEqual([]);
    const times = await appliedTimes(h.db);
    expect(Object.keys(times).sort()).toEqual([...ALL].sort());
    expect(Object.values(times).every((n) => n === 1)).toBe(true);

    const after = (await request(h.http).get(`${API}/admin/migrateDB`).set(admin.auth).expect(200))
      .body as Migrations;
    expect(after.pending).toEqual([]);
    // Dates are recorded from the migration that adds them on: the one applied before it in the same run has none.
    expect(after.applied.slice(-PENDING).map((m) => m.appliedAt !== null)).toEqual([
      false,
      ...Array<boolean>(PENDING - 1).fill(true),
    ]);

    const audit = (await h.db.query(
      `SELECT actor_consumer_id, after FROM audit_log WHERE action = 'database.migrate' ORDER BY created_at`,
    )) as Array<{ actor_consumer_id: string; after: { applied: string[] } }>;
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.actor_consumer_id === admin.consumer.id)).toBe(true);
    expect(audit.map((row) => row.after.applied).sort((x, y) => y.length - x.length)).toEqual([
      pendingNames,
      [],
    ]);
  });

  it('the start-up migration takes the same lock: run beside an admin run, each migration is applied once', async () => {
    // Back to one pending migration.
    const db = new DataSource(buildDataSourceOptions(url));
    await db.initialize();
    try {
      await db.undoLastMigration({ transaction: 'each' });
      const [script, admins] = await Promise.all([
        migrate(url),
        request(h.http).post(`${API}/admin/migrateDB`).set(admin.auth).expect(200),
      ]);
      const applied = [...script, ...(admins.body as MigrationRun).applied];
      expect(applied).toEqual([ALL[ALL.length - 1]]);
      const times = await appliedTimes(db);
      expect(Object.values(times).every((n) => n === 1)).toBe(true);
      expect(Object.keys(times)).toHaveLength(ALL.length);
    } finally {
      await db.destroy();
    }
  });
});
