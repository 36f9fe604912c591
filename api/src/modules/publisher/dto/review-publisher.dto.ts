import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `publisher/approve`: the review comments are optional. */
export class ApprovePublisherDto {
  @ApiProperty()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId: string;

  @ApiPropertyOptional({ example: 'Documents checked.' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000, { message: 'statusReviewComments must be at most 2000 characters' })
  statusReviewComments?: string;
}

/** `publisher/block`: the chef is told why, so the comments are required. */
export class BlockPublisherDto {
  @ApiProperty()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId: string;

  @ApiProperty({ example: 'The food handler permit has expired.' })
  @Transform(trim)
  @IsString({ message: 'statusReviewComments is required: tell the chef why' })
  @Length(3, 2000, { message: 'statusReviewComments must be between 3 and 2000 characters' })
  statusReviewComments: string;
}

export class PublisherIdQuery {
  @ApiProperty()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId: string;
}

export class OptionalPublisherIdQuery {
  @ApiPropertyOptional({
    description: "Admins only: read another kitchen. A chef may pass only their own kitchen's id.",
  })
  @IsOptional()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId?: string;
}
