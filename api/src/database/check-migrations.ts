/**
 * Checks that the committed migrations produce exactly the schema the entities describe.
 *
 * Creates a throwaway database on the DATABASE_URL server, applies every migration, asks TypeORM's
 * schema builder what it would still change, prints that SQL and exits 1 if anything; exits 0 when
 * entities and migrations agree. The throwaway database is dropped in every case.
 * `node dist/database/check-migrations.js` (or `pnpm --filter @hearth/api migration:check`).
 */
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, DEFAULT_DATABASE_URL } from './data-source.js';
import { createDatabase, dropDatabase, uniqueDatabaseName, withDatabase } from './postgres-admin.js';
import { pendingSchemaChanges } from './schema-check.js';

/** Applies all migrations to a fresh database and returns the SQL still needed to match the entities. */
export async function checkMigrations(serverUrl: string): Promise<string[]> {
  const adminUrl = withDatabase(serverUrl, 'postgres');
  const databaseName = uniqueDatabaseName('hearth_migration_check');
  await createDatabase(adminUrl, databaseName);
  try {
    const dataSource = new DataSource(buildDataSourceOptions(withDatabase(serverUrl, databaseName)));
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      return await pendingSchemaChanges(dataSource);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await dropDatabase(adminUrl, databaseName);
  }
}

async function main(): Promise<void> {
  const changes = await checkMigrations(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  if (changes.length === 0) {
    console.log('check-migrations: entities and migrations agree');
    return;
  }
  console.error(`check-migrations: entities and migrations disagree; a migration would still need:\n`);
  for (const sql of changes) console.error(`  ${sql};`);
  console.error(
    `\nWrite a migration for these changes (read the SQL) and add it to src/database/migrations/index.ts.`,
  );
  process.exit(1);
}

// Run only as a script, not when imported (tests import the function above; under Vitest there is no `require`).
if (typeof require !== 'undefined' && require.main === module) {
  main().catch((error: unknown) => {
    console.error(`check-migrations: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
