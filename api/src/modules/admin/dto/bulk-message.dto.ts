import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import {
  BulkMessageKind,
  BulkMessageStatus,
  BulkTargetGroup,
  ContentFormat,
  ContentType,
  DeliveryState,
} from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty form field (`template_type=`, `target_chef=`) means "none". */
const blankToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : value;
/** `item_ids` from a form may come as one id, a list, or ids separated by commas. */
const toIdList = ({ value }: { value: unknown }) => {
  if (value === '' || value === null || value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : [v]));
};

/** Longest `to` (EXTERNAL: addresses pasted one per line or separated by commas). */
export const MAX_TO_LENGTH = 200_000;
/** Most items an ITEM_DETAILS message shows. */
export const MAX_ITEMS = 20;

/** `POST admin`: a bulk message (spec §3 Bulk message, §6 target groups), with spec field names. */
export class SendBulkMessageDto {
  @ApiProperty({ enum: Object.values(BulkTargetGroup), description: 'Who receives it (spec §6)' })
  @IsIn(Object.values(BulkTargetGroup), {
    message: `target_group must be one of ${Object.values(BulkTargetGroup).join(', ')}`,
  })
  target_group: BulkTargetGroup;

  @ApiPropertyOptional({
    enum: Object.values(ContentType),
    nullable: true,
    description:
      'The layout: HEALTH_TIP (a tip card), ITEM_DETAILS (the chosen items); none: the content as written',
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(Object.values(ContentType), {
    message: `template_type must be one of ${Object.values(ContentType).join(', ')}`,
  })
  template_type?: ContentType;

  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    description: "CUSTOMERS only: narrows it to this kitchen's customers and subscribers (the kitchen's id)",
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsUUID('4', { message: 'target_chef must be a kitchen id' })
  target_chef?: string;

  @ApiPropertyOptional({
    description:
      'EXTERNAL: addresses, one per line or separated by commas; ONE_USER: the e-mail, name or id of the account; TEST_EMAIL: an address (the sending admin’s own when empty)',
    maxLength: MAX_TO_LENGTH,
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(MAX_TO_LENGTH, { message: `to must be at most ${MAX_TO_LENGTH} characters` })
  to?: string;

  @ApiProperty({ maxLength: 200, example: 'New kitchens near you' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'subject must not be empty' })
  @MaxLength(200, { message: 'subject must be at most 200 characters' })
  subject: string;

  @ApiProperty({
    maxLength: 100_000,
    description: 'Markdown or HTML (see content_format); HTML is sanitised',
  })
  @IsString()
  @IsNotEmpty({ message: 'content must not be empty' })
  @MaxLength(100_000, { message: 'content must be at most 100000 characters' })
  content: string;

  @ApiPropertyOptional({ enum: Object.values(ContentFormat), default: ContentFormat.MARKDOWN })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(Object.values(ContentFormat), {
    message: `content_format must be one of ${Object.values(ContentFormat).join(', ')}`,
  })
  content_format?: ContentFormat;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: MAX_ITEMS,
    description: 'ITEM_DETAILS: the items to show',
  })
  @IsOptional()
  @Transform(toIdList)
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS, { message: `item_ids may name at most ${MAX_ITEMS} items` })
  @IsUUID('4', { each: true, message: 'item_ids must be item ids' })
  item_ids?: string[];
}

/** `POST admin/bulk-messages/preview`: the message as it will be sent, and to how many. */
export class BulkMessagePreviewDto {
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'The laid-out, sanitised body (without the per-recipient footer)' })
  html: string;
  @ApiProperty({ description: 'The plain-text alternative' }) text: string;
  @ApiProperty({ description: 'How many people it would reach now (unsubscribed addresses included)' })
  recipientCount: number;
  @ApiProperty({ type: [String], description: 'Up to 5 of their addresses' }) sample: string[];
}

export class BulkTargetChefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() kitchenName: string;
}

export class BulkProgressDto {
  @ApiProperty({ description: 'Recipients chosen so far (all once the fan-out is done)' }) total: number;
  @ApiProperty() sent: number;
  @ApiProperty() failed: number;
  @ApiProperty({ description: 'Unsubscribed, or left when the message was cancelled' }) skipped: number;
  @ApiProperty({ description: 'Not sent yet' }) pending: number;
  @ApiProperty({ description: 'Done (sent, failed or skipped) out of total, 0–100, whole per cent' })
  percent: number;
  @ApiProperty({ description: 'Messages sent per second over the last minute of sending' })
  ratePerSecond: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Estimated seconds until done; null when unknown',
  })
  secondsLeft: number | null;
  @ApiProperty({ description: 'True once every recipient has been chosen' }) fanoutDone: boolean;
}

/** A bulk message with its live progress. */
export class BulkMessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: Object.values(BulkMessageKind) }) kind: BulkMessageKind;
  @ApiProperty({ enum: Object.values(BulkTargetGroup), nullable: true }) targetGroup: BulkTargetGroup | null;
  @ApiProperty({ type: BulkTargetChefDto, nullable: true }) targetChef: BulkTargetChefDto | null;
  @ApiProperty({ nullable: true, type: String }) to: string | null;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: Object.values(ContentType), nullable: true }) templateType: ContentType | null;
  @ApiProperty({ enum: Object.values(ContentFormat) }) contentFormat: ContentFormat;
  @ApiProperty({ enum: Object.values(BulkMessageStatus) }) status: BulkMessageStatus;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'Why it paused itself (e.g. SMTP is not configured); null when an admin paused it or it runs',
  })
  pausedReason: string | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ nullable: true, type: Date }) startedAt: Date | null;
  @ApiProperty({ nullable: true, type: Date }) finishedAt: Date | null;
  @ApiProperty({ nullable: true, type: String }) createdByName: string | null;
  @ApiProperty({ type: BulkProgressDto }) progress: BulkProgressDto;
}

/** One recipient of a bulk message and how their e-mail went. */
export class BulkRecipientDto {
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ enum: Object.values(DeliveryState) }) state: DeliveryState;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The SMTP server's answer when it failed; why it was skipped (unsubscribed, cancelled)",
  })
  error: string | null;
  @ApiProperty({ nullable: true, type: Date }) sentAt: Date | null;
}

export class BulkRecipientsQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: Object.values(DeliveryState), description: 'Only recipients in this state' })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(Object.values(DeliveryState), {
    message: `state must be one of ${Object.values(DeliveryState).join(', ')}`,
  })
  state?: DeliveryState;
}

export class BulkLookupQuery {
  @ApiPropertyOptional({ description: 'Part of an e-mail or name, or an id', maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'query must be at most 100 characters' })
  query?: string;
}

/** ONE_USER picker: an account found by e-mail, name or id. */
export class BulkUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty() email: string;
}

/** ITEM_DETAILS picker: an item with its kitchen and price. */
export class BulkItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ description: 'The price in the kitchen’s currency, e.g. 8.99' }) price: number;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ nullable: true, type: String }) pictureUrl: string | null;
}
