import type { DataSource, QueryRunner } from 'typeorm';

const PROBE = 'hearth_schema_probe';

/**
 * SQL still needed to make the database match the entities; empty when entities and the applied
 * migrations agree. Nothing is executed (the probes below run in a transaction that is rolled back).
 *
 * TypeORM's schema builder compares check constraints by name only and generated columns by the text it
 * keeps in typeorm_metadata, so a migration whose CHECK or GENERATED expression differs from the entity
 * under the right name would slip through. Each of those expressions is therefore also written onto a
 * scratch copy of its table and PostgreSQL's own rendering of both is compared.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sqlInMemory = await dataSource.driver.createSchemaBuilder().log();
  const builderChanges = sqlInMemory.upQueries.map((query) => query.query);
  return [...builderChanges, ...(await expressionDrift(dataSource))];
}

async function expressionDrift(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  try {
    const changes: string[] = [];
    for (const metadata of dataSource.entityMetadatas) {
      const table = metadata.tableName;
      for (const check of metadata.checks) {
        const actual = await checkDefinition(runner, table, check.name);
        if (actual === undefined) continue; // missing altogether: the schema builder reports it
        const expected = await probe(runner, table, async () => {
          await runner.query(`ALTER TABLE "${PROBE}" ADD CONSTRAINT "probe" CHECK (${check.expression})`);
          return checkDefinition(runner, PROBE, 'probe');
        });
        if (expected !== actual) {
          changes.push(
            `ALTER TABLE "${table}" DROP CONSTRAINT "${check.name}", ADD CONSTRAINT "${check.name}" CHECK (${check.expression})` +
              ` -- database has ${actual}`,
          );
        }
      }
      for (const column of metadata.columns.filter((c) => c.generatedType && c.asExpression)) {
        const name = column.databaseName;
        const actual = await generationExpression(runner, table, name);
        if (actual === undefined) continue;
        const expected = await probe(runner, table, async () => {
          const type = (await runner.query(
            `SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
             WHERE a.attrelid = to_regclass($1) AND a.attname = $2`,
            [`"${table}"`, name],
          )) as Array<{ type: string }>;
          await runner.query(`ALTER TABLE "${PROBE}" DROP COLUMN "${name}"`);
          await runner.query(
            `ALTER TABLE "${PROBE}" ADD COLUMN "${name}" ${type[0].type} GENERATED ALWAYS AS (${column.asExpression}) STORED`,
          );
          return generationExpression(runner, PROBE, name);
        });
        if (expected !== actual) {
          changes.push(
            `-- "${table}"."${name}" is generated as ${actual}, the entity says ${column.asExpression}`,
          );
        }
      }
    }
    return changes;
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

/** Runs `work` against an empty column-for-column copy of `table`, then removes the copy. */
async function probe<T>(runner: QueryRunner, table: string, work: () => Promise<T>): Promise<T> {
  await runner.query(`CREATE TEMP TABLE "${PROBE}" (LIKE "${table}")`);
  try {
    return await work();
  } finally {
    await runner.query(`DROP TABLE "${PROBE}"`);
  }
}

async function checkDefinition(
  runner: QueryRunner,
  table: string,
  name: string,
): Promise<string | undefined> {
  const rows = (await runner.query(
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
     WHERE c.conrelid = to_regclass($1) AND c.conname = $2 AND c.contype = 'c'`,
    [`"${table}"`, name],
  )) as Array<{ definition: string }>;
  return rows[0]?.definition;
}

async function generationExpression(
  runner: QueryRunner,
  table: string,
  column: string,
): Promise<string | undefined> {
  const rows = (await runner.query(
    `SELECT pg_get_expr(d.adbin, d.adrelid) AS expression FROM pg_attrdef d
     JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
     WHERE d.adrelid = to_regclass($1) AND a.attname = $2 AND a.attgenerated = 's'`,
    [`"${table}"`, column],
  )) as Array<{ expression: string }>;
  return rows[0]?.expression;
}
