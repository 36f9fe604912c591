import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DatabaseMigrations } from '../../../common/database/database-migrations.js';
import type { MigrationStatus } from '../../../common/database/migration-lock.js';
import type { Principal } from '../../../common/http/principal.js';
import { AuditService } from '../../audit/audit.service.js';
import type { MigrationRunDto, MigrationsDto } from '../dto/migrations.dto.js';

function toDto(status: MigrationStatus): MigrationsDto {
  return {
    applied: status.applied.map((m) => ({
      name: m.name,
      timestamp: m.timestamp,
      appliedAt: m.appliedAt ? m.appliedAt.toISOString() : null,
    })),
    pending: status.pending,
  };
}

/**
 * The admin's database migration (spec §6 "database migration", `admin/migrateDB`): the applied and pending
 * migrations, and a run of the pending ones under the lock the start-up migration takes too.
 */
@Injectable()
export class AdminMigrationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly migrations: DatabaseMigrations,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<MigrationsDto> {
    return toDto(await this.migrations.status());
  }

  /**
   * Applies what is pending (a run that waited for another applies nothing) and writes one audit row for the
   * run: the migrations commit one by one, each in its own transaction, so the row follows the last of them.
   */
  async run(actor: Principal): Promise<MigrationRunDto> {
    const before = await this.migrations.status();
    const applied = await this.migrations.runPending();
    const after = await this.migrations.status();
    await this.db.transaction((m) =>
      this.audit.record(m, actor, {
        action: 'database.migrate',
        targetType: 'database',
        targetId: null,
        before: { pending: before.pending.map((p) => p.name) },
        after: { applied, pending: after.pending.map((p) => p.name) },
      }),
    );
    return { applied, migrations: toDto(after) };
  }
}
