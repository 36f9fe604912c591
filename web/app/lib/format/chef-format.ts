import {
  BrandType,
  COUNTRIES,
  DeliveryOption,
  FoodType,
  PaymentMethod,
  TIME_SLOTS,
  TIME_SLOTS_BY_START,
  Weekday,
  findCountry,
  formatMoney,
  toMinor,
} from '@hearth/shared';
import type { TimeSlot } from '@hearth/shared';

/** A price of the API (a decimal string in the chef's currency) as customers read it: "$8.99", "₹250.00". */
export function formatPrice(amount: string | number | null | undefined, currencyCode: string): string {
  if (amount === null || amount === undefined || amount === '') return '';
  try {
    return formatMoney(toMinor(amount, currencyCode), currencyCode);
  } catch {
    return String(amount);
  }
}

function parts(date: Date, zone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).formatToParts(date)) {
    out[part.type] = part.value;
  }
  return out;
}

function validZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/**
 * "5 PM" or "5:30 PM" in `zone`. Built from parts with plain spaces, so that the server and the browser
 * (whose ICU may put a narrow no-break space before PM) render the same text.
 */
export function clockLabel(at: string | Date, zone: string | null | undefined): string {
  const p = parts(new Date(at), validZone(zone), { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}${p.minute === '00' ? '' : `:${p.minute}`} ${p.dayPeriod}`;
}

/** "Tue 5 PM" in `zone`: when orders close ("Order by Tue 5 PM"). */
export function cutoffLabel(at: string | Date, zone: string | null | undefined): string {
  const p = parts(new Date(at), validZone(zone), { weekday: 'short' });
  return `${p.weekday} ${clockLabel(at, zone)}`;
}

/** "Tue 24 Nov, 5 PM" in `zone`. */
export function dateTimeLabel(at: string | Date, zone: string | null | undefined): string {
  const p = parts(new Date(at), validZone(zone), { weekday: 'short', day: 'numeric', month: 'short' });
  return `${p.weekday} ${p.day} ${p.month}, ${clockLabel(at, zone)}`;
}

/** A calendar date `YYYY-MM-DD` as "Fri 27 Nov" (no time zone involved: it is a date, not an instant). */
export function calendarDateLabel(date: string, { year = false }: { year?: boolean } = {}): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const p = parts(d, 'UTC', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
  });
  return `${p.weekday} ${p.day} ${p.month}${year ? ` ${p.year}` : ''}`;
}

/** An instant as a date: "24 Nov 2025". */
export function shortDate(at: string | Date): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const p = parts(d, 'UTC', { day: 'numeric', month: 'short', year: 'numeric' });
  return `${p.day} ${p.month} ${p.year}`;
}

export const BRAND_TYPE_LABELS: Record<BrandType, string> = {
  [BrandType.HOME_KITCHEN]: 'Home kitchen',
  [BrandType.STORE]: 'Store',
  [BrandType.MART]: 'Mart',
};

export const DELIVERY_OPTION_LABELS: Record<DeliveryOption, string> = {
  [DeliveryOption.PICKUP]: 'Pickup',
  [DeliveryOption.DELIVERY]: 'Delivery',
};

export const FOOD_TYPE_LABELS: Record<FoodType, string> = {
  [FoodType.EGG]: 'Egg',
  [FoodType.YOGURT]: 'Yogurt',
  [FoodType.VEG]: 'Vegetarian',
  [FoodType.ORGANIC]: 'Organic',
  [FoodType.VEGAN]: 'Vegan',
  [FoodType.NON_VEG_MEAT]: 'Meat',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  [PaymentMethod.CASH_ON_PICKUP_DELIVERY]: 'Cash on pickup or delivery',
  [PaymentMethod.STRIPE_CARD]: 'Card (Stripe)',
  [PaymentMethod.PAYPAL]: 'PayPal',
  [PaymentMethod.GOOGLE]: 'Google Pay',
  [PaymentMethod.PAYTM]: 'Paytm',
  [PaymentMethod.CASH_FREE]: 'Cashfree',
};

/** Weekdays Monday first, with their names. */
export const WEEKDAYS: readonly { value: Weekday; label: string }[] = [
  { value: Weekday.MO, label: 'Monday' },
  { value: Weekday.TU, label: 'Tuesday' },
  { value: Weekday.WE, label: 'Wednesday' },
  { value: Weekday.TH, label: 'Thursday' },
  { value: Weekday.FR, label: 'Friday' },
  { value: Weekday.SA, label: 'Saturday' },
  { value: Weekday.SU, label: 'Sunday' },
];

/** Time slots by start hour, labelled as in shared TIME_SLOTS. */
export const TIME_SLOT_OPTIONS: readonly { value: TimeSlot; label: string }[] = TIME_SLOTS_BY_START.map(
  (slot) => ({
    value: slot,
    label: TIME_SLOTS[slot].label,
  }),
);

export function timeSlotLabel(slot: string): string {
  return TIME_SLOTS[slot as TimeSlot]?.label ?? slot;
}

/** Every IANA time zone this runtime knows (the same list on the server and in the browser's form). */
export function timeZoneOptions(current?: string | null): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(zones);
  for (const c of COUNTRIES) all.add(c.defaultTimeZone);
  if (current) all.add(current);
  return [...all].sort();
}

/** The usual time zone of a country (its capital's, roughly), else New York's. */
export function defaultTimeZoneFor(country: string | null | undefined): string {
  return findCountry(country)?.defaultTimeZone ?? COUNTRIES[0].defaultTimeZone;
}

/** Calling codes of the countries served, without repeats ("+1" once for the US and Canada). */
export const PHONE_CODES: readonly { value: string; label: string }[] = (() => {
  const seen = new Map<string, string[]>();
  for (const c of COUNTRIES) seen.set(c.phoneCode, [...(seen.get(c.phoneCode) ?? []), c.code]);
  return [...seen].map(([code, countries]) => ({ value: code, label: `${code} (${countries.join(', ')})` }));
})();

/** Kitchens per page of the admin's review list. */
export const ADMIN_PAGE_SIZE = 20;
