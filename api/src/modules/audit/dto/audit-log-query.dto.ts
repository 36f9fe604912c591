import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { PageQueryDto } from '../../../common/http/paging.js';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * `admin/audit-log`: a page, newest first, narrowed by any of: who (`actor`: an account id or e-mail), what
 * (`action`: exact, or a prefix when it ends with `.` or `*`), which object (`targetType`, `targetId`) and
 * when (`from`, `to`: calendar days in the caller's X-Time-Zone, both included).
 */
export class AuditLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'admin@example.com',
    description: "The actor's account id or e-mail address (case-insensitive)",
  })
  @IsOptional()
  @IsString()
  @Length(1, 320)
  @Matches(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[^\s@]+@[^\s@]+)$/i, {
    message: 'actor must be an account id or an e-mail address',
  })
  actor?: string;

  @ApiPropertyOptional({
    example: 'publisher.',
    description:
      'An action (`publisher.approve`), or every action starting with a prefix ending in `.` or `*`',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/^[A-Za-z0-9_.:-]+\*?$/, {
    message: 'action may hold letters, digits and . _ : - (and a final * for a prefix)',
  })
  action?: string;

  @ApiPropertyOptional({ example: 'publisher' })
  @IsOptional()
  @IsString()
  @Length(1, 50)
  targetType?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 200)
  targetId?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'First day (YYYY-MM-DD), included' })
  @IsOptional()
  @Matches(DAY, { message: 'from must be a date like 2026-11-01' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Last day (YYYY-MM-DD), included' })
  @IsOptional()
  @Matches(DAY, { message: 'to must be a date like 2026-11-30' })
  to?: string;
}
