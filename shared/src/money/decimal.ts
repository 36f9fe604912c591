/**
 * Exact decimal arithmetic on scaled integers (`coefficient / 10^scale`), used by the money helpers.
 * Nothing here multiplies floats: numbers are read through their shortest decimal string
 * (`String(8.99) === "8.99"`), and every product or quotient is computed with `bigint`.
 */

/** A decimal amount as a string (`"8.99"`, `"-0.005"`, `"1e3"`) or a finite JavaScript number. */
export type DecimalInput = string | number;

/** A parsed decimal: its value is `coefficient / 10^scale`, `scale >= 0`. */
export interface ScaledDecimal {
  coefficient: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Exponents beyond this are refused rather than turned into enormous `bigint`s. */
const MAX_EXPONENT = 400;

/** `10^n` as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/**
 * Parses a decimal string or a finite number exactly. Accepts an optional sign, digits with an
 * optional fraction, and an optional exponent (`"1e-7"`, as `String(0.0000001)` gives). Surrounding
 * white space is ignored. Throws a `RangeError` on anything else (`""`, `"."`, `"1,000"`, `NaN`).
 */
export function parseDecimal(input: DecimalInput): ScaledDecimal {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new RangeError(`Not a finite number: ${input}`);
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    throw new TypeError(`Expected a decimal string or number, got ${typeof input}`);
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: "${text}"`);
  const [, sign = '', intPart = '', fracPart = '', expPart] = match;
  if (intPart.length === 0 && fracPart.length === 0) throw new RangeError(`Not a decimal amount: "${text}"`);
  const exponent = expPart === undefined ? 0 : Number(expPart);
  if (Math.abs(exponent) > MAX_EXPONENT) throw new RangeError(`Exponent out of range: "${text}"`);
  let coefficient = BigInt(intPart + fracPart || '0');
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    coefficient *= pow10(-scale);
    scale = 0;
  }
  if (sign === '-') coefficient = -coefficient;
  return { coefficient, scale };
}

/**
 * `numerator / denominator` rounded to an integer, halves away from zero
 * (`5/2 → 3`, `-5/2 → -3`, `4/3 → 1`). The denominator must be positive.
 */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator; // carries the numerator's sign
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twiceRemainder >= denominator) return numerator < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

/** Rescales a decimal to `digits` fraction digits, rounding half away from zero; returns the new coefficient. */
export function rescale(value: ScaledDecimal, digits: number): bigint {
  if (value.scale <= digits) return value.coefficient * pow10(digits - value.scale);
  return divideRoundHalfAwayFromZero(value.coefficient, pow10(value.scale - digits));
}

/** Converts a bigint to a number, throwing a `RangeError` when it is not a safe integer. */
export function toSafeInteger(value: bigint, what = 'Amount'): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} is too large to be represented exactly: ${value}`);
  }
  return Number(value);
}

/** Writes `coefficient / 10^digits` as a plain decimal string (`1234n, 2 → "12.34"`, `-5n, 2 → "-0.05"`). */
export function formatScaled(coefficient: bigint, digits: number): string {
  const negative = coefficient < 0n;
  const abs = (negative ? -coefficient : coefficient).toString().padStart(digits + 1, '0');
  const intPart = abs.slice(0, abs.length - digits);
  const fracPart = abs.slice(abs.length - digits);
  return `${negative ? '-' : ''}${intPart}${digits > 0 ? `.${fracPart}` : ''}`;
}
