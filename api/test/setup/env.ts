import { Client } from 'pg';
import { beforeAll, inject } from 'vitest';
import { withDatabase } from '../../src/database/postgres-admin.js';

/*
 * Each test worker (VITEST_POOL_ID, 1…maxWorkers) tests on its own copy of the run's migrated template
 * (global-setup.ts), made before the hooks of the first file the worker runs and reused by its later files: files of
 * different workers never share rows, and, as queues and cached keys are namespaced by database, nor jobs
 * or Redis keys. Everything that reads DATABASE_URL (the Nest config, the data source) finds that copy.
 */
const adminUrl = inject('databaseAdminUrl');
const template = inject('templateDatabase');
const name = `${template}_w${Number(process.env.VITEST_POOL_ID ?? '1')}`;

async function ensureWorkerDatabase(): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    // Both names come from uniqueDatabaseName: lower-case letters, digits and underscores.
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await client.end();
  }
  // TypeORM finds a generated column's expression in typeorm_metadata by database name; the copy's rows
  // still carry the template's, so the schema check would see every generated column as changed.
  const copy = new Client({ connectionString: withDatabase(adminUrl, name) });
  await copy.connect();
  try {
    await copy.query('UPDATE typeorm_metadata SET database = current_database() WHERE database = $1', [
      template,
    ]);
  } finally {
    await copy.end();
  }
}

process.env.DATABASE_URL = withDatabase(adminUrl, name);
process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
// Before the file's own hooks, which are the first to connect.
beforeAll(ensureWorkerDatabase);
