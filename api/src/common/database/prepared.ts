// Named prepared statements on TypeORM's connections, for the statements on hot paths (issue 19: checkout spent
// more of PostgreSQL's CPU planning its statements than running them). TypeORM's query() sends every statement
// unnamed, so PostgreSQL parses and plans it on each call; a named one is parsed and planned once per connection
// (generically: PG_SESSION_OPTIONS) and then only bound and run. The statement text must be fixed (values only in
// parameters), as each distinct text becomes one statement kept by every connection of the pool.
import { createHash } from 'node:crypto';
import type { PoolClient, QueryResult, QueryResultRow } from 'pg';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { poolOf } from './raw-rows.js';

/** A statement with the name it is prepared under (a digest of its text, so that one text has one name). */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** Names `text` for preparing: the same text always gets the same name. Call it once, at module load. */
export function prepared(text: string): PreparedStatement {
  return { name: `hearth_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
}

/**
 * Runs a prepared statement on `m`'s connection: the transaction's when `m` belongs to one, else any of the pool's.
 * Errors are TypeORM's `QueryFailedError`, as from `m.query`, so callers read constraint names the same way.
 */
export async function runPrepared<T extends QueryResultRow = Record<string, unknown>>(
  m: EntityManager,
  statement: PreparedStatement,
  values: readonly unknown[],
): Promise<QueryResult<T>> {
  const config = { name: statement.name, text: statement.text, values: values as unknown[] };
  try {
    if (m.queryRunner && !m.queryRunner.isReleased) {
      const client = (await m.queryRunner.connect()) as PoolClient;
      return await client.query<T>(config);
    }
    return await poolOf(m.connection).query<T>(config);
  } catch (error) {
    if (error instanceof QueryFailedError) throw error;
    throw new QueryFailedError(statement.text, values as unknown[], error as Error);
  }
}
