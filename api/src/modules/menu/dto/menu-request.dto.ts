import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
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
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  DEFAULTS,
  DistanceUnit,
  MenuDeleteType,
  MenuEndsOn,
  MenuType,
  RepeatUnit,
  StopOrdersType,
  TimeSlot,
  Weekday,
  type DistanceUnit as DistanceUnitT,
  type MenuDeleteType as MenuDeleteTypeT,
  type MenuEndsOn as MenuEndsOnT,
  type MenuType as MenuTypeT,
  type RepeatUnit as RepeatUnitT,
  type StopOrdersType as StopOrdersTypeT,
  type TimeSlot as TimeSlotT,
  type Weekday as WeekdayT,
  MonthRepeatsOn,
  type MonthRepeatsOn as MonthRepeatsOnT,
} from '@hearth/shared';
import { IsCalendarDate, IsClockTime, IsMoney, Optional } from '../../item/dto/validators.js';
import { MAX_OCCURRENCES } from '../menu-schedule.js';

/** Most items a menu holds. */
export const MAX_MENU_ITEMS = 100;

const values = (o: Record<string, string>) => Object.values(o);
const oneOfMessage = (o: Record<string, string>) => `$property must be one of ${values(o).join(', ')}`;

/** A value from an enum-like object, left out or given (never null). */
function OneOf(o: Record<string, string>): PropertyDecorator {
  return applyDecorators(Optional(), IsIn(values(o), { message: oneOfMessage(o) }));
}

function Whole(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    Optional(),
    IsInt({ message: '$property must be a whole number' }),
    Min(min, { message: `$property must be at least ${min}` }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

function ItemIds(): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: '$property must be a list of item ids' }),
    ArrayMaxSize(MAX_MENU_ITEMS, { message: `$property may have at most ${MAX_MENU_ITEMS} items` }),
    ArrayUnique({ message: '$property must not repeat an item' }),
    IsUUID('all', { each: true, message: 'each of $property must be an item id' }),
  );
}

/** spec §3 Menu end rule. */
export class MenuEndsDto {
  @ApiPropertyOptional({ enum: values(MenuEndsOn), default: DEFAULTS.endsOnOrAfter })
  @OneOf(MenuEndsOn)
  endsOnOrAfter?: MenuEndsOnT;

  @ApiPropertyOptional({
    default: DEFAULTS.endsAfterOccurrences,
    description: 'With After; with autoExtend, the number of dates kept ahead',
  })
  @Whole(1, MAX_OCCURRENCES)
  endsAfterOccurrences?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026-12-31',
    description: 'With On: the last possible date',
  })
  @IsOptional()
  @IsCalendarDate()
  endsOnDate?: string | null;
}

