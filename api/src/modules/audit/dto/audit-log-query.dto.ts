import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { PageQueryDto } from '../../../common/http/paging.js';

/** `admin/audit-log`: a page, newest first, optionally one target (`targetType=publisher&targetId=…`). */
export class AuditLogQueryDto extends PageQueryDto {
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
}
