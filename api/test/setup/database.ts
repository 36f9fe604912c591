import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source.js';

/** A connected data source on the run's test database (see global-setup.ts). Destroy it in afterAll. */
export async function openTestDataSource(databaseUrl = process.env.DATABASE_URL): Promise<DataSource> {
  if (!databaseUrl)
    throw new Error('DATABASE_URL is not set: run medium tests through vitest (global setup)');
  return new DataSource(buildDataSourceOptions(databaseUrl)).initialize();
}
