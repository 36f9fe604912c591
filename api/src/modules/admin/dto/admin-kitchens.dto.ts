import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PublisherStatus } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';
import { PublisherReviewDto } from '../../publisher/dto/publisher-detail.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty `status=` (the web form's "any status") means no filter. */
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** `admin/kitchens`: the admin's kitchen list, searched and filtered, a page at a time. */
export class AdminKitchensQuery extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'priya',
    description: "Part of the kitchen name, brand name, owner's name or e-mail (case-insensitive)",
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'query must be at most 100 characters' })
  query?: string;

  @ApiPropertyOptional({
    enum: Object.values(PublisherStatus),
    description: 'One review state; every state when absent',
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(Object.values(PublisherStatus), {
    message: `status must be one of ${Object.values(PublisherStatus).join(', ')}`,
  })
  status?: PublisherStatus;
}

export class AdminKitchenFeeDto {
  @ApiProperty({ example: 20, description: 'Per cent of the net amount the platform keeps' })
  percentage: number;
  @ApiProperty({ example: '0.2', description: 'The same as a share (vsFees)' }) share: string;
  @ApiProperty({
    description: 'True when no percentage was set for this kitchen and the platform default applies',
  })
  isDefault: boolean;
}

/** A kitchen as the admin reviews it, with its platform fee. */
export class AdminKitchenDto extends PublisherReviewDto {
  @ApiProperty({ type: AdminKitchenFeeDto }) fee: AdminKitchenFeeDto;
}
