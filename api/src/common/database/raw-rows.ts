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
