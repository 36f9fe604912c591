import type { DistanceUnit } from '../enums/index.js';

/** A country the marketplace serves (spec §9), with its currency and distance unit. */
export interface Country {
  name: string;
  code: string;
  currencyCode: string;
  distanceUnit: DistanceUnit;
  phoneCode: string;
  defaultTimeZone: string;
}

/** Countries (spec §9): United States US, India IN, Canada CA, Singapore SG, Malaysia MY, Australia AU. */
export const COUNTRIES: readonly Country[] = [
  {
    name: 'United States',
    code: 'US',
    currencyCode: 'USD',
    distanceUnit: 'miles',
    phoneCode: '+1',
    defaultTimeZone: 'America/New_York',
  },
  {
    name: 'India',
    code: 'IN',
    currencyCode: 'INR',
    distanceUnit: 'km',
    phoneCode: '+91',
    defaultTimeZone: 'Asia/Kolkata',
  },
  {
    name: 'Canada',
    code: 'CA',
    currencyCode: 'CAD',
    distanceUnit: 'km',
    phoneCode: '+1',
    defaultTimeZone: 'America/Toronto',
  },
  {
    name: 'Singapore',
    code: 'SG',
    currencyCode: 'SGD',
    distanceUnit: 'km',
    phoneCode: '+65',
    defaultTimeZone: 'Asia/Singapore',
  },
  {
    name: 'Malaysia',
    code: 'MY',
    currencyCode: 'MYR',
    distanceUnit: 'km',
    phoneCode: '+60',
    defaultTimeZone: 'Asia/Kuala_Lumpur',
  },
  {
    name: 'Australia',
    code: 'AU',
    currencyCode: 'AUD',
    distanceUnit: 'km',
    phoneCode: '+61',
    defaultTimeZone: 'Australia/Sydney',
  },
];

/** The default country of an address (spec §3). */
export const DEFAULT_COUNTRY = 'United States';

/** Finds a country by its name or ISO code, case-insensitively. */
export function findCountry(nameOrCode: string | null | undefined): Country | undefined {
  if (!nameOrCode) return undefined;
  const key = nameOrCode.trim().toLowerCase();
  return COUNTRIES.find((c) => c.code.toLowerCase() === key || c.name.toLowerCase() === key);
}

/** Currency of a country (USD when unknown). */
export function currencyForCountry(nameOrCode: string | null | undefined): string {
  return findCountry(nameOrCode)?.currencyCode ?? 'USD';
}

/** Distance unit of a country: miles in the US, km elsewhere. */
export function distanceUnitForCountry(nameOrCode: string | null | undefined): DistanceUnit {
  return findCountry(nameOrCode)?.distanceUnit ?? 'miles';
}
