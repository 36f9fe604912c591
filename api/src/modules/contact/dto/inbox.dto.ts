import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EnquiryStatus } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const blankToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? undefined : v;
};

/** What an inbox row is: a contact message, an enquiry of one type, or customer feedback. */
export const INBOX_KINDS = [
  'CONTACT',
  'ENQUIRY_GENERAL',
  'ENQUIRY_TO_CHEF',
  'ENQUIRY_FOR_PRICING',
  'FEEDBACK',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const STATUS_VALUES = Object.values(EnquiryStatus);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The admin inbox's filters: kind, status (feedback has none), received from–to (days), words. */
export class InboxQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: INBOX_KINDS })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(INBOX_KINDS, { message: `type must be one of ${INBOX_KINDS.join(', ')}` })
  type?: InboxKind;

  @ApiPropertyOptional({
    enum: STATUS_VALUES,
    description: 'OPEN or CLOSED; feedback has no status and is left out when this is set',
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(STATUS_VALUES, { message: 'status must be OPEN or CLOSED' })
  status?: EnquiryStatus;

  @ApiPropertyOptional({ format: 'date', description: 'Received on or after this day (X-Time-Zone)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(DATE, { message: 'from must be a date such as 2026-11-01' })
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Received on or before this day (X-Time-Zone)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(DATE, { message: 'to must be a date such as 2026-11-30' })
  to?: string;

  @ApiPropertyOptional({ description: 'Words of the name, e-mail or message (prefixes match)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'query must be at most 200 characters' })
  query?: string;
}

export class InboxItemDto {
  @ApiProperty({ enum: INBOX_KINDS }) kind: InboxKind;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ description: 'The message (at most 200 characters of it)' }) excerpt: string;
  @ApiProperty({ type: String, nullable: true, enum: STATUS_VALUES, description: 'null for feedback' })
  status: EnquiryStatus | null;
  @ApiProperty({ type: String, nullable: true, description: 'The kitchen asked (ENQUIRY_TO_CHEF)' })
  kitchenName: string | null;
}

export class FeedbackViewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() message: string;
  @ApiProperty({ type: Number, nullable: true }) rating: number | null;
  @ApiProperty({ type: String, nullable: true }) pageUrl: string | null;
}
