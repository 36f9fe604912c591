/**
 * Applies pending migrations to DATABASE_URL and prints what it applied.
 * `node dist/database/migrate.js` (or `pnpm --filter @hearth/api migrate`).
 */
import { DataSource } from 'typeorm';
import { runMigrationsLocked } from '../common/database/migration-lock.js';
import { buildDataSourceOptions, DEFAULT_DATABASE_URL } from './data-source.js';

/**
 * Runs every pending migration, each in its own transaction, under the migration lock that the admin's
 * `admin/migrateDB` takes too (a run started meanwhile waits, then applies nothing); returns the names applied.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(buildDataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    return await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const target = new URL(databaseUrl);
  const applied = await migrate(databaseUrl);
  const where = `${target.host}${target.pathname}`;
  if (applied.length === 0) console.log(`migrate: ${where} is up to date`);
  else for (const name of applied) console.log(`migrate: applied ${name} to ${where}`);
}

// Run only as a script, not when imported (tests import the function above; under Vitest there is no `require`).
if (typeof require !== 'undefined' && require.main === module) {
  main().catch((error: unknown) => {
    console.error(`migrate: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
