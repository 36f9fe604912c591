import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { DatabaseMigrations } from '../common/database/database-migrations.js';
import { migrationStatus, runMigrationsLocked } from '../common/database/migration-lock.js';
import type { MigrationStatus } from '../common/database/migration-lock.js';
import type { Env } from '../config/env.js';
import { buildDataSourceOptions } from './data-source.js';

/**
 * Migrations on a connection of their own, with the settings of the migration script (no statement timeout:
 * a migration may take longer than a request may), opened for the call and closed after it.
 */
export class DataSourceMigrations extends DatabaseMigrations {
  constructor(private readonly databaseUrl: string) {
    super();
  }

  status(): Promise<MigrationStatus> {
    return this.with(migrationStatus);
  }

  runPending(): Promise<string[]> {
    return this.with(runMigrationsLocked);
  }

  private async with<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
    const dataSource = new DataSource(buildDataSourceOptions(this.databaseUrl));
    await dataSource.initialize();
    try {
      return await work(dataSource);
    } finally {
      await dataSource.destroy();
    }
  }
}

/** Provides {@link DatabaseMigrations} to the admin module. */
@Global()
@Module({
  providers: [
    {
      provide: DatabaseMigrations,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) =>
        new DataSourceMigrations(config.get('DATABASE_URL', { infer: true })),
    },
  ],
  exports: [DatabaseMigrations],
})
export class DatabaseMigrationsModule {}
