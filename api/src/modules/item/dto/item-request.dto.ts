import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
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
  ValidateNested,
} from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import {
  DEFAULTS,
  DeliveryOption,
  FoodType,
  MedicalCategory,
  TimeSlot,
  type DeliveryOption as DeliveryOptionT,
  type FoodType as FoodTypeT,
  type MedicalCategory as MedicalCategoryT,
  type TimeSlot as TimeSlotT,
  ITEM_ACTIONS,
  type ItemAction,
} from '@hearth/shared';
import { IsMoney, IsPositiveDecimal, Optional } from './validators.js';

/** Most pricing options an item may have. */
export const MAX_PRICING_OPTIONS = 10;

const oneOf = (values: Record<string, string>) => Object.values(values);
const listOf = (values: string[]) => values.join(', ');

/** An optional list whose every entry must be one of `values`. */
function ListOf(values: string[], min = 0): PropertyDecorator {
  return applyDecorators(
    Optional(),
    IsArray({ message: '$property must be a list' }),
    ArrayMinSize(min, { message: `$property must have at least ${min} value${min === 1 ? '' : 's'}` }),
    ArrayUnique({ message: '$property must not repeat a value' }),
    IsIn(values, { each: true, message: `each of $property must be one of ${listOf(values)}` }),
  );
}

/** An optional list of short texts (tags, zip codes). */
function TextList(maxItems: number, maxLength: number): PropertyDecorator {
  return applyDecorators(
    Optional(),
    IsArray({ message: '$property must be a list' }),
    ArrayMaxSize(maxItems, { message: `$property may have at most ${maxItems} entries` }),
    IsString({ each: true, message: 'each of $property must be text' }),
    Length(1, maxLength, { each: true, message: `each of $property must be 1 to ${maxLength} characters` }),
  );
}

/** An optional free text of at most `max` characters; null clears it. */
function Text(max: number): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsString({ message: '$property must be text' }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
  );
}

/** An optional whole number in a range. */
function Whole(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    Optional(),
    IsInt({ message: '$property must be a whole number' }),
    Min(min, { message: `$property must be at least ${min}` }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

/** One way an item is sold (spec §3 Pricing option); missing fields take the spec's defaults. */
export class PricingOptionInputDto {
  @ApiPropertyOptional({
    description: 'Id of an existing option of this item (keeps it); leave out for a new option',
  })
  @Optional()
  @IsUUID('all', { message: '$property must be the id of one of the item’s pricing options' })
  id?: string;

  @ApiPropertyOptional({ default: DEFAULTS.measurement, example: 'Kgs' })
  @Optional()
  @IsString({ message: '$property must be text' })
  @Length(1, 30, { message: '$property must be 1 to 30 characters' })
  measurement?: string;

  @ApiPropertyOptional({ default: String(DEFAULTS.quantity), example: '0.5', type: String })
  @Optional()
  @IsPositiveDecimal()
  quantity?: string;

  @ApiPropertyOptional({ default: DEFAULTS.chefPrice, example: '8.99', type: String })
  @Optional()
  @IsMoney()
  chefPrice?: string;

  @ApiPropertyOptional({ default: DEFAULTS.serves })
  @Whole(1, 1000)
  serves?: number;
}

/** A nutrient amount or its percent of the daily value. */
function Nutrient(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ default: 0 }),
    Optional(),
    IsNumber(
      { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
      { message: '$property must be a number with at most 2 decimals' },
    ),
    Min(0, { message: '$property must not be negative' }),
    Max(99_999_999, { message: '$property is too large' }),
  );
}

/** Nutrition facts (spec §3 Nutrition): every nutrient and its `_percent` variant; all default to 0. */
export class NutritionInputDto {
  @Nutrient() calories?: number;
  @Nutrient() calories_percent?: number;
  @Nutrient() total_fat?: number;
  @Nutrient() total_fat_percent?: number;
  @Nutrient() saturated_fat?: number;
  @Nutrient() saturated_fat_percent?: number;
  @Nutrient() trans_fat?: number;
  @Nutrient() trans_fat_percent?: number;
  @Nutrient() cholesterol?: number;
  @Nutrient() cholesterol_percent?: number;
  @Nutrient() sodium?: number;
  @Nutrient() sodium_percent?: number;
  @Nutrient() dietary_fiber?: number;
  @Nutrient() dietary_fiber_percent?: number;
  @Nutrient() sugar?: number;
  @Nutrient() sugar_percent?: number;
  @Nutrient() protein?: number;
  @Nutrient() protein_percent?: number;
  @Nutrient() calcium?: number;
  @Nutrient() calcium_percent?: number;
  @Nutrient() carbohydrates?: number;
  @Nutrient() carbohydrates_percent?: number;
  @Nutrient() iron?: number;
  @Nutrient() iron_percent?: number;
  @Nutrient() potassium?: number;
  @Nutrient() potassium_percent?: number;
  @Nutrient() serving_size?: number;
  @Nutrient() serving_size_percent?: number;
  @Nutrient() vitamin_d?: number;
  @Nutrient() vitamin_d_percent?: number;
}

/**
 * The fields of an item a chef edits (spec §3 Item), except its name. On create, what is left out takes the spec's default;
 * on update (PUT), what is left out keeps its value.
 */
