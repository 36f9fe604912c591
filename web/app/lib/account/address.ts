import { COUNTRIES, DEFAULTS, LocationType, formatAddressLine } from '@hearth/shared';
import type { AddressParts } from '@hearth/shared';
import type { Schemas } from '../api/schemas';

/** A delivery address (spec §3 Address) as the API returns it. */
export type Address = Schemas['AddressDto'];

/** What the form sends to the API: every field of an Address but `id`. */
export type AddressInput = Omit<Address, 'id'>;

export const ADDRESS_FIELDS = [
  'name',
  'address',
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
  'isUnderUse',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * The form's raw text for each field, kept as typed so a failed submit can show it again (`isUnderUse`
 * is a checkbox: 'on' or '').
 */
export type AddressValues = Record<AddressField, string>;
export type AddressFieldErrors = Partial<Record<AddressField, string>>;

/** locationType choices: the three kinds of spec §3 plus '' ("not said"). */
export const LOCATION_TYPE_OPTIONS: readonly { value: LocationType | ''; label: string }[] = [
  { value: '', label: 'Not specified' },
  { value: LocationType.RESIDENTIAL, label: 'Residential' },
  { value: LocationType.BUSINESS, label: 'Business' },
  { value: LocationType.APARTMENT, label: 'Apartment' },
];

export const COUNTRY_NAMES: readonly string[] = COUNTRIES.map((c) => c.name);

/** An empty form: name Home, country United States (spec §3 defaults). */
export function emptyAddressValues(): AddressValues {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as AddressValues;
  values.name = DEFAULTS.addressName;
  values.country = DEFAULTS.country;
  return values;
}

/**
 * The form text of a saved address (for editing). Its coordinates stay out: sent back unchanged they would
 * pin the address where it was even after its zip code changes; the API keeps them while the code stays.
 */
export function addressToValues(address: Partial<Address>): AddressValues {
  const values = emptyAddressValues();
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (field === 'isUnderUse') values[field] = value === true ? 'on' : '';
    else if (field === 'lat' || field === 'lng') values[field] = '';
    else values[field] = value === null || value === undefined ? '' : String(value);
  }
  if (!values.name) values.name = DEFAULTS.addressName;
  if (!values.country) values.country = DEFAULTS.country;
  return values;
}

export function readAddressValues(form: FormData): AddressValues {
  const values = emptyAddressValues();
  for (const field of ADDRESS_FIELDS) {
    const raw = form.get(field);
    values[field] = typeof raw === 'string' ? raw : '';
  }
  return values;
}

function coordinate(raw: string, limit: number, label: string): { value: number | null; error?: string } {
  const text = raw.trim();
  if (text === '') return { value: null };
  const n = Number(text);
  if (!Number.isFinite(n) || Math.abs(n) > limit) {
    return { value: null, error: `${label} must be a number between -${limit} and ${limit}, or left empty.` };
  }
  return { value: n };
}

/**
 * Turns the form into the API's JSON. Only what cannot be sent at all is checked here (coordinates
 * that are not numbers); every other rule is the API's, whose field errors appear beside the fields.
 */
export function parseAddressForm(
  values: AddressValues,
): { ok: true; input: AddressInput } | { ok: false; fieldErrors: AddressFieldErrors } {
  const lat = coordinate(values.lat, 90, 'Latitude');
  const lng = coordinate(values.lng, 180, 'Longitude');
  const fieldErrors: AddressFieldErrors = {};
  if (lat.error) fieldErrors.lat = lat.error;
  if (lng.error) fieldErrors.lng = lng.error;
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const optional = (field: AddressField) => values[field].trim() || null;
  const locationType = values.locationType.trim();
  return {
    ok: true,
    input: {
      name: values.name.trim() || DEFAULTS.addressName,
      address: optional('address'),
      addressLine1: optional('addressLine1'),
      addressLine2: optional('addressLine2'),
      city: optional('city'),
      state: optional('state'),
      country: values.country.trim() || DEFAULTS.country,
      locality: optional('locality'),
      district: optional('district'),
      zipcode: optional('zipcode'),
      // Sent as chosen; the API rejects anything but the spec's kinds or ''.
      locationType: locationType as LocationType | '',
      deliveryNote: optional('deliveryNote'),
      lat: lat.value,
      lng: lng.value,
      isUnderUse: values.isUnderUse === 'on',
    },
  };
}

/**
 * One line for the list: "12 Main St, Apt 4, Austin, TX 78701, United States", each part once (the shared
 * rule: a locality that is the city, or a one-line address holding the city, does not repeat it).
 */
export function formatAddress(a: AddressParts, options?: { withCountry?: boolean }): string {
  return formatAddressLine(a, options);
}
