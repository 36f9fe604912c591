import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { Matches, ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';
import { DateTime } from 'luxon';

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const POSITIVE_DECIMAL = /^(?!0+(\.0+)?$)\d{1,8}(\.\d{1,2})?$/;

/** Numbers become their decimal text (8.99 → "8.99"); anything else is left for the validator to judge. */
const asDecimalText = Transform(({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value,
);

/**
 * The field may be left out, but not sent as null (for columns that cannot be empty). Use class-validator's
 * IsOptional for fields that null clears.
 */
export function Optional(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/**
 * An amount of money as a decimal string or number ("8.99" or 8.99): not negative, at most 2 decimals.
 * Stored as numeric(12,2); amounts are computed in minor units later, never as floats.
 */
export function IsMoney(): PropertyDecorator {
  return applyDecorators(
    asDecimalText,
    Matches(MONEY, {
      message: '$property must be an amount such as 8.99 (not negative, at most 2 decimals)',
    }),
  );
}

/** A quantity greater than 0 with at most 2 decimals ("0.5" Kgs), as a string or number. */
export function IsPositiveDecimal(): PropertyDecorator {
  return applyDecorators(
    asDecimalText,
    Matches(POSITIVE_DECIMAL, {
      message: '$property must be a number greater than 0 with at most 2 decimals',
    }),
  );
}

/** A calendar date written `YYYY-MM-DD` that exists (no 2026-02-30). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}$/.test(value) &&
          DateTime.fromISO(value, { zone: 'utc' }).isValid,
        defaultMessage: () => '$property must be a date written YYYY-MM-DD',
      },
    },
    options,
  );
}

/** A time of day written `HH:mm` (24-hour clock). */
export function IsClockTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isClockTime',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
        defaultMessage: () => '$property must be a time written HH:mm, e.g. 18:30',
      },
    },
    options,
  );
}