/** The fields of a menu a chef edits (spec §3 Menu), except its name; see CreateMenuDto and UpdateMenuDto. */
export class MenuFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: '$property must be text' })
  @MaxLength(4000, { message: '$property must be at most 4000 characters' })
  description?: string | null;

  @ApiPropertyOptional({ enum: values(MenuType), default: DEFAULTS.menuType })
  @OneOf(MenuType)
  menuType?: MenuTypeT;

  @ApiPropertyOptional({
    enum: values(RepeatUnit),
    default: DEFAULTS.occurrence,
    description: 'Repeat unit of a RECURRING menu',
  })
  @OneOf(RepeatUnit)
  occurrence?: RepeatUnitT;

  @ApiPropertyOptional({ default: DEFAULTS.repeatsEvery })
  @Whole(1, 52)
  repeatsEvery?: number;

  @ApiPropertyOptional({
    enum: values(Weekday),
    isArray: true,
    description: 'Weekdays of a weekly menu (default: the weekday of deliveryDate)',
  })
  @Optional()
  @IsArray({ message: '$property must be a list of weekdays' })
  @ArrayUnique({ message: '$property must not repeat a weekday' })
  @IsIn(values(Weekday), {
    each: true,
    message: `each of $property must be one of ${values(Weekday).join(', ')}`,
  })
  repeatsOn?: WeekdayT[];

  @ApiPropertyOptional({
    enum: values(MonthRepeatsOn),
    nullable: true,
    description: 'A monthly menu repeats on the same day of the month or the same weekday of the month',
  })
  @IsOptional()
  @IsIn(values(MonthRepeatsOn), { message: oneOfMessage(MonthRepeatsOn) })
  monthRepeatsOn?: MonthRepeatsOnT | null;

  @ApiPropertyOptional({ type: MenuEndsDto })
  @Optional()
  @ValidateNested()
  @Type(() => MenuEndsDto)
  ends?: MenuEndsDto;

  @ApiPropertyOptional({
    default: DEFAULTS.autoExtend,
    description: 'A recurring menu that ends After N keeps N dates ahead, extended daily',
  })
  @Optional()
  @IsBoolean({ message: '$property must be true or false' })
  autoExtend?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026-11-27',
    description: 'First (or only) date, in the chef’s time zone',
  })
  @IsOptional()
  @IsCalendarDate()
  deliveryDate?: string | null;

  @ApiPropertyOptional({ enum: values(TimeSlot), isArray: true, default: DEFAULTS.deliveryTimeSlots })
  @Optional()
  @IsArray({ message: '$property must be a list of time slots' })
  @ArrayMinSize(1, { message: '$property must have at least one time slot' })
  @ArrayUnique({ message: '$property must not repeat a time slot' })
  @IsIn(values(TimeSlot), {
    each: true,
    message: `each of $property must be one of ${values(TimeSlot).join(', ')}`,
  })
  deliveryTimeSlots?: TimeSlotT[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Zip codes delivered to (default: the chef’s ZIPCODES setting)',
  })
  @Optional()
  @IsArray({ message: '$property must be a list' })
  @ArrayMaxSize(200, { message: '$property may have at most 200 zip codes' })
  @IsString({ each: true, message: 'each of $property must be text' })
  @Length(1, 12, { each: true, message: 'each of $property must be 1 to 12 characters' })
  deliveryZipCodes?: string[];

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 10,
    description: 'In deliveryMeasurment units (default: the chef’s RADIUS setting)',
  })
  @IsOptional()
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
    { message: '$property must be a number with at most 2 decimals' },
  )
  @Min(0, { message: '$property must not be negative' })
  @Max(1000, { message: '$property must be at most 1000' })
  deliveryRadius?: number | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: '4.99',
    description: 'Default: the chef’s DELIVERY_FEES setting',
  })
  @IsOptional()
  @IsMoney()
  deliveryFees?: string | null;

  @ApiPropertyOptional({
    enum: values(DistanceUnit),
    description:
      'Unit of deliveryRadius (spec spelling). Default: the chef’s setting, else miles in the US and km elsewhere',
  })
  @OneOf(DistanceUnit)
  deliveryMeasurment?: DistanceUnitT;

  @ApiPropertyOptional({
    enum: values(StopOrdersType),
    description: 'Default: the chef’s PRE_ORDER_DAYS_HOURS setting, else Hours',
  })
  @OneOf(StopOrdersType)
  stopOrdersType?: StopOrdersTypeT;

  @ApiPropertyOptional({
    description:
      'Orders stop this many hours or days before a slot starts. Default: the chef’s PRE_ORDER_NUMBER setting, else 0',
  })
  @Whole(0, 8760)
  stopOrdersByDaysOrHours?: number;

  @ApiPropertyOptional({ default: DEFAULTS.cateringEnabled })
  @Optional()
  @IsBoolean({ message: '$property must be true or false' })
  cateringEnabled?: boolean;

  @ApiPropertyOptional({
    default: false,
    description:
      "Private: only people with the kitchen's secret code (GET secret-code) see the menu, its items and dates; never in searches or news mails",
  })
  @Optional()
  @IsBoolean({ message: '$property must be true or false' })
  isPrivate?: boolean;

  @ApiPropertyOptional({ enum: values(StopOrdersType), default: DEFAULTS.stopOrdersTypeForCatering })
  @OneOf(StopOrdersType)
  stopOrdersTypeForCatering?: StopOrdersTypeT;

  @ApiPropertyOptional({ default: DEFAULTS.stopOrdersByDaysOrHoursForCatering })
  @Whole(0, 8760)
  stopOrdersByDaysOrHoursForCatering?: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-24' })
  @IsOptional()
  @IsCalendarDate()
  eventDate?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '18:30' })
  @IsOptional()
  @IsClockTime()
  eventTime?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Id of one of your pickup locations (default: the primary one)',
  })
  @IsOptional()
  @IsUUID('all', { message: '$property must be the id of one of your pickup locations' })
  associatedAddress?: string | null;

  @ApiPropertyOptional({
    type: String,
    default: DEFAULTS.deliveryMinimumAmount,
    description: 'Smallest order delivered (spec name)',
  })
  @Optional()
  @IsMoney()
  delivery_order_minimum_amount?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'United States' })
  @IsOptional()
  @IsString({ message: '$property must be text' })
  @MaxLength(80, { message: '$property must be at most 80 characters' })
  countryName?: string | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'Ids of your items on the menu, in display order (replaces the list)',
  })
  @Optional()
  @ItemIds()
  items?: string[];
}