export class ItemFieldsDto {
  @ApiPropertyOptional() @Text(4000) description?: string;
  @ApiPropertyOptional() @Text(4000) ingredients?: string;
  @ApiPropertyOptional() @Text(4000) organicIngredients?: string;
  @ApiPropertyOptional() @Text(4000) sideEffects?: string;
  @ApiPropertyOptional() @Text(4000) healthBenefits?: string;

  @ApiPropertyOptional({ type: [String] })
  @TextList(30, 40)
  searchTags?: string[];

  @ApiPropertyOptional({ enum: oneOf(MedicalCategory), isArray: true, default: [DEFAULTS.medicalFriendly] })
  @ListOf(oneOf(MedicalCategory))
  medicalFriendly?: MedicalCategoryT[];

  @ApiPropertyOptional({
    enum: oneOf(FoodType),
    isArray: true,
    default: DEFAULTS.foodTypes,
    description: 'Spec name foodType; foodTypes is accepted too',
  })
  @ListOf(oneOf(FoodType))
  foodType?: FoodTypeT[];

  @ApiPropertyOptional({ enum: oneOf(FoodType), isArray: true, description: 'Alias of foodType' })
  @ListOf(oneOf(FoodType))
  foodTypes?: FoodTypeT[];

  @ApiPropertyOptional({ enum: oneOf(TimeSlot), isArray: true, default: DEFAULTS.deliveryTimeSlots })
  @ListOf(oneOf(TimeSlot), 1)
  deliveryTimeSlots?: TimeSlotT[];

  @ApiPropertyOptional({ enum: oneOf(DeliveryOption), isArray: true, default: DEFAULTS.deliveryOptions })
  @ListOf(oneOf(DeliveryOption), 1)
  deliveryOptions?: DeliveryOptionT[];

  @ApiPropertyOptional({ default: DEFAULTS.bestBefore, description: 'Days the food keeps' })
  @Whole(0, 365)
  bestBefore?: number;

  @ApiPropertyOptional({ default: DEFAULTS.serves })
  @Whole(1, 1000)
  serves?: number;

  @ApiPropertyOptional({ default: DEFAULTS.maxAllowedOrders, description: 'Orders accepted per date' })
  @Whole(1, 10_000)
  maxAllowedOrders?: number;

  @ApiPropertyOptional({ default: '0', type: String })
  @Optional()
  @IsMoney()
  deliveryFees?: string;

  @ApiPropertyOptional({ default: DEFAULTS.deliveryMinimumAmount, type: String })
  @Optional()
  @IsMoney()
  deliveryMinimumAmount?: string;

  @ApiPropertyOptional({ type: [String] })
  @TextList(200, 12)
  zipcodesServed?: string[];

  @ApiPropertyOptional({
    type: [PricingOptionInputDto],
    description: 'At least one; defaults to one option of 1 Kgs for 8.99 serving 3',
  })
  @Optional()
  @IsArray({ message: '$property must be a list' })
  @ArrayMinSize(1, { message: 'pricingOptions must have at least one pricing option' })
  @ArrayMaxSize(MAX_PRICING_OPTIONS, {
    message: `pricingOptions may have at most ${MAX_PRICING_OPTIONS} options`,
  })
  @ValidateNested({ each: true })
  @Type(() => PricingOptionInputDto)
  pricingOptions?: PricingOptionInputDto[];

  @ApiPropertyOptional({
    description: 'Measurement of the single default pricing option when pricingOptions is left out',
  })
  @Optional()
  @IsString({ message: '$property must be text' })
  @Length(1, 30, { message: '$property must be 1 to 30 characters' })
  measurement?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Quantity of the single default pricing option when pricingOptions is left out',
  })
  @Optional()
  @IsPositiveDecimal()
  quantity?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Price of the single default pricing option when pricingOptions is left out',
  })
  @Optional()
  @IsMoney()
  chefPrice?: string;

  @ApiPropertyOptional({ type: NutritionInputDto })
  @Optional()
  @ValidateNested()
  @Type(() => NutritionInputDto)
  nutrition?: NutritionInputDto;
}

/** `POST item`: a new item; only the name is required. */
export class CreateItemDto extends ItemFieldsDto {
  @ApiProperty({ example: 'Butter chicken' })
  @IsString({ message: '$property must be text' })
  @Length(1, 120, { message: '$property must be 1 to 120 characters' })
  name: string;
}

/** `PUT item/{id}`: the fields to change. pricingOptions, when given, is the whole new list (options keep their ids when sent back). */
export class UpdateItemDto extends ItemFieldsDto {
  @ApiPropertyOptional({ example: 'Butter chicken' })
  @Optional()
  @IsString({ message: '$property must be text' })
  @Length(1, 120, { message: '$property must be 1 to 120 characters' })
  name?: string;
}

/** `POST item/clone-item`. */
export class CloneItemDto {
  @ApiProperty()
  @IsUUID('all', { message: 'itemId must be the id of one of your items' })
  itemId: string;
}

export class ItemActionParams {
  @ApiProperty()
  @IsString()
  id: string;

  @ApiProperty({ enum: ITEM_ACTIONS })
  @IsIn(ITEM_ACTIONS, { message: `action must be one of ${ITEM_ACTIONS.join(', ')}` })
  action: ItemAction;
}
