import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';
import { PublisherStatus } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';
import { ValidatedOncePerQueryString } from '../../../common/problem/validation.js';

@ValidatedOncePerQueryString()
export class FindByStatusQuery extends PageQueryDto {
  @ApiProperty({ enum: Object.values(PublisherStatus) })
  @IsIn(Object.values(PublisherStatus), {
    message: `status must be one of ${Object.values(PublisherStatus).join(', ')}`,
  })
  status: PublisherStatus;
}

@ValidatedOncePerQueryString()
export class FindByKitchenNameQuery {
  @ApiProperty({ example: 'priyas-kitchen' })
  @IsString()
  @Length(1, 80)
  kitchenName: string;
}
