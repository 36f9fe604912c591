import { fractionDigits, normalizeCurrencyCode, CURRENCY_DEFAULT_LOCALE } from './currency.js';
import {
  type DecimalInput,
  divideRoundHalfAwayFromZero,
  formatScaled,
  parseDecimal,
  pow10,
  rescale,
  toSafeInteger,
} from './decimal.js';

/**
 * An amount of money in integer minor units of its currency (cents for USD, paise for INR):
 * `899` is 8.99. Always a safe integer; the currency travels beside it.
 */
export type MinorUnits = number;

function assertMinor(value: MinorUnits, what = 'Minor amount'): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return BigInt(value);
}

/**
 * Converts a decimal amount to minor units of a currency, exactly.
 *
 * The digits of the string (or of the number's shortest decimal string, so `8.99` reads as "8.99",
 * never as 8.9899999…) are scaled by the currency's fraction digits with integer arithmetic.
 * Digits beyond the minor unit are rounded half away from zero: `toMinor("0.005") === 1`,
 * `toMinor("-0.005") === -1`, `toMinor("0.0049") === 0`.
 *
 * @throws RangeError for malformed input (`"1,000"`, `""`, `NaN`) or a result beyond `Number.MAX_SAFE_INTEGER`.
 */
export function toMinor(amount: DecimalInput, currencyCode?: string | null): MinorUnits {
  return toSafeInteger(rescale(parseDecimal(amount), fractionDigits(currencyCode)));
}

/**
 * Like {@link toMinor}, but treats `null`, `undefined` and blank strings as zero. For optional money
 * fields such as an item's `deliveryFees` or `deliveryMinimumAmount`.
 */
export function toMinorOrZero(
  amount: DecimalInput | null | undefined,
  currencyCode?: string | null,
): MinorUnits {
  if (amount === null || amount === undefined) return 0;
  if (typeof amount === 'string' && amount.trim() === '') return 0;
  return toMinor(amount, currencyCode);
}

/** Writes minor units as a plain decimal string with the currency's fraction digits: `1234 → "12.34"`, `-5 → "-0.05"`, `0 → "0.00"`. */
export function fromMinor(minor: MinorUnits, currencyCode?: string | null): string {
  return formatScaled(assertMinor(minor), fractionDigits(currencyCode));
}

/**
 * Multiplies an amount in minor units by a decimal factor (an integer quantity, `"1.5"`, `0.2`),
 * rounding the exact product once, half away from zero: `multiplyMinor(899, 3) === 2697`,
 * `multiplyMinor(5, 0.5) === 3`, `multiplyMinor(-5, 0.5) === -3`.
 */
export function multiplyMinor(minor: MinorUnits, factor: DecimalInput): MinorUnits {
  const f = parseDecimal(factor);
  return toSafeInteger(divideRoundHalfAwayFromZero(assertMinor(minor) * f.coefficient, pow10(f.scale)));
}

/**
 * Multiplies a decimal amount (a price as the chef typed it) by a decimal factor and rounds the exact
 * product once to the currency's minor unit, half away from zero. Unlike `multiplyMinor(toMinor(a), f)`
 * it does not round the price first: `multiplyToMinor("0.125", 3) === 38` (0.375 → 0.38), whereas
 * `multiplyMinor(toMinor("0.125"), 3) === 39` (0.13 × 3).
 */
export function multiplyToMinor(
  amount: DecimalInput,
  factor: DecimalInput,
  currencyCode?: string | null,
): MinorUnits {
  const a = parseDecimal(amount);
  const f = parseDecimal(factor);
  const product = { coefficient: a.coefficient * f.coefficient, scale: a.scale + f.scale };
  return toSafeInteger(rescale(product, fractionDigits(currencyCode)));
}

/**
 * Rounds a decimal to `digits` fraction digits, halves away from zero, and returns a number.
 * It works on the decimal digits, so the float traps of `Math.round(x * 100) / 100` do not apply:
 * `roundHalfAwayFromZero(1.005, 2) === 1.01` (not 1), `roundHalfAwayFromZero(-2.5) === -3` (not -2),
 * `roundHalfAwayFromZero(0.1 + 0.2, 2) === 0.3`.
 */
