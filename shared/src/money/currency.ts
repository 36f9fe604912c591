/**
 * Fraction digits of the currencies the marketplace sells in (spec §9 countries: US, IN, CA, SG, MY,
 * AU). All six have 2; any other currency falls back to {@link DEFAULT_FRACTION_DIGITS}. Add an entry
 * here (e.g. `JPY: 0`, `KWD: 3`) before selling in a currency with a different minor unit.
 */
export const CURRENCY_FRACTION_DIGITS: Readonly<Record<string, number>> = {
  USD: 2,
  INR: 2,
  CAD: 2,
  SGD: 2,
  MYR: 2,
  AUD: 2,
};

/** Fraction digits of a currency missing from {@link CURRENCY_FRACTION_DIGITS}. */
export const DEFAULT_FRACTION_DIGITS = 2;

/** The currency used when a price carries no currency code. */
export const DEFAULT_CURRENCY_CODE = 'USD';

/**
 * Locale used to format each currency when the caller gives none: the currency's home market,
 * so a Canadian chef's prices read "$20.00" rather than "CA$20.00".
 */
export const CURRENCY_DEFAULT_LOCALE: Readonly<Record<string, string>> = {
  USD: 'en-US',
  INR: 'en-IN',
  CAD: 'en-CA',
  SGD: 'en-SG',
  MYR: 'en-MY',
  AUD: 'en-AU',
};

/** Normalises a currency code (`" usd "` → `"USD"`); empty or missing codes become {@link DEFAULT_CURRENCY_CODE}. */
export function normalizeCurrencyCode(currencyCode: string | null | undefined): string {
  const code = (currencyCode ?? '').trim().toUpperCase();
  return code.length > 0 ? code : DEFAULT_CURRENCY_CODE;
}

/** Number of fraction digits of a currency's minor unit (2 for every spec currency; 2 when unknown). */
export function fractionDigits(currencyCode?: string | null): number {
  return CURRENCY_FRACTION_DIGITS[normalizeCurrencyCode(currencyCode)] ?? DEFAULT_FRACTION_DIGITS;
}