/** `POST menu` (edit mode CREATE): a DRAFT menu. Only the name is required. */
export class CreateMenuDto extends MenuFieldsDto {
  @ApiProperty({ example: 'Friday dinners' })
  @IsString({ message: '$property must be text' })
  @Length(1, 120, { message: '$property must be 1 to 120 characters' })
  name: string;
}

/** `PUT menu/{id}` (edit mode UPDATE): the fields to change; left-out fields keep their value, null clears a nullable one. */
export class UpdateMenuDto extends MenuFieldsDto {
  @ApiPropertyOptional({ example: 'Friday dinners' })
  @Optional()
  @IsString({ message: '$property must be text' })
  @Length(1, 120, { message: '$property must be 1 to 120 characters' })
  name?: string;
}

/** `POST menu/clone` (edit mode CLONE). */
export class CloneMenuDto {
  @ApiProperty()
  @IsUUID('all', { message: 'menuId must be the id of one of your menus' })
  menuId: string;

  @ApiPropertyOptional({ description: 'Default: "<name> (copy)"' })
  @Optional()
  @IsString({ message: '$property must be text' })
  @Length(1, 120, { message: '$property must be 1 to 120 characters' })
  name?: string;
}

export const MenuItemsMode = { REPLACE: 'REPLACE', ADD: 'ADD' } as const;
export type MenuItemsMode = (typeof MenuItemsMode)[keyof typeof MenuItemsMode];

/** `POST menu/{id}/items`. */
export class MenuItemsDto {
  @ApiProperty({ type: [String], description: 'Ids of your items (not deleted or hidden), in display order' })
  @ItemIds()
  items: string[];

  @ApiPropertyOptional({
    enum: values(MenuItemsMode),
    default: MenuItemsMode.REPLACE,
    description: 'REPLACE: the menu gets exactly these items; ADD: they are appended',
  })
  @OneOf(MenuItemsMode)
  mode?: MenuItemsMode;
}

/** `DELETE menu/{id}?deleteType=ALL|DATE&date=YYYY-MM-DD`. */
export class DeleteMenuQuery {
  @ApiPropertyOptional({ enum: values(MenuDeleteType), default: MenuDeleteType.ALL })
  @OneOf(MenuDeleteType)
  deleteType?: MenuDeleteTypeT;

  @ApiPropertyOptional({
    example: '2026-11-27',
    description: 'With deleteType=DATE: the date to take off a recurring menu',
  })
  @ValidateIf((o: DeleteMenuQuery) => o.deleteType === MenuDeleteType.DATE || o.date !== undefined)
  @IsCalendarDate({ message: 'date must be the date to delete, written YYYY-MM-DD' })
  date?: string;
}

/** The text field of `POST menu/{id}/upload_receipts` (besides the files). */
export class UploadReceiptsDto {
  @ApiPropertyOptional({
    example: '2026-11-27',
    description:
      'The cook date of the menu the receipts are for (one of its dates); left out: the whole menu',
  })
  @IsOptional()
  @IsCalendarDate({ message: 'date must be one of the menu’s dates, written YYYY-MM-DD' })
  date?: string;
}

/** `GET order/receipts?date=`: the receipts of all your menus for one cook date. */
export class ReceiptsByDateQuery {
  @ApiProperty({ example: '2026-11-27', description: 'A cook date (YYYY-MM-DD)' })
  @IsCalendarDate({ message: 'date must be a date such as 2026-11-27' })
  date: string;
}
