import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsLatitude,
  IsLongitude,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { COUNTRIES, DEFAULTS, DeliveryOption, FoodType, MedicalCategory, TimeSlot } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';
import { ValidatedOncePerQueryString } from '../../../common/problem/validation.js';
import { ITEM_SORT_FIELDS } from '../item-search.sql.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
/** `a,b` or repeated `?x=a&x=b` → `['a', 'b']` (blank entries dropped). */
const list = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter(Boolean);
/** A checkbox or a query flag: true/false/1/0/on/off/yes/no. */
const flag = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(v)) return true;
  if (['false', '0', 'off', 'no', ''].includes(v)) return false;
  return value;
};

const oneOf = (field: string, values: readonly string[]) => ({
  message: `${field} must be one of ${values.join(', ')}`,
});
const DELIVERY = Object.values(DeliveryOption);
const FOOD_TYPES = Object.values(FoodType);
const MEDICAL = Object.values(MedicalCategory);
const SLOTS = Object.values(TimeSlot);

/** Location and paging shared by the `_search` endpoints (the spec's Search filter: distance, excludeChefs…). */
export class LocatedSearchQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Words to look for', example: 'biryani' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'query must be at most 100 characters' })
  query?: string;

  @ApiPropertyOptional({ example: 17.46, description: "The browser's position (with lng)" })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsNumber({}, { message: 'lat must be a number' })
  @IsLatitude({ message: 'lat must be between -90 and 90' })
  lat?: number;

  @ApiPropertyOptional({ example: 78.47 })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsNumber({}, { message: 'lng must be a number' })
  @IsLongitude({ message: 'lng must be between -180 and 180' })
  lng?: number;

  @ApiPropertyOptional({ example: '07302', description: 'Search around this zip code instead of lat/lng' })
  @IsOptional()
  @Transform(({ value }) => blankToUndefined({ value: trim({ value }) }))
  @IsString()
  @Length(3, 12, { message: 'zip must be between 3 and 12 characters' })
  zip?: string;

  @ApiPropertyOptional({
    example: 'US',
    description: `Country of the zip code or position (code or name: ${COUNTRIES.map((c) => c.code).join(', ')}); decides miles (US) or km`,
  })
  @IsOptional()
  @Transform(({ value }) => blankToUndefined({ value: trim({ value }) }))
  @IsString()
  @Length(2, 40, { message: 'country must be a country code such as US or a name such as United States' })
  country?: string;

  @ApiPropertyOptional({
    default: DEFAULTS.searchDistance,
    description: 'Radius, in miles in the US and km elsewhere',
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsNumber({}, { message: 'distance must be a number' })
  @Min(0.1, { message: 'distance must be at least 0.1' })
  @Max(100, { message: 'distance must be at most 100' })
  distance: number = DEFAULTS.searchDistance;

  @ApiPropertyOptional({
    default: false,
    description: 'Include dates further ahead than the next 7 days (every future date of a published menu)',
  })
  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'comingSoonSwitch must be true or false' })
  comingSoonSwitch: boolean = false;

  @ApiPropertyOptional({
    type: [String],
    description: 'Kitchen names to leave out (comma-separated or repeated)',
  })
  @IsOptional()
  @Transform(list)
  @ArrayMaxSize(50, { message: 'excludeChefs can name at most 50 kitchens' })
  @IsString({ each: true })
  @MaxLength(80, { each: true, message: 'each kitchen name in excludeChefs must be at most 80 characters' })
  excludeChefs: string[] = [];

  @ApiPropertyOptional({
    type: [String],
    description: 'Kitchen ids to leave out (comma-separated or repeated)',
  })
  @IsOptional()
  @Transform(list)
  @ArrayMaxSize(50, { message: 'excludeChefsIds can list at most 50 kitchens' })
  @IsUUID('all', { each: true, message: 'each id in excludeChefsIds must be a kitchen id (a UUID)' })
  excludeChefsIds: string[] = [];
}

/** `_search/items`: the spec's Search filter plus text, place, paging and sort. */
@ValidatedOncePerQueryString()
export class ItemSearchQuery extends LocatedSearchQuery {
  @ApiPropertyOptional({
    enum: DELIVERY,
    description: 'PICKUP: distance to the nearest pickup location; DELIVERY: kitchens that deliver to you',
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(DELIVERY, oneOf('deliveryType', DELIVERY))
  deliveryType?: DeliveryOption;

  @ApiPropertyOptional({ enum: SLOTS, description: 'A time slot the date must offer' })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(SLOTS, oneOf('foodTime', SLOTS))
  foodTime?: TimeSlot;

  @ApiPropertyOptional({ enum: FOOD_TYPES })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(FOOD_TYPES, oneOf('foodType', FOOD_TYPES))
  foodType?: FoodType;

  @ApiPropertyOptional({ enum: MEDICAL })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(MEDICAL, oneOf('medical', MEDICAL))
  medical?: MedicalCategory;

  @ApiPropertyOptional({
    example: 'distance,asc',
    description: `${ITEM_SORT_FIELDS.join(', ')}, with ",asc" or ",desc". Default: relevance with a query, else distance`,
  })
  @IsOptional()
  @Matches(new RegExp(`^(${ITEM_SORT_FIELDS.join('|')})(,(asc|desc))?$`, 'i'), {
    message: `sort must be one of ${ITEM_SORT_FIELDS.join(', ')}, optionally followed by ",asc" or ",desc"`,
  })
  sort?: string;
}

/** `_search/menus` */
@ValidatedOncePerQueryString()
export class MenuSearchQuery extends LocatedSearchQuery {
  @ApiPropertyOptional({ example: 'distance', description: 'distance or rating, with ",asc" or ",desc"' })
  @IsOptional()
  @Matches(/^(distance|rating)(,(asc|desc))?$/i, {
    message: 'sort must be distance or rating, optionally followed by ",asc" or ",desc"',
  })
  sort?: string;
}

/** `_search/rating` */
@ValidatedOncePerQueryString()
export class RatingSearchQuery extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Words in the review, the dish or the kitchen name',
    example: 'crispy',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'query must be at most 100 characters' })
  query?: string;

  @ApiPropertyOptional({
    example: 'datePublished,desc',
    description: 'Newest first; only datePublished sorts',
  })
  @IsOptional()
  @Matches(/^datePublished(,(asc|desc))?$/, {
    message: 'sort must be datePublished, optionally followed by ",asc" or ",desc"',
  })
  sort?: string;
}
