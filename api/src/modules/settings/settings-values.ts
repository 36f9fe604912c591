import {
  DeliveryOption,
  DistanceUnit,
  PaymentMethod,
  SettingsKey,
  StopOrdersType,
  fromMinor,
  toMinor,
} from '@hearth/shared';

/** The settings stored as chef_setting rows (jsonb), in the shapes the demo seed writes. */
export interface StoredSettings {
  ZIPCODES: string[];
  RADIUS: number;
  DELIVERY_FEES: string;
  DELIVERY_MEASUREMENT: DistanceUnit;
  PRE_ORDER_NUMBER: number;
  PRE_ORDER_DAYS_HOURS: StopOrdersType;
  DEFAULT_FULFILLMENT: DeliveryOption;
  FOOD_HANDLER_PERMIT: string | null;
  SECRET_CODE: string | null;
  PAYMENT_PREFERENCES: PaymentMethod[];
  CASH_FREE_ACCOUNT_NUMBER: string | null;
  CASH_FREE_IFSC: string | null;
  /** The largest order total the kitchen accepts in cash (its currency); null: no limit. */
  CASH_MAX_ORDER_VALUE: string | null;
}

/** Largest order cut-off in days (a month ahead); in hours the DTO's own limit (720 = 30 days) applies. */
export const MAX_PRE_ORDER_DAYS = 30;

/**
 * Defaults of a kitchen that never saved a setting. Conservative on purpose: nothing is promised to
 * customers (no delivery radius, no fee, pickup) until the chef says so; the cut-off matches the demo
 * kitchens' 12 hours.
 */
export function defaultSettings(distanceUnit: DistanceUnit, currencyCode: string): StoredSettings {
  return {
    ZIPCODES: [],
    RADIUS: 0,
    DELIVERY_FEES: fromMinor(0, currencyCode),
    DELIVERY_MEASUREMENT: distanceUnit,
    PRE_ORDER_NUMBER: 12,
    PRE_ORDER_DAYS_HOURS: StopOrdersType.HOURS,
    DEFAULT_FULFILLMENT: DeliveryOption.PICKUP,
    FOOD_HANDLER_PERMIT: null,
    SECRET_CODE: null,
    PAYMENT_PREFERENCES: [PaymentMethod.CASH_ON_PICKUP_DELIVERY],
    CASH_FREE_ACCOUNT_NUMBER: null,
    CASH_FREE_IFSC: null,
    CASH_MAX_ORDER_VALUE: null,
  };
}

const oneOf =
  <T extends string>(values: Record<string, T>) =>
  (v: unknown): v is T =>
    Object.values(values).includes(v as T);
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** How each stored value is recognised; a row that does not fit (hand-edited, older shape) reads as the default. */
const SHAPES: { [K in keyof StoredSettings]: (v: unknown) => boolean } = {
  ZIPCODES: (v) => Array.isArray(v) && v.every((z) => typeof z === 'string'),
  RADIUS: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  DELIVERY_FEES: (v) => (typeof v === 'string' || typeof v === 'number') && /^\d+(\.\d+)?$/.test(String(v)),
  DELIVERY_MEASUREMENT: oneOf(DistanceUnit),
  PRE_ORDER_NUMBER: (v) => Number.isInteger(v) && (v as number) >= 0,
  PRE_ORDER_DAYS_HOURS: oneOf(StopOrdersType),
  DEFAULT_FULFILLMENT: oneOf(DeliveryOption),
  FOOD_HANDLER_PERMIT: isString,
  SECRET_CODE: isString,
  PAYMENT_PREFERENCES: (v) => Array.isArray(v) && v.every(oneOf(PaymentMethod)),
  CASH_FREE_ACCOUNT_NUMBER: isString,
  CASH_FREE_IFSC: isString,
  CASH_MAX_ORDER_VALUE: (v) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) && Number(v) > 0,
};

/** The stored keys, as the chef_setting key column spells them. */
export const STORED_KEYS = Object.keys(SHAPES) as (keyof StoredSettings & SettingsKey)[];

/** Current values: stored rows over the defaults, the fee written with the currency's decimals. */
export function mergeStored(
  rows: { key: string; value: unknown }[],
  defaults: StoredSettings,
  currencyCode: string,
): StoredSettings {
  const merged: Record<string, unknown> = { ...defaults };
  for (const { key, value } of rows) {
    if (key in SHAPES && SHAPES[key as keyof StoredSettings](value)) merged[key] = value;
  }
  const settings = merged as unknown as StoredSettings;
  settings.DELIVERY_FEES = fromMinor(toMinor(String(settings.DELIVERY_FEES), currencyCode), currencyCode);
  if (settings.CASH_MAX_ORDER_VALUE !== null)
    settings.CASH_MAX_ORDER_VALUE = fromMinor(
      toMinor(settings.CASH_MAX_ORDER_VALUE, currencyCode),
      currencyCode,
    );
  return settings;
}
