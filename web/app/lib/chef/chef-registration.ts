import { BrandType, COUNTRIES, LocationType, findCountry } from '@hearth/shared';
import type { PublisherDetail } from './chef-types';
import { defaultTimeZoneFor } from '../format/chef-format';
import { resolveByNames } from '../forms/form-errors';
import type { FieldErrors, FormValues } from '../forms/form-values';
import { isOn, nullableText, optionalText, textOf } from '../forms/form-values';

/** The address inputs of the kitchen (sent nested as `address`; the API's errors say `address.city`). */
export const KITCHEN_ADDRESS_FIELDS = [
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipcode',
  'locality',
  'district',
  'locationType',
  'deliveryNote',
  'lat',
  'lng',
] as const;

export const REGISTRATION_FIELDS = [
  'kitchenName',
  'brandDisplayName',
  'brandType',
  'speciality',
  'profileDescription',
  'phoneCountryCode',
  'phoneNumber',
  'whatsAppCountryCode',
  'whatsAppNumber',
  'timeZone',
  'country',
  'acceptAgreement',
  'address',
  ...KITCHEN_ADDRESS_FIELDS,
] as const;

/** `address.city` → `city`; `address` alone (missing) stays `address`. */
export const resolveRegistrationField = resolveByNames(REGISTRATION_FIELDS, { 'address.': '' });

export const BRAND_TYPE_OPTIONS = [
  { value: BrandType.HOME_KITCHEN, label: 'Home kitchen' },
  { value: BrandType.STORE, label: 'Store' },
  { value: BrandType.MART, label: 'Mart' },
];

export const LOCATION_TYPE_CHOICES = [
  { value: '', label: 'Not specified' },
  { value: LocationType.RESIDENTIAL, label: 'Residential' },
  { value: LocationType.BUSINESS, label: 'Business' },
  { value: LocationType.APARTMENT, label: 'Apartment' },
];

/** An empty registration form: United States, its calling code and time zone, a home kitchen. */
export function emptyRegistrationValues(country = COUNTRIES[0].name): FormValues {
  const c = findCountry(country) ?? COUNTRIES[0];
  return {
    kitchenName: '',
    brandDisplayName: '',
    brandType: BrandType.HOME_KITCHEN,
    speciality: '',
    profileDescription: '',
    phoneCountryCode: c.phoneCode,
    phoneNumber: '',
    whatsAppCountryCode: c.phoneCode,
    whatsAppNumber: '',
    timeZone: c.defaultTimeZone,
    country: c.name,
    acceptAgreement: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    zipcode: '',
    locality: '',
    district: '',
    locationType: '',
    deliveryNote: '',
    lat: '',
    lng: '',
  };
}

/** The form text of a registered kitchen, for changing its details. */
export function publisherToValues(p: PublisherDetail): FormValues {
  const values = emptyRegistrationValues(p.country ?? undefined);
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  Object.assign(values, {
    kitchenName: p.kitchenName,
    brandDisplayName: p.brandDisplayName,
    brandType: p.brandType,
    speciality: s(p.speciality),
    profileDescription: s(p.profileDescription),
    phoneCountryCode: p.phoneCountryCode ?? values.phoneCountryCode,
    phoneNumber: s(p.phoneNumber),
    whatsAppCountryCode: p.whatsAppCountryCode ?? values.whatsAppCountryCode,
    whatsAppNumber: s(p.whatsAppNumber),
    timeZone: p.timeZone?.timeZoneId ?? defaultTimeZoneFor(p.country),
    country: p.country ?? values.country,
    acceptAgreement: p.acceptAgreement ? 'on' : '',
  });
  const a = p.location;
  if (a) {
    // Not the coordinates: the API keeps them while the zip code stays, and places the address anew when it changes.
    for (const field of KITCHEN_ADDRESS_FIELDS) {
      if (field !== 'lat' && field !== 'lng') values[field] = s(a[field as keyof typeof a]);
    }
  }
  return values;
}

function coordinate(
  raw: string,
  limit: number,
  label: string,
): { value: number | string | undefined; error?: string } {
  const text = raw.trim();
  if (text === '') return { value: undefined };
  const n = Number(text);
  if (!Number.isFinite(n) || Math.abs(n) > limit) {
    return { value: text, error: `${label} must be a number between -${limit} and ${limit}.` };
  }
  return { value: n };
}

