import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { MenuStatus } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

export class MenuListQuery extends PageQueryDto {
  @ApiPropertyOptional({
    enum: Object.values(MenuStatus),
    description: 'Only menus in this state (DELETED menus are listed only when asked for)',
  })
  @IsOptional()
  @IsIn(Object.values(MenuStatus), {
    message: `status must be one of ${Object.values(MenuStatus).join(', ')}`,
  })
  status?: MenuStatus;

  @ApiPropertyOptional({ description: 'Admins only: the kitchen whose menus to list' })
  @IsOptional()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId?: string;
}
