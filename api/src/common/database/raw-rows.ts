// Reading rows without TypeORM's query building, where it costs (issue 19: the order detail after every
// checkout spent more CPU building its joined query than the checkout transaction did), while still giving
// callers the entities they expect: each column is converted exactly as TypeORM's own hydration converts it.
import pg from 'pg';
import type { Pool, QueryResult } from 'pg';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/** The pg pool under a data source (TypeORM's postgres driver keeps it as `master`). */
export function poolOf(db: DataSource): Pool {
  return (db.driver as unknown as { master: Pool }).master;
}

/**
 * An entity of `target` from a raw row whose keys are column names (`SELECT *` or a subset): every column
 * present is converted by the driver as TypeORM's hydration does (dates, numeric strings, arrays, JSON);
 * columns and relations not in the row stay unset.
 */
export function hydrate<T extends ObjectLiteral>(
  db: DataSource,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  const metadata = db.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    if (!(column.databaseName in row)) continue;
    column.setEntityValue(entity, db.driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
}

/**
 * Several read statements in one round trip (PostgreSQL's simple query protocol), one result per statement.
 * The protocol takes no parameters, so values must be inlined as literals: quote them with `literal`.
 */
export async function readMany(db: DataSource, statements: readonly string[]): Promise<QueryResult[]> {
  const results = (await poolOf(db).query(statements.join(';\n'))) as unknown as QueryResult | QueryResult[];
  return Array.isArray(results) ? results : [results];
}

/**
 * A string as a SQL literal, quoted by pg itself (doubled quotes, E'' when it holds a backslash). A NUL byte
 * cannot be sent in a statement's text (PostgreSQL would end the text there): callers refuse such input first.
 */
export function literal(value: string): string {
  if (value.includes('\u0000')) throw new Error('A SQL literal cannot hold a NUL byte');
  return pg.escapeLiteral(value);
}

/** Column types pg returns as JS numbers (bigint and numeric come as strings, and stay so). */
const NUMBER_TYPES = new Set([
  'int',
  'int2',
  'int4',
  'integer',
  'smallint',
  'real',
  'float',
  'float4',
  'float8',
  'double precision',
]);

/**
 * Rows of `target`'s table returned as JSON by {@link jsonRowsOf}, turned into rows as pg returns them: the
 * statement sent every top-level number as its exact text (a JSON number would lose a money column's scale:
 * 12.50 parsed is 12.5), so the columns pg reads as numbers become numbers again; the rest go through
 * {@link hydrate} as usual (ISO timestamps become dates there).
 */
export function pgRowsFromJson<T extends ObjectLiteral>(
  db: DataSource,
  target: EntityTarget<T>,
  rows: ReadonlyArray<Record<string, unknown>> | null,
): Array<Record<string, unknown>> {
  const numbers = db
    .getMetadata(target)
    .columns.filter((c) => c.type === Number || NUMBER_TYPES.has(String(c.type)))
    .map((c) => c.databaseName);
  return (rows ?? []).map((row) => {
    const out = { ...row };
    for (const name of numbers) if (typeof out[name] === 'string') out[name] = Number(out[name]);
    return out;
  });
}

/**
 * The rows of `relation` (a table or CTE name) as one JSON array, every top-level number sent as its text (see
 * {@link pgRowsFromJson}); null when it has none. A column of a larger select list.
 */
export const jsonRowsOf = (relation: string) =>
  `(SELECT json_agg((SELECT jsonb_object_agg(e.k, CASE WHEN jsonb_typeof(e.v) = 'number' THEN to_jsonb(e.v #>> '{}') ELSE e.v END)
                      FROM jsonb_each(to_jsonb(x)) AS e(k, v)))
      FROM ${relation} x)`;
