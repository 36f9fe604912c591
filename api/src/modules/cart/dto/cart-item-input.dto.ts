import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  IsDefined,
} from 'class-validator';
import { DeliveryOption, TimeSlot, MAX_ORDER_QUANTITY } from '@hearth/shared';

const TIME_SLOTS = Object.values(TimeSlot);
const DELIVERY_OPTIONS = Object.values(DeliveryOption);

/**
 * The pricing option the customer chose. Only `id` counts: a price or quantity sent along is ignored,
 * because the server always prices from the chef's current option.
 */
export class PricingOptionRefDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', {
    message: "userSelectedPricingOption.id must be the id of one of the item's pricing options",
  })
  id: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: "Ignored: the server uses the chef's current price",
  })
  @IsOptional()
  @IsString()
  measurement?: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], description: 'Ignored' })
  @IsOptional()
  quantity?: unknown;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: "Ignored: the server uses the chef's current price",
  })
  @IsOptional()
  chefPrice?: unknown;

  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], description: 'Ignored' })
  @IsOptional()
  @IsNumber()
  serves?: number;
}

/** Accepts a bare id string for the pricing option, as older clients send it. */
function idStringAsRef({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? Object.assign(new PricingOptionRefDto(), { id: value }) : value;
}

/** One date of a cart line: the day (in the chef's zone), its time slots and how the food comes. */
export class CartDateInputDto {
  @ApiProperty({ example: '2025-11-24', description: "Calendar date YYYY-MM-DD in the chef's time zone" })
  @IsString({ message: 'date must be a date written YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date written YYYY-MM-DD' })
  date: string;

  @ApiProperty({ enum: TIME_SLOTS, isArray: true, example: ['PM_5_7'] })
  @IsArray({ message: 'timeSlots must list at least one time slot' })
  @ArrayMinSize(1, { message: 'timeSlots must list at least one time slot' })
  @ArrayMaxSize(TIME_SLOTS.length)
  @ArrayUnique({ message: 'timeSlots must not repeat a slot' })
  @IsIn(TIME_SLOTS, { each: true, message: `each time slot must be one of ${TIME_SLOTS.join(', ')}` })
  timeSlots: TimeSlot[];

  @ApiPropertyOptional({ enum: DELIVERY_OPTIONS, default: DeliveryOption.DELIVERY })
  @IsOptional()
  @IsIn(DELIVERY_OPTIONS, { message: 'deliveryOption must be PICKUP or DELIVERY' })
  deliveryOption: DeliveryOption = DeliveryOption.DELIVERY;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uuid',
    description: "For PICKUP: one of the kitchen's pickup places (default: the menu's or the primary one)",
  })
  @IsOptional()
  @IsUUID('all', { message: "pickupLocationId must be the id of one of the kitchen's pickup places" })
  pickupLocationId?: string | null;
}

/** A line to add to the cart (spec §3 Cart item). */
export class AddCartItemDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'itemId must be the id of an item' })
  itemId: string;

  @ApiProperty({
    type: PricingOptionRefDto,
    description: 'The chosen pricing option (its id; an id string is accepted too)',
  })
  @Transform(idStringAsRef)
  @IsDefined({ message: 'userSelectedPricingOption is required' })
  @ValidateNested()
  @Type(() => PricingOptionRefDto)
  userSelectedPricingOption: PricingOptionRefDto;

  @ApiProperty({ type: [CartDateInputDto] })
  @IsArray({ message: 'dates must list at least one date' })
  @ArrayMinSize(1, { message: 'dates must list at least one date' })
  @ArrayMaxSize(62, { message: 'dates may list at most 62 dates' })
  @ValidateNested({ each: true })
  @Type(() => CartDateInputDto)
  dates: CartDateInputDto[];

  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_ORDER_QUANTITY })
  @IsOptional()
  @IsInt({ message: 'orderQuantity must be a whole number' })
  @Min(1, { message: 'orderQuantity must be at least 1' })
  @Max(MAX_ORDER_QUANTITY, { message: `orderQuantity must be at most ${MAX_ORDER_QUANTITY}` })
  orderQuantity: number = 1;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'isCateringItem must be true or false' })
  isCateringItem: boolean = false;

  @ApiPropertyOptional({ description: 'Id the client gave the line before it was saved (spec tempId)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tempId?: string;
}

/** A change to a cart line: any of quantity, dates, pricing option or catering flag (what is left out stays). */
export class UpdateCartItemDto {
  @ApiPropertyOptional({ type: PricingOptionRefDto })
  @IsOptional()
  @Transform(idStringAsRef)
  @ValidateNested()
  @Type(() => PricingOptionRefDto)
  userSelectedPricingOption?: PricingOptionRefDto;

  @ApiPropertyOptional({ type: [CartDateInputDto], description: 'Replaces every date of the line' })
  @IsOptional()
  @IsArray({ message: 'dates must list at least one date' })
  @ArrayMinSize(1, { message: 'dates must list at least one date' })
  @ArrayMaxSize(62, { message: 'dates may list at most 62 dates' })
  @ValidateNested({ each: true })
  @Type(() => CartDateInputDto)
  dates?: CartDateInputDto[];

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ORDER_QUANTITY })
  @IsOptional()
  @IsInt({ message: 'orderQuantity must be a whole number' })
  @Min(1, { message: 'orderQuantity must be at least 1' })
  @Max(MAX_ORDER_QUANTITY, { message: `orderQuantity must be at most ${MAX_ORDER_QUANTITY}` })
  orderQuantity?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isCateringItem must be true or false' })
  isCateringItem?: boolean;
}