export function roundHalfAwayFromZero(value: DecimalInput, digits = 0): number {
  if (!Number.isInteger(digits) || digits < 0)
    throw new RangeError(`digits must be a non-negative integer, got ${digits}`);
  return Number(formatScaled(rescale(parseDecimal(value), digits), digits));
}

/**
 * Applies a rate (a fraction: `0.2` is 20 %) to an amount in minor units, rounding half away from
 * zero to a whole minor unit: `applyRate(1999, 0.2) === 400` (399.8 → 400), `applyRate(1234, "0.2") === 247`
 * (246.8), `applyRate(1000, 0.0125) === 13` (12.5 → 13).
 */
export function applyRate(minor: MinorUnits, rate: DecimalInput): MinorUnits {
  return multiplyMinor(minor, rate);
}

/**
 * Converts a percentage to a rate exactly, as a decimal string: `percentToRate(20) === "0.2"`,
 * `percentToRate("12.5") === "0.125"`.
 */
export function percentToRate(percent: DecimalInput): string {
  const p = parseDecimal(percent);
  const text = formatScaled(p.coefficient, p.scale + 2);
  // Drop trailing zeros of the fraction ("0.20" → "0.2", "1.00" → "1").
  return text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/**
 * Applies a percentage (`20` is 20 %) to an amount in minor units, rounding half away from zero:
 * `applyPercentage(1999, 20) === 400`, `applyPercentage(1000, 12.5) === 125`.
 */
export function applyPercentage(minor: MinorUnits, percent: DecimalInput): MinorUnits {
  return multiplyMinor(minor, percentToRate(percent));
}

/** Adds amounts in minor units, throwing a `RangeError` when an input or the sum is not a safe integer. */
export function sumMinor(amounts: readonly MinorUnits[]): MinorUnits {
  let total = 0n;
  for (const amount of amounts) total += assertMinor(amount);
  return toSafeInteger(total, 'Sum');
}

/**
 * Splits an amount in minor units into parts proportional to non-negative integer weights, so that
 * the parts add up to the amount exactly (largest remainder method; ties go to the earlier part):
 * `allocateMinor(100, [1, 1, 1])` is `[34, 33, 33]`; `allocateMinor(2697, [1, 2])` is `[899, 1798]`.
 */
export function allocateMinor(minor: MinorUnits, weights: readonly number[]): MinorUnits[] {
  const total = assertMinor(minor);
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0)
      throw new RangeError(`Weights must be non-negative integers, got ${w}`);
  }
  const weightSum = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (weightSum === 0n) {
    if (total !== 0n) throw new RangeError('Cannot allocate a non-zero amount over zero weights');
    return weights.map(() => 0);
  }
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const parts = weights.map((w) => (abs * BigInt(w)) / weightSum);
  const remainders = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % weightSum }));
  let left = abs - parts.reduce((sum, p) => sum + p, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(negative ? -p : p));
}

// One formatter per locale and currency: creating them is costly and prices are formatted per line.
const MONEY_FORMATTERS = new Map<string, Intl.NumberFormat>();

/**
 * Formats minor units for display with `Intl.NumberFormat`, always with the currency's fraction
 * digits: `formatMoney(2000, "USD") === "$20.00"`, `formatMoney(12345650, "INR") === "₹1,23,456.50"`.
 * Without a locale, the currency's home locale is used ({@link CURRENCY_DEFAULT_LOCALE}, else `en-US`).
 * The amount is handed to Intl as a decimal string, so no float ever stands in between.
 */
export function formatMoney(minor: MinorUnits, currencyCode: string, locale?: string): string {
  const code = normalizeCurrencyCode(currencyCode);
  const digits = fractionDigits(code);
  const resolvedLocale = locale ?? CURRENCY_DEFAULT_LOCALE[code] ?? 'en-US';
  const key = `${resolvedLocale}|${code}`;
  let formatter = MONEY_FORMATTERS.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(resolvedLocale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    MONEY_FORMATTERS.set(key, formatter);
  }
  return formatter.format(fromMinor(minor, code) as `${number}`);
}