type Parsed = { ok: true; body: Record<string, unknown> } | { ok: false; fieldErrors: FieldErrors };

/**
 * A kitchen address or pickup place as the API takes it (`KitchenAddressDto`): coordinates as numbers,
 * empty optional parts left out. A pickup `place` has its own name and country; the kitchen address
 * of the registration takes the kitchen's country.
 */
export function parseKitchenAddress(values: FormValues, { place = false }: { place?: boolean } = {}): Parsed {
  const t = (name: string) => textOf(values, name);
  const lat = coordinate(t('lat'), 90, 'Latitude');
  const lng = coordinate(t('lng'), 180, 'Longitude');
  const fieldErrors: FieldErrors = {};
  if (lat.error) fieldErrors.lat = lat.error;
  if (lng.error) fieldErrors.lng = lng.error;
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return {
    ok: true,
    body: {
      name: place ? optionalText(t('name')) : undefined,
      country: place ? optionalText(t('country')) : undefined,
      addressLine1: t('addressLine1').trim(),
      addressLine2: optionalText(t('addressLine2')),
      city: t('city').trim(),
      state: optionalText(t('state')),
      zipcode: t('zipcode').trim(),
      locality: optionalText(t('locality')),
      district: optionalText(t('district')),
      locationType: t('locationType'),
      deliveryNote: optionalText(t('deliveryNote')),
      lat: lat.value,
      lng: lng.value,
    },
  };
}

/**
 * The API's JSON for `POST publisher` (or `PUT publisher/save` when `forSave`): the address goes nested,
 * coordinates as numbers. Coordinates that are not numbers are refused here; every other rule is the API's.
 */
export function parseRegistration(values: FormValues, { forSave = false } = {}): Parsed {
  const t = (name: string) => textOf(values, name);
  const address = parseKitchenAddress(values);
  if (!address.ok) return address;
  const body: Record<string, unknown> = {
    kitchenName: t('kitchenName').trim(),
    brandDisplayName: t('brandDisplayName').trim(),
    brandType: t('brandType') || undefined,
    speciality: forSave ? nullableText(t('speciality')) : optionalText(t('speciality')),
    profileDescription: forSave
      ? nullableText(t('profileDescription'))
      : optionalText(t('profileDescription')),
    phoneCountryCode: optionalText(t('phoneCountryCode')),
    phoneNumber: t('phoneNumber').trim(),
    whatsAppCountryCode: t('whatsAppNumber').trim() ? optionalText(t('whatsAppCountryCode')) : undefined,
    whatsAppNumber: forSave ? nullableText(t('whatsAppNumber')) : optionalText(t('whatsAppNumber')),
    address: address.body,
    timeZone: t('timeZone'),
    country: t('country'),
  };
  if (!forSave) body.acceptAgreement = isOn(values, 'acceptAgreement');
  return { ok: true, body };
}

/** The kitchen's uploads: which API endpoint each takes, its field, and how many files at once. */
export const KITCHEN_UPLOADS = {
  'upload-logo': { path: 'publisher/upload-logo', field: 'file', multiple: false, label: 'Logo' },
  'upload-profile-picture': {
    path: 'publisher/upload-profile-picture',
    field: 'file',
    multiple: false,
    label: 'Profile picture',
  },
  'upload-kitchen-pictures': {
    path: 'publisher/upload-kitchen-pictures',
    field: 'files',
    multiple: true,
    label: 'Kitchen pictures',
  },
  'upload-identity-pictures': {
    path: 'publisher/upload-identity-pictures',
    field: 'files',
    multiple: true,
    label: 'Identity pictures',
  },
  'upload-licenses': {
    path: 'publisher/upload-licenses',
    field: 'files',
    multiple: true,
    label: 'Licences and certifications',
  },
} as const;
export type KitchenUpload = keyof typeof KITCHEN_UPLOADS;

export function isKitchenUpload(intent: unknown): intent is KitchenUpload {
  return typeof intent === 'string' && intent in KITCHEN_UPLOADS;
}
