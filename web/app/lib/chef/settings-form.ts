import {
  DEFAULT_COUNTRY,
  DeliveryOption,
  DistanceUnit,
  StopOrdersType,
  paymentMethodsFor,
  PaymentMethod,
} from '@hearth/shared';
import type { ChefSettings, PickupLocation } from './chef-types';
import { PAYMENT_METHOD_LABELS } from '../format/chef-format';
import type { FormValues } from '../forms/form-values';
import { joinList, listOf, numberOrText, splitList, textOf } from '../forms/form-values';

/** The forms of /l/settings that save settings keys, and the keys each one sends. */
export const SETTINGS_FORMS = {
  delivery: ['ZIPCODES', 'RADIUS', 'DELIVERY_MEASUREMENT', 'DELIVERY_FEES', 'DEFAULT_FULFILLMENT'],
  ordering: ['PRE_ORDER_NUMBER', 'PRE_ORDER_DAYS_HOURS'],
  'time-zone': ['TIME_ZONE'],
  payments: ['PAYMENT_PREFERENCES', 'CASH_MAX_ORDER_VALUE'],
} as const;
export type SettingsForm = keyof typeof SETTINGS_FORMS;

export function isSettingsForm(intent: unknown): intent is SettingsForm {
  return typeof intent === 'string' && intent in SETTINGS_FORMS;
}

/** What a method needs before customers see it at checkout (the chef may tick it before that). */
const METHOD_NEEDS: Partial<Record<PaymentMethod, string>> = {
  [PaymentMethod.STRIPE_CARD]: 'needs Stripe onboarding first, under Getting paid',
  [PaymentMethod.GOOGLE]: 'through Stripe: needs Stripe onboarding first',
  [PaymentMethod.CASH_FREE]: 'needs your bank account registered with Cashfree',
  [PaymentMethod.PAYTM]: "through Cashfree's checkout: needs your bank account registered",
};

/** The payment methods a kitchen in this country may offer (no Paytm or Cashfree outside India). */
export function paymentChoices(country: string | null | undefined) {
  return paymentMethodsFor(country).map((method) => ({
    value: method,
    label: `${PAYMENT_METHOD_LABELS[method]}${METHOD_NEEDS[method] ? ` (${METHOD_NEEDS[method]})` : ''}`,
  }));
}

/** The kitchen's country: its own address's (the primary pickup location), as the API decides it too. */
export function kitchenCountry(settings: Pick<ChefSettings, 'PICKUP_LOCATIONS'>): string {
  const own = settings.PICKUP_LOCATIONS.find((p) => p.isPrimary) ?? settings.PICKUP_LOCATIONS[0];
  return own?.country ?? DEFAULT_COUNTRY;
}

export const DISTANCE_CHOICES = [
  { value: DistanceUnit.MILES, label: 'Miles' },
  { value: DistanceUnit.KM, label: 'Kilometres' },
];

export const CUTOFF_UNIT_CHOICES = [
  { value: StopOrdersType.HOURS, label: 'Hours' },
  { value: StopOrdersType.DAYS, label: 'Days' },
];

export const FULFILMENT_CHOICES = [
  { value: DeliveryOption.PICKUP, label: 'Pickup' },
  { value: DeliveryOption.DELIVERY, label: 'Delivery' },
];

/** The current settings as the forms show them. */
export function settingsValues(s: ChefSettings): FormValues {
  return {
    ZIPCODES: joinList(s.ZIPCODES),
    RADIUS: String(s.RADIUS ?? ''),
    DELIVERY_MEASUREMENT: s.DELIVERY_MEASUREMENT,
    DELIVERY_FEES: s.DELIVERY_FEES ?? '',
    DEFAULT_FULFILLMENT: s.DEFAULT_FULFILLMENT,
    PRE_ORDER_NUMBER: String(s.PRE_ORDER_NUMBER ?? ''),
    PRE_ORDER_DAYS_HOURS: s.PRE_ORDER_DAYS_HOURS,
    TIME_ZONE: s.TIME_ZONE?.timeZoneId ?? '',
    PAYMENT_PREFERENCES: [...(s.PAYMENT_PREFERENCES ?? [])],
    CASH_MAX_ORDER_VALUE: s.CASH_MAX_ORDER_VALUE ?? '',
  };
}

/** The keys one settings form sends to `settings/save-settings`. */
export function settingsChanges(form: SettingsForm, values: FormValues): Record<string, unknown> {
  const t = (name: string) => textOf(values, name);
  switch (form) {
    case 'delivery':
      return {
        ZIPCODES: splitList(t('ZIPCODES'), { spaces: true }),
        RADIUS: numberOrText(t('RADIUS')) ?? 0,
        DELIVERY_MEASUREMENT: t('DELIVERY_MEASUREMENT'),
        DELIVERY_FEES: t('DELIVERY_FEES').trim() || '0',
        DEFAULT_FULFILLMENT: t('DEFAULT_FULFILLMENT'),
      };
    case 'ordering':
      return {
        PRE_ORDER_NUMBER: numberOrText(t('PRE_ORDER_NUMBER')) ?? 0,
        PRE_ORDER_DAYS_HOURS: t('PRE_ORDER_DAYS_HOURS'),
      };
    case 'time-zone':
      return { TIME_ZONE: t('TIME_ZONE') };
    case 'payments':
      // An empty cash limit is sent as '' (no limit), so clearing the field removes it.
      return {
        PAYMENT_PREFERENCES: listOf(values, 'PAYMENT_PREFERENCES'),
        CASH_MAX_ORDER_VALUE: t('CASH_MAX_ORDER_VALUE').trim(),
      };
  }
}

export const BENEFICIARY_FIELDS = [
  'name',
  'accountNumber',
  'ifsc',
  'email',
  'phone',
  'address1',
  'city',
  'state',
  'pincode',
] as const;

export function beneficiaryValues(s: ChefSettings): FormValues {
  const b = s.CASH_FREE;
  return {
    name: b?.name ?? '',
    // Never prefilled: responses carry only the last 4 digits (S-12); the chef types the whole number.
    accountNumber: '',
    ifsc: s.CASH_FREE_IFSC ?? b?.ifsc ?? '',
    email: b?.email ?? '',
    phone: b?.phone ?? '',
    address1: b?.address1 ?? '',
    city: b?.city ?? '',
    state: b?.state ?? '',
    pincode: b?.pincode ?? '',
  };
}

export function beneficiaryBody(values: FormValues): Record<string, string> {
  return Object.fromEntries(BENEFICIARY_FIELDS.map((f) => [f, textOf(values, f).trim()]));
}

export const PICKUP_FIELDS = [
  'name',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipcode',
  'country',
  'locality',
  'district',
  'locationType',
  'deliveryNote',
  'lat',
  'lng',
] as const;

export function emptyPickupValues(country: string): FormValues {
  const values: FormValues = Object.fromEntries(PICKUP_FIELDS.map((f) => [f, '']));
  values.country = country;
  return values;
}

/**
 * The form text of a pickup place, for changing it. Its coordinates stay out: the API keeps them while the
 * zip code stays, and places the address anew when it changes.
 */
export function pickupToValues(p: PickupLocation): FormValues {
  const values: FormValues = {};
  for (const field of PICKUP_FIELDS) {
    const value = field === 'lat' || field === 'lng' ? null : p[field as keyof PickupLocation];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}
