import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMigrations } from '../../src/database/check-migrations.js';
import { buildDataSourceOptions } from '../../src/database/data-source.js';
import { migrate } from '../../src/database/migrate.js';
import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../src/database/postgres-admin.js';
import { pendingSchemaChanges } from '../../src/database/schema-check.js';
import { openTestDataSource } from '../setup/database.js';

async function tableNames(db: DataSource): Promise<string[]> {
  const rows = (await db.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  )) as Array<{ table_name: string }>;
  return rows.map((row) => row.table_name).sort();
}

/** Tables that are not entities: TypeORM's bookkeeping and PostGIS's reference systems. */
// search_word: the typo dictionary that only the item search statement reads (migration SearchCellWords).
const INFRASTRUCTURE_TABLES = ['migrations', 'search_word', 'spatial_ref_sys', 'typeorm_metadata'];

describe('initial migration', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await openTestDataSource();
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('creates a table for every entity, and no other', async () => {
    const entityTables = db.entityMetadatas.map((metadata) => metadata.tableName).sort();
    expect(entityTables.length).toBeGreaterThanOrEqual(39);
    expect(await tableNames(db)).toEqual([...entityTables, ...INFRASTRUCTURE_TABLES].sort());
  });

  it('applies nothing when run again', async () => {
    expect(await db.showMigrations()).toBe(false);
    expect(await migrate(process.env.DATABASE_URL as string)).toEqual([]);
  });

  it('leaves nothing for the schema builder to change (entities and migrations agree)', async () => {
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });

  it('check-migrations reports no difference on a database of its own', async () => {
    expect(await checkMigrations(process.env.DATABASE_URL as string)).toEqual([]);
  });
});

describe('on a database of its own', () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL as string;
  const databaseName = uniqueDatabaseName('hearth_test_updown');
  let db: DataSource;

  beforeAll(async () => {
    await createDatabase(adminUrl, databaseName);
    db = await new DataSource(buildDataSourceOptions(withDatabase(adminUrl, databaseName))).initialize();
    await db.runMigrations({ transaction: 'each' });
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(adminUrl, databaseName);
  });

  it('down removes every table and extension, and up brings the same schema back', async () => {
    // Every migration's down, newest first.
    for (let i = 0; i < MIGRATIONS.length; i++) await db.undoLastMigration({ transaction: 'each' });
    expect(await tableNames(db)).toEqual(['migrations']);
    const extensions = (await db.query(
      `SELECT extname FROM pg_extension WHERE extname IN ('postgis', 'pg_trgm')`,
    )) as unknown[];
    expect(extensions).toEqual([]);

    const applied = await db.runMigrations({ transaction: 'each' });
    expect(applied).toHaveLength(MIGRATIONS.length);
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });

  it('the check notices a default, a CHECK list and a generated expression that differ from the entities', async () => {
    await db.query(`ALTER TABLE "item" ALTER COLUMN "max_allowed_orders" SET DEFAULT 11`);
    const [check] = (await db.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = '"menu"'::regclass AND conname LIKE 'chk_menu_status_%'`,
    )) as Array<{ conname: string }>;
    await db.query(
      `ALTER TABLE "menu" DROP CONSTRAINT "${check.conname}", ADD CONSTRAINT "${check.conname}" CHECK ("status" IN ('DRAFT'))`,
    );
    await db.query(`ALTER TABLE "publisher" DROP COLUMN "search_vector" CASCADE`);
    await db.query(
      `ALTER TABLE "publisher" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "kitchen_name")) STORED NOT NULL`,
    );

    const changes = (await pendingSchemaChanges(db)).join('\n');
    expect(changes).toContain(`ALTER TABLE "item" ALTER COLUMN "max_allowed_orders" SET DEFAULT '10'`);
    expect(changes).toContain(`DROP CONSTRAINT "${check.conname}"`);
    expect(changes).toContain(`"publisher"."search_vector" is generated as`);
  });
});
