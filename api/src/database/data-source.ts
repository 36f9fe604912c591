import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

/** Database used when DATABASE_URL is not set (local development). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hearth';

/**
 * Session settings of every connection (libpq `options`). Prepared statements are planned once, generically:
 * the only named statements are the item search's (docs/decisions/007-item-search.md), whose shape is fixed by
 * materialised steps and whose planning costs more than running it; by default PostgreSQL would first plan
 * each of them with its values 5 times per connection. TypeORM's own statements are unnamed and are always
 * planned with their values.
 */
export const PG_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/** Connection settings beyond the URL. */
export interface ConnectionLimits {
  /**
   * PostgreSQL `statement_timeout` of every connection in milliseconds (DB_STATEMENT_TIMEOUT_MS for the API
   * and the worker): a statement running longer is cancelled (SQLSTATE 57014) and the request fails with a
   * 500 problem instead of holding one of the pool's connections. 0 or unset: no limit (migrations, the seed,
   * the tests' own connections, the benchmarks).
   */
  statementTimeoutMs?: number;
}

/**
 * Options of every connection the app, the worker, the scripts and the tests open.
 * The schema only ever changes through committed migrations.
 */
export function buildDataSourceOptions(
  databaseUrl: string,
  { statementTimeoutMs = 0 }: ConnectionLimits = {},
): DataSourceOptions {
  const timeout = statementTimeoutMs > 0 ? ` -c statement_timeout=${Math.trunc(statementTimeoutMs)}` : '';
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // Extensions are created by the initial migration, not on connect.
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    namingStrategy: new SnakeNamingStrategy(),
    logging: false,
    extra: { options: `${PG_SESSION_OPTIONS}${timeout}` },
  };
}

/** For the TypeORM CLI: `typeorm -d dist/database/data-source.js migration:show`. */
export default new DataSource(buildDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
