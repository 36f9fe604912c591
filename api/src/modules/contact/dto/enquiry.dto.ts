import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { EnquiryStatus, EnquiryType } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty form field (multipart sends every input) counts as left out. */
const blankToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? undefined : v;
};

/** Most files (attachments and pictures together) one enquiry may carry. */
export const MAX_ENQUIRY_FILES = 5;

/**
 * The enquiry form (spec §3 Enquiry), sent as multipart (files in `files`) or JSON. ENQUIRY_TO_CHEF names
 * the kitchen (`publisherId`); ENQUIRY_FOR_PRICING asks catering / bulk pricing with the event's date, the
 * head count and optionally a budget.
 */
export class CreateEnquiryDto {
  @ApiProperty({ enum: Object.values(EnquiryType), example: EnquiryType.ENQUIRY_GENERAL })
  @Transform(trim)
  @IsIn(Object.values(EnquiryType), {
    message: 'enquiryType must be ENQUIRY_GENERAL, ENQUIRY_TO_CHEF or ENQUIRY_FOR_PRICING',
  })
  enquiryType: EnquiryType;

  @ApiProperty({ example: 'Casey' })
  @Transform(trim)
  @IsString()
  @Length(1, 80, { message: 'firstName must be between 1 and 80 characters' })
  firstName: string;

  @ApiPropertyOptional({ example: 'Jones' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(80, { message: 'lastName must be at most 80 characters' })
  lastName?: string;

  @ApiProperty({ example: 'casey@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiPropertyOptional({ example: '+1 201 555 0100' })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^\+?[0-9 ()./-]{6,25}$/, { message: 'phone must be a phone number such as +1 201 555 0100' })
  phone?: string;

  @ApiProperty({ example: 'Could you cook a vegan menu for my daughter’s birthday?' })
  @Transform(trim)
  @IsString()
  @Length(10, 5000, { message: 'message must be between 10 and 5000 characters' })
  message: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The kitchen asked (ENQUIRY_TO_CHEF only)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUUID('all', { message: 'publisherId must be the id of a kitchen' })
  publisherId?: string;

  @ApiPropertyOptional({ format: 'date', description: 'The day of the event (ENQUIRY_FOR_PRICING)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'eventDate must be a date such as 2026-12-24' })
  eventDate?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 5000, description: 'Guests expected (ENQUIRY_FOR_PRICING)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'headcount must be a whole number of guests from 1 to 5000' })
  @Min(1, { message: 'headcount must be a whole number of guests from 1 to 5000' })
  @Max(5000, { message: 'headcount must be a whole number of guests from 1 to 5000' })
  headcount?: number;

  @ApiPropertyOptional({ example: '1500.00', description: 'Budget for the event (ENQUIRY_FOR_PRICING)' })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^\d{1,7}(\.\d{1,2})?$/, { message: 'budget must be an amount such as 1500 or 1500.50' })
  budget?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    maxItems: MAX_ENQUIRY_FILES,
    description: `Up to ${MAX_ENQUIRY_FILES} PDFs or pictures (JPEG, PNG, WebP), 5 MB each (multipart)`,
  })
  @IsOptional()
  files?: unknown;
}

export class EnquiryCreatedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) receivedAt: string;
}

/** An answer to a contact message or an enquiry, e-mailed to its sender. */
export class AnswerDto {
  @ApiProperty({ example: 'Yes, we deliver to Hoboken on Sundays.' })
  @Transform(trim)
  @IsString()
  @Length(2, 5000, { message: 'response must be between 2 and 5000 characters' })
  response: string;
}

/** `contactus/response`: the message answered and the answer. */
export class ContactResponseDto extends AnswerDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be the id of a contact message' })
  id: string;
}

export class InboxActionDto {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who did it; null for the sender' })
  by: string | null;
  @ApiProperty({ enum: ['RECEIVED', 'ANSWERED', 'CLOSED', 'REOPENED'] }) action: string;
  @ApiPropertyOptional({ description: 'The answer sent' }) note?: string;
}

export class ContactMessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() legalName: string;
  @ApiProperty() email: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: Object.values(EnquiryStatus) }) status: EnquiryStatus;
  @ApiProperty({ type: String, nullable: true }) response: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) respondedAt: string | null;
  @ApiProperty({ type: [InboxActionDto] }) actionHistory: InboxActionDto[];
}

export class EnquiryFileDto {
  @ApiProperty({ description: 'File name for enquiries/{id}/files/{name}', example: '0b5e….pdf' })
  name: string;
  @ApiProperty({ enum: ['attachment', 'picture'] }) kind: 'attachment' | 'picture';
}

export class EnquiryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: Object.values(EnquiryType) }) enquiryType: EnquiryType;
  @ApiProperty({ enum: Object.values(EnquiryStatus) }) status: EnquiryStatus;
  @ApiProperty({ description: 'spec isResolved: status is CLOSED' }) isResolved: boolean;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty() message: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) publisherId: string | null;
  @ApiProperty({ type: String, nullable: true }) kitchenName: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) eventDate: string | null;
  @ApiProperty({ type: Number, nullable: true }) headcount: number | null;
  @ApiProperty({ type: String, nullable: true, example: '1500.00' }) budget: string | null;
  @ApiProperty({ type: [EnquiryFileDto] }) files: EnquiryFileDto[];
  @ApiProperty({ type: [InboxActionDto] }) actionHistory: InboxActionDto[];
}

export class OpenCountDto {
  @ApiProperty({ description: 'Open enquiries addressed to your kitchen' }) open: number;
}

const STATUS_VALUES = Object.values(EnquiryStatus);

export class EnquiryListQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: STATUS_VALUES })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(STATUS_VALUES, { message: 'status must be OPEN or CLOSED' })
  status?: EnquiryStatus;
}

export class ContactListQuery extends EnquiryListQuery {}

export class ContactSearchQuery extends PageQueryDto {
  @ApiProperty({ description: 'Words of the name, e-mail or message (prefixes match)', example: 'hoboken' })
  @Transform(trim)
  @IsString()
  @Length(1, 200, { message: 'query must be between 1 and 200 characters' })
  query: string;
}
