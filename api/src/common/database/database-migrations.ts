import type { MigrationStatus } from './migration-lock.js';

/**
 * The database's migrations as the admin sees and runs them (`admin/migrateDB`). Provided by the composition
 * root (`database/database-migrations.module.ts`), which knows the migration list and the connection settings;
 * domain modules only see this port.
 */
export abstract class DatabaseMigrations {
  /** Applied migrations with when, and the pending ones. */
  abstract status(): Promise<MigrationStatus>;
  /** Applies the pending ones under the migration lock; returns the names applied ([] when none were left). */
  abstract runPending(): Promise<string[]>;
}
