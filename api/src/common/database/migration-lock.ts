import { MigrationExecutor, type DataSource } from 'typeorm';

/**
 * Key of the PostgreSQL advisory lock every migration run holds (`pg_advisory_lock(bigint)`): the start-up
 * script (`database/migrate.ts`) and the admin's `admin/migrateDB` take the same one, so two runs never apply
 * a migration twice; the second waits, then finds nothing left to do. (The bytes of "HEARTHMG", as a bigint.)
 */
export const MIGRATION_LOCK_KEY = BigInt('0x4845415254484d47').toString();

/** An applied migration: its name, its own timestamp, and when it was applied (unknown before that was recorded). */
export interface AppliedMigration {
  name: string;
  timestamp: number;
  appliedAt: Date | null;
}

/** A migration of the code not applied to the database yet. */
export interface PendingMigration {
  name: string;
  timestamp: number;
}

export interface MigrationStatus {
  applied: AppliedMigration[];
  pending: PendingMigration[];
}

/**
 * Runs every pending migration of `dataSource`, each in its own transaction, while holding the migration
 * lock on a connection of its own (a session-level advisory lock lives as long as its connection, so it is
 * taken and released on one reserved connection, never on whichever pooled one a query happens to get).
 * Returns the names applied, oldest first; [] when another run applied them while this one waited.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    // Waiting for another run is not a slow statement: no statement timeout on the lock's connection.
    await lock.query('SET statement_timeout = 0');
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
      await lock.query('RESET statement_timeout');
    }
  } finally {
    await lock.release();
  }
}

/** The applied migrations (oldest first) as the `migrations` table records them, and the pending ones. */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const [exists] = (await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    table,
  ])) as Array<{
    present: boolean;
  }>;
  let applied: AppliedMigration[] = [];
  if (exists.present) {
    // applied_at exists from migration MigrationAppliedAt on; a database still before it lists no dates.
    const [column] = (await dataSource.query(
      `SELECT count(*)::int AS n FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'applied_at'`,
      [table],
    )) as Array<{ n: number }>;
    const rows = (await dataSource.query(
      `SELECT name, "timestamp"::bigint AS ts, ${column.n > 0 ? 'applied_at' : 'NULL::timestamptz AS applied_at'}
         FROM "${table}" ORDER BY "timestamp", id`,
    )) as Array<{ name: string; ts: string; applied_at: Date | null }>;
    applied = rows.map((r) => ({ name: r.name, timestamp: Number(r.ts), appliedAt: r.applied_at }));
  }
  const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
  return {
    applied,
    pending: pending.map((m) => ({ name: m.name, timestamp: m.timestamp })),
  };
}
