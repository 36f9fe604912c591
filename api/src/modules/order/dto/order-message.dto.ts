import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { MAX_PAGE } from '../../../common/http/paging.js';
import { DeliveryOption, OrderMessageAuthor, TimeSlot } from '@hearth/shared';

/** Longest order message, in characters (after trimming). */
export const ORDER_MESSAGE_MAX = 2000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const orderNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

const MESSAGE_DOC = {
  minLength: 1,
  maxLength: ORDER_MESSAGE_MAX,
  example: 'Running 20 minutes late, sorry!',
  description: 'The text, trimmed; 1–2000 characters',
};

/** `POST order/send-communication` (spec §3 Order message). */
export class SendOrderMessageDto {
  @ApiProperty({ example: 'HR-7K2F-9Q4M' })
  @Transform(orderNumber)
  @IsString({ message: 'orderNumber is required' })
  @Matches(/^[A-Z0-9-]{4,40}$/, { message: 'orderNumber must be an order number such as HR-7K2F-9Q4M' })
  orderNumber: string;

  @ApiPropertyOptional({
    description:
      'A line of the order: narrows the message to it and names its kitchen (a customer answering on an order from two kitchens names one of them this way)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'cartItemId must be the id of a line of the order' })
  cartItemId?: string;

  @ApiPropertyOptional({
    description: 'A date selection of the order (spec userSelectionDateId): narrows the message to that date',
  })
  @IsOptional()
  @IsUUID('all', { message: 'userSelectionDateId must be the id of a date of the order' })
  userSelectionDateId?: string;

  @ApiProperty(MESSAGE_DOC)
  @Transform(trim)
  @IsString({ message: 'message is required' })
  @MinLength(1, { message: 'Write a message' })
  @MaxLength(ORDER_MESSAGE_MAX, { message: `message must be at most ${ORDER_MESSAGE_MAX} characters` })
  message: string;
}

const TIME_SLOTS = Object.values(TimeSlot);
const FULFILMENTS = Object.values(DeliveryOption);

/** `POST order/bulk/send-communication`: the chef writes to every customer of one date (and slot). */
export class BulkOrderMessageDto {
  @ApiProperty({ example: '2026-11-27', description: "A date in the kitchen's time zone (YYYY-MM-DD)" })
  @IsString({ message: 'date is required' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date such as 2026-11-27' })
  date: string;

  @ApiPropertyOptional({ enum: TIME_SLOTS, description: 'Only the date selections with this time slot' })
  @IsOptional()
  @IsIn(TIME_SLOTS, { message: `timeSlot must be one of ${TIME_SLOTS.join(', ')}` })
  timeSlot?: TimeSlot;

  @ApiPropertyOptional({ enum: FULFILMENTS, description: 'Only pickups or only deliveries' })
  @IsOptional()
  @IsIn(FULFILMENTS, { message: `fulfilment must be one of ${FULFILMENTS.join(', ')}` })
  fulfilment?: DeliveryOption;

  @ApiProperty(MESSAGE_DOC)
  @Transform(trim)
  @IsString({ message: 'message is required' })
  @MinLength(1, { message: 'Write a message' })
  @MaxLength(ORDER_MESSAGE_MAX, { message: `message must be at most ${ORDER_MESSAGE_MAX} characters` })
  message: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'Only count: who it would reach (sent 0), nothing stored or e-mailed; the confirm step before sending',
  })
  @IsOptional()
  @IsBoolean({ message: 'dryRun must be true or false' })
  dryRun?: boolean;
}

/** `GET order/communications`. */
export class OrderMessagesQueryDto {
  @ApiPropertyOptional({
    example: 'HR-7K2F-9Q4M',
    description: "One order's threads; without it, the caller's recent threads",
  })
  @IsOptional()
  @Transform(orderNumber)
  @IsString()
  @Matches(/^[A-Z0-9-]{4,40}$/, { message: 'orderNumber must be an order number such as HR-7K2F-9Q4M' })
  orderNumber?: string;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: MAX_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(0, { message: 'page must be 0 or more' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page: number = 0;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size must be a whole number' })
  @Min(1, { message: 'size must be at least 1' })
  @Max(100, { message: 'size must be at most 100' })
  size: number = 20;
}

/** One message of a thread. */
export class OrderMessageDto {
  @ApiProperty() id: string;
  @ApiProperty({
    enum: Object.values(OrderMessageAuthor),
    description: 'Who wrote it: the kitchen or the customer',
  })
  author: OrderMessageAuthor;
  @ApiProperty({ description: "The writer's name: the kitchen's for CHEF, the customer's for CUSTOMER" })
  authorName: string;
  @ApiProperty() message: string;
  @ApiProperty({ description: 'When it was written (ISO instant)' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'When the other side read it' })
  readAt: string | null;
  @ApiProperty({ type: String, nullable: true }) cartItemId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'spec userSelectionDateId' })
  userSelectionDateId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The date it is about (the date selection’s), if narrowed',
  })
  date: string | null;
  @ApiProperty({ description: 'The caller wrote it (their side of the thread)' }) mine: boolean;
}

/** A thread: one order and one kitchen. */
export class OrderThreadDto {
  @ApiProperty() orderNumber: string;
  @ApiProperty() orderId: string;
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ type: String, nullable: true }) customerName: string | null;
  @ApiProperty({
    enum: Object.values(OrderMessageAuthor),
    description: "The caller's side of this thread: CHEF (their kitchen's) or CUSTOMER (their order)",
  })
  viewerRole: OrderMessageAuthor;
  @ApiProperty({
    description:
      "The other side's messages the caller had not read; reading one order's threads marks them read (the count is the one before)",
  })
  unread: number;
  @ApiProperty({ type: String, nullable: true }) lastMessageAt: string | null;
  @ApiProperty({ type: () => OrderMessageDto, nullable: true }) lastMessage: OrderMessageDto | null;
  @ApiProperty({
    type: [OrderMessageDto],
    description:
      'Oldest first; with orderNumber every message, in the recent-threads list none (see lastMessage)',
  })
  messages: OrderMessageDto[];
}

/** The answer of a bulk send. */
export class BulkOrderMessageResultDto {
  @ApiProperty({ description: 'Messages written: one per order (thread); 0 for a dry run' }) sent: number;
  @ApiProperty({ description: 'Customers e-mailed: one e-mail each' }) customers: number;
  @ApiProperty({ type: [String] }) orders: string[];
}
