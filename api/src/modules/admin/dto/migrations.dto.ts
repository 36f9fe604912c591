import { ApiProperty } from '@nestjs/swagger';

export class AppliedMigrationDto {
  @ApiProperty({ example: 'MenuReceipts1795620000000' }) name: string;
  @ApiProperty({ example: 1795620000000, description: "The migration's own timestamp (when it was written)" })
  timestamp: number;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When it was applied; null for migrations applied before this was recorded',
  })
  appliedAt: string | null;
}

export class PendingMigrationDto {
  @ApiProperty({ example: 'MenuReceipts1795620000000' }) name: string;
  @ApiProperty({ example: 1795620000000 }) timestamp: number;
}

/** `GET admin/migrateDB`: the database's migrations. */
export class MigrationsDto {
  @ApiProperty({ type: [AppliedMigrationDto], description: 'Oldest first' }) applied: AppliedMigrationDto[];
  @ApiProperty({ type: [PendingMigrationDto], description: 'In the order they would run' })
  pending: PendingMigrationDto[];
}

/** `POST admin/migrateDB`: what this run applied. */
export class MigrationRunDto {
  @ApiProperty({
    type: [String],
    description:
      'Names applied by this run, in order; empty when nothing was pending (or another run applied it)',
  })
  applied: string[];
  @ApiProperty({ type: MigrationsDto, description: 'The migrations after the run' })
  migrations: MigrationsDto;
}
