import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { DeliveryOption, FULFILMENT_LISTS, OrderStatus, TimeSlot, type FulfilmentList } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const STATUSES = Object.values(OrderStatus);
const TIME_SLOTS = Object.values(TimeSlot);
const OPTIONS = Object.values(DeliveryOption);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Most rows one bulk status move may name. */
export const BULK_MAX = 200;

/** The board's optional filters, shared by the lists, their group counts and the CSV. */
export class BoardFilterDto {
  @ApiPropertyOptional({ example: '2026-11-27', description: 'Only this cook date (YYYY-MM-DD)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date such as 2026-11-27' })
  date?: string;

  @ApiPropertyOptional({ enum: TIME_SLOTS, description: 'Only the date selections with this time slot' })
  @IsOptional()
  @IsIn(TIME_SLOTS, { message: `slot must be one of ${TIME_SLOTS.join(', ')}` })
  slot?: TimeSlot;

  @ApiPropertyOptional({ enum: OPTIONS, description: 'Only pickups or only deliveries' })
  @IsOptional()
  @IsIn(OPTIONS, { message: `deliveryOption must be one of ${OPTIONS.join(', ')}` })
  deliveryOption?: DeliveryOption;

  @ApiPropertyOptional({ enum: STATUSES, description: 'Only the date selections in this status' })
  @IsOptional()
  @IsIn(STATUSES, { message: `status must be one of ${STATUSES.join(', ')}` })
  status?: OrderStatus;
}

/** `GET order/fulfillOrders` (and the archived and cancelled lists): paging and the board's filters. */
export class BoardQueryDto extends IntersectionType(PageQueryDto, BoardFilterDto) {}

/** `GET order/fulfillOrders/groups` and `GET order/fulfillOrders.csv`: which list, and the filters. */
export class BoardListQueryDto extends BoardFilterDto {
  @ApiPropertyOptional({ enum: FULFILMENT_LISTS, default: 'active', description: 'Which tab of the board' })
  @IsOptional()
  @IsIn(FULFILMENT_LISTS, { message: `list must be one of ${FULFILMENT_LISTS.join(', ')}` })
  list?: FulfilmentList;
}

/** One group of the board: a date, a time slot (set) and pickup or delivery, with its count. */
export class BoardGroupDto {
  @ApiProperty({ type: String, example: '2026-11-27' }) date: string;
  @ApiProperty({ enum: TIME_SLOTS, isArray: true, description: 'The time slots of the rows in this group' })
  timeSlots: TimeSlot[];
  @ApiProperty({ enum: OPTIONS }) deliveryOption: DeliveryOption;
  @ApiProperty({ type: Number, description: 'Date selections in this group (over the whole list)' })
  count: number;
  @ApiProperty({ type: Number, description: 'Portions ordered in this group (sum of order quantities)' })
  portions: number;
}

/** The counts of one board list, in the list's own order (date, slot, pickup before delivery). */
export class BoardGroupsDto {
  @ApiProperty({ enum: FULFILMENT_LISTS }) list: FulfilmentList;
  @ApiProperty({ type: Number, description: 'Date selections in the list (the X-Total-Count of its pages)' })
  total: number;
  @ApiProperty({ type: [BoardGroupDto] }) groups: BoardGroupDto[];
}

/** One row named in a bulk status move: a date selection of the caller's kitchen. */
export class BulkItemDto {
  @ApiProperty({ type: String, format: 'uuid', description: 'The date selection (row of the board)' })
  @IsUUID('all', { message: 'dateSelectionId must be a date selection id' })
  dateSelectionId: string;

  @ApiPropertyOptional({ type: String, description: 'When given, the row must belong to this order' })
  @IsOptional()
  @IsString({ message: 'orderNumber must be text' })
  @MaxLength(40)
  orderNumber?: string;
}

/** `POST order/bulk-update-status`. */
export class BulkStatusDto {
  @ApiProperty({ type: [BulkItemDto], minItems: 1, maxItems: BULK_MAX })
  @IsArray({ message: 'items must be a list' })
  @ArrayMinSize(1, { message: 'Select at least one order' })
  @ArrayMaxSize(BULK_MAX, { message: `At most ${BULK_MAX} orders at a time` })
  @ValidateNested({ each: true })
  @Type(() => BulkItemDto)
  items: BulkItemDto[];

  @ApiProperty({ enum: STATUSES, description: 'The status every selected row should move to' })
  @IsIn(STATUSES, { message: `status must be one of ${STATUSES.join(', ')}` })
  status: OrderStatus;

  @ApiPropertyOptional({
    type: String,
    maxLength: 500,
    description: 'One reason for all rows; required to cancel (the customers read it)',
  })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;
}

/** What happened to one row of a bulk move. */
export class BulkRowResultDto {
  @ApiProperty({ type: String, description: 'The dateSelectionId as sent' }) ref: string;
  @ApiProperty({ enum: ['moved', 'refused'] }) outcome: 'moved' | 'refused';
  @ApiProperty({ type: String, nullable: true, description: 'Order number (null for a row not found)' })
  orderNumber: string | null;
  @ApiProperty({
    enum: STATUSES,
    nullable: true,
    type: String,
    description: 'Status before (null: not found)',
  })
  from: OrderStatus | null;
  @ApiProperty({ enum: STATUSES, nullable: true, type: String, description: 'Status after a move' })
  to: OrderStatus | null;
  @ApiProperty({ type: Number, nullable: true, description: 'HTTP status of the refusal, as a single move' })
  problemStatus: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The problem type URI of the refusal' })
  problemType: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the row was refused, a sentence' })
  reason: string | null;
}

/** The answer of a bulk status move: each row, and totals. */
export class BulkStatusResultDto {
  @ApiProperty({ enum: STATUSES }) status: OrderStatus;
  @ApiProperty({ type: Number }) moved: number;
  @ApiProperty({ type: Number }) refused: number;
  @ApiProperty({ type: [BulkRowResultDto] }) results: BulkRowResultDto[];
}
