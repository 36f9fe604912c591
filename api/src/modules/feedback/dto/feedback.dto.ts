import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsDateString,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto } from '../../../common/http/paging.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty optional field (a plain form sends `name=`) is a field not given. */
const trimOrUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
};

/** Longest feedback message. */
export const MAX_FEEDBACK_LENGTH = 2000;
const STARS = 'rating must be a whole number of stars from 1 to 5';

/**
 * `POST feedback`: about the site (stars optional; a visitor may give a name and an e-mail), or with
 * `orderNumber` about one of the caller's delivered orders (stars required, once per order).
 */
export class CreateFeedbackDto {
  @ApiProperty({ minLength: 2, maxLength: MAX_FEEDBACK_LENGTH, example: 'Ordering was quick and easy.' })
  @Transform(trim)
  @IsString()
  @Length(2, MAX_FEEDBACK_LENGTH, {
    message: `message must be between 2 and ${MAX_FEEDBACK_LENGTH} characters`,
  })
  message: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 5, description: 'Stars; required with orderNumber' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @Type(() => Number)
  @IsInt({ message: STARS })
  @Min(1, { message: STARS })
  @Max(5, { message: STARS })
  rating?: number;

  @ApiPropertyOptional({
    description: 'One of your delivered orders this feedback is about',
    example: 'HX7K2M9QPA',
  })
  @IsOptional()
  @Transform(trimOrUndefined)
  @IsString()
  @Length(1, 40, { message: 'orderNumber must be the number of one of your orders' })
  orderNumber?: string;

  @ApiPropertyOptional({ maxLength: 120, description: "A visitor's name (signed in: the account's)" })
  @IsOptional()
  @Transform(trimOrUndefined)
  @IsString()
  @MaxLength(120, { message: 'name must be at most 120 characters' })
  name?: string;

  @ApiPropertyOptional({ description: "A visitor's e-mail for a reply (signed in: the account's)" })
  @IsOptional()
  @Transform(trimOrUndefined)
  @MaxLength(254, { message: 'email must be a valid e-mail address' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email?: string;

  @ApiPropertyOptional({ maxLength: 300, example: '/l/orders', description: 'The page it was sent from' })
  @IsOptional()
  @Transform(trimOrUndefined)
  @IsString()
  @MaxLength(300, { message: 'pageUrl must be at most 300 characters' })
  @Matches(/^\/[^\s]*$/, { message: 'pageUrl must be a path of this site, e.g. /l/orders' })
  pageUrl?: string;
}

/** One piece of feedback as admins (and its author, for an order) see it. */
export class FeedbackDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: ['SITE', 'ORDER'] }) kind: 'SITE' | 'ORDER';
  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: 5 }) rating: number | null;
  @ApiProperty() message: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) pageUrl: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The order it is about' })
  orderNumber: string | null;
  @ApiProperty({ type: Boolean, description: 'Sent by a signed-in customer' }) signedIn: boolean;
}

/** `GET feedback/order/{orderNumber}`: the caller's feedback on their order, if given. */
export class OrderFeedbackDto {
  @ApiProperty({ description: 'At least one date of the order is delivered: feedback can be given' })
  canGive: boolean;
  @ApiProperty({ type: FeedbackDto, nullable: true }) feedback: FeedbackDto | null;
}

/** `_search/feedback?query=&rating=&from=&to=` (admins), newest first. */
export class FeedbackSearchQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Words in the message, name or e-mail', example: 'delivery' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'query must be at most 200 characters' })
  query?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 5, description: 'Only feedback with these stars' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @Type(() => Number)
  @IsInt({ message: STARS })
  @Min(1, { message: STARS })
  @Max(5, { message: STARS })
  rating?: number;

  @ApiPropertyOptional({ enum: ['SITE', 'ORDER'], description: 'Only site or only order feedback' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(['SITE', 'ORDER'], { message: 'kind must be SITE or ORDER' })
  kind?: 'SITE' | 'ORDER';

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-11-01',
    description: 'Sent on or after this day (in the X-Time-Zone)',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsDateString({ strict: true }, { message: 'from must be a date like 2026-11-01' })
  from?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-11-30',
    description: 'Sent on or before this day (in the X-Time-Zone)',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsDateString({ strict: true }, { message: 'to must be a date like 2026-11-30' })
  to?: string;
}
