import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { ItemStatus } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

export class ItemListQuery extends PageQueryDto {
  @ApiPropertyOptional({
    enum: Object.values(ItemStatus),
    description: 'Only items in this state (DELETED items are listed only when asked for)',
  })
  @IsOptional()
  @IsIn(Object.values(ItemStatus), {
    message: `status must be one of ${Object.values(ItemStatus).join(', ')}`,
  })
  status?: ItemStatus;

  @ApiPropertyOptional({ description: 'Admins only: the kitchen whose items to list' })
  @IsOptional()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId?: string;
}
