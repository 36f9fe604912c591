import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { DEFAULTS } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A review of one delivered date of an order (sent as multipart with up to 3 `images`, or as JSON). */
export class CreateRatingDto {
  @ApiProperty({ format: 'uuid', description: 'The delivered order date selection being rated' })
  @IsUUID('all', { message: 'orderDateSelectionId must be the id of a delivered date of one of your orders' })
  orderDateSelectionId: string;

  @ApiPropertyOptional({ default: DEFAULTS.reviewRating, minimum: 1, maximum: 5 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'ratingValue must be a whole number of stars from 1 to 5' })
  @Min(1, { message: 'ratingValue must be a whole number of stars from 1 to 5' })
  @Max(5, { message: 'ratingValue must be a whole number of stars from 1 to 5' })
  ratingValue: number = DEFAULTS.reviewRating;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000, { message: 'reviewBody must be at most 2000 characters' })
  reviewBody?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    maxItems: 3,
    description: 'Up to 3 pictures (multipart)',
  })
  @IsOptional()
  images?: unknown;
}

export class RatingListQuery extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the reviews of this item' })
  @IsOptional()
  @IsUUID('all', { message: 'itemId must be the id of an item' })
  itemId?: string;
}

/** A review as shown on the kitchen page and item detail (spec §3 Rating/review). */
export class RatingDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true, description: 'The reviewer, by name' }) ratedBy: string | null;
  @ApiProperty({ description: 'The kitchen (publisher id)' }) ratedAgainst: string;
  @ApiProperty({ type: String, nullable: true }) reviewBody: string | null;
  @ApiProperty({ minimum: 1, maximum: 5 }) ratingValue: number;
  @ApiProperty({ type: String, nullable: true }) reviewedItemId: string | null;
  @ApiProperty({ type: [String], description: 'Storage keys of the pictures (GET files/{key})' })
  images: string[];
  @ApiProperty() datePublished: string;
  @ApiProperty({ type: String, nullable: true }) itemName: string | null;
  @ApiProperty({ type: String, nullable: true }) userName: string | null;
}

/** The review just written and the kitchen's new average. */
export class CreatedRatingDto extends RatingDto {
  @ApiProperty({ example: '4.67' }) kitchenRatingValue: string;
  @ApiProperty() kitchenRatingCount: number;
}
