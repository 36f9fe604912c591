import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  Equals,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidateIf,
} from 'class-validator';
import { DeliveryOption, DistanceUnit, PaymentMethod, StopOrdersType } from '@hearth/shared';
import { IanaTimeZoneRule } from '../../publisher/dto/register-publisher.dto.js';

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
const PAYMENT_METHODS = Object.values(PaymentMethod);
const present = (_: object, value: unknown) => value !== undefined;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

/** A key that `save-settings` does not set, refused with a sentence saying where it is set instead. */
function SetElsewhere(message: string): PropertyDecorator {
  return applyDecorators(ValidateIf(present), Equals(undefined, { message }));
}

/**
 * `settings/save-settings`: a partial update, keyed by the settings keys of spec §9. Each key has its own
 * rule and its errors name the key. Keys set elsewhere (files, pickup places, secret code, gateways) are
 * refused with a sentence saying where.
 */
export class SaveSettingsDto {
  @ApiPropertyOptional({ type: [String], example: ['07302', '07310'], description: 'Zip codes delivered to' })
  @ValidateIf(present)
  @IsArray({ message: 'ZIPCODES must be a list of zip codes' })
  @ArrayMaxSize(200, { message: 'ZIPCODES can hold at most 200 zip codes' })
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((z) => (typeof z === 'string' ? z.trim().toUpperCase() : z)) : value,
  )
  @IsString({ each: true, message: 'ZIPCODES must contain only zip codes' })
  @Matches(/^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/, {
    each: true,
    message: 'ZIPCODES must contain zip codes of 3 to 12 letters, digits, spaces or hyphens',
  })
  ZIPCODES?: string[];

  @ApiPropertyOptional({ example: 10, description: 'Delivery radius in DELIVERY_MEASUREMENT units' })
  @ValidateIf(present)
  @Type(() => Number)
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false },
    { message: 'RADIUS must be a number with at most 2 decimals' },
  )
  @Min(0, { message: 'RADIUS must be 0 or more' })
  @Max(500, { message: 'RADIUS must be at most 500' })
  RADIUS?: number;

  @ApiPropertyOptional({ example: '4.99', description: "Delivery fee in the kitchen's currency" })
  @ValidateIf(present)
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'number' ? String(value) : trimmed({ value }),
  )
  @IsString({ message: 'DELIVERY_FEES must be an amount such as 4.99' })
  @Matches(/^\d{1,7}(\.\d{1,2})?$/, {
    message: 'DELIVERY_FEES must be an amount such as 4.99 (0 or more, at most 2 decimals)',
  })
  DELIVERY_FEES?: string;

  @ApiPropertyOptional({ enum: Object.values(DistanceUnit) })
  @ValidateIf(present)
  @IsIn(Object.values(DistanceUnit), { message: 'DELIVERY_MEASUREMENT must be miles or km' })
  DELIVERY_MEASUREMENT?: DistanceUnit;

  @ApiPropertyOptional({
    example: 12,
    description: 'Orders stop this many PRE_ORDER_DAYS_HOURS before a slot starts (at most 30 Days)',
  })
  @ValidateIf(present)
  @Type(() => Number)
  @IsInt({ message: 'PRE_ORDER_NUMBER must be a whole number' })
  @Min(0, { message: 'PRE_ORDER_NUMBER must be 0 or more' })
  @Max(720, { message: 'PRE_ORDER_NUMBER must be at most 720' })
  PRE_ORDER_NUMBER?: number;

  @ApiPropertyOptional({ enum: Object.values(StopOrdersType) })
  @ValidateIf(present)
  @IsIn(Object.values(StopOrdersType), { message: 'PRE_ORDER_DAYS_HOURS must be Hours or Days' })
  PRE_ORDER_DAYS_HOURS?: StopOrdersType;

  @ApiPropertyOptional({ enum: Object.values(DeliveryOption) })
  @ValidateIf(present)
  @IsIn(Object.values(DeliveryOption), { message: 'DEFAULT_FULFILLMENT must be PICKUP or DELIVERY' })
  DEFAULT_FULFILLMENT?: DeliveryOption;

  @ApiPropertyOptional({ example: 'America/New_York', description: 'IANA time zone of the kitchen' })
  @ValidateIf(present)
  @Validate(IanaTimeZoneRule)
  TIME_ZONE?: string;

  @ApiPropertyOptional({
    enum: PAYMENT_METHODS,
    isArray: true,
    example: [PaymentMethod.CASH_ON_PICKUP_DELIVERY],
  })
  @ValidateIf(present)
  @IsArray({ message: 'PAYMENT_PREFERENCES must be a list of payment methods' })
  @ArrayNotEmpty({ message: 'PAYMENT_PREFERENCES must name at least one payment method' })
  @ArrayUnique({ message: 'PAYMENT_PREFERENCES must not repeat a payment method' })
  @IsIn(PAYMENT_METHODS, {
    each: true,
    message: `PAYMENT_PREFERENCES may contain only ${PAYMENT_METHODS.join(', ')}`,
  })
  PAYMENT_PREFERENCES?: PaymentMethod[];

  @ApiPropertyOptional({
    example: '150.00',
    description:
      'Largest order total accepted in cash (CASH_ON_PICKUP_DELIVERY), in the kitchen currency; empty string: no limit',
  })
  @ValidateIf(present)
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'number' ? String(value) : trimmed({ value }),
  )
  @IsString({ message: 'CASH_MAX_ORDER_VALUE must be an amount such as 150.00, or empty for no limit' })
  @Matches(/^(|\d{1,7}(\.\d{1,3})?)$/, {
    message: 'CASH_MAX_ORDER_VALUE must be an amount such as 150.00 (more than 0), or empty for no limit',
  })
  CASH_MAX_ORDER_VALUE?: string;

  @ApiPropertyOptional({
    example: '123456789012',
    description: 'Bank account for Cashfree payouts (9 to 18 digits)',
  })
  @ValidateIf(present)
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\s/g, '') : value,
  )
  @IsString({ message: 'CASH_FREE_ACCOUNT_NUMBER must be 9 to 18 digits' })
  @Matches(ACCOUNT_NUMBER_PATTERN, { message: 'CASH_FREE_ACCOUNT_NUMBER must be 9 to 18 digits' })
  CASH_FREE_ACCOUNT_NUMBER?: string;

  @ApiPropertyOptional({ example: 'HDFC0001234' })
  @ValidateIf(present)
  @Transform(upper)
  @IsString({ message: 'CASH_FREE_IFSC must be an IFSC code such as HDFC0001234' })
  @Matches(IFSC_PATTERN, {
    message:
      'CASH_FREE_IFSC must be an IFSC code such as HDFC0001234 (4 letters, 0, then 6 letters or digits)',
  })
  CASH_FREE_IFSC?: string;

  @SetElsewhere('FOOD_HANDLER_PERMIT is set by uploading the permit to settings/upload-file')
  FOOD_HANDLER_PERMIT?: never;

  @SetElsewhere('SECRET_CODE is generated by POST secret-code')
  SECRET_CODE?: never;

  @SetElsewhere('PICKUP_LOCATIONS are changed through settings/pickup-locations')
  PICKUP_LOCATIONS?: never;

  @SetElsewhere('CASH_FREE is set by registering the bank account with settings/add-cashfree-beneficiary')
  CASH_FREE?: never;

  @SetElsewhere('PAYPAL needs a payment gateway, which is not available yet')
  PAYPAL?: never;

  @SetElsewhere('STRIPE is set up with settings/setup-stripe-account (Stripe Connect onboarding)')
  STRIPE?: never;

  @SetElsewhere('PAYTM needs a payment gateway, which is not available yet')
  PAYTM?: never;
}
