import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

/** Database used when DATABASE_URL is not set (local development). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hearth';

/**
 * Options of every connection the app, the worker, the scripts and the tests open.
 * The schema only ever changes through committed migrations.
 */
export function buildDataSourceOptions(databaseUrl: string): DataSourceOptions {
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
  };
}

/** For the TypeORM CLI: `typeorm -d dist/database/data-source.js migration:show`. */
export default new DataSource(buildDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
