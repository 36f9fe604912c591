import { describe, expect, it } from 'vitest';
import {
  allocateMinor,
  applyPercentage,
  applyRate,
  formatMoney,
  fractionDigits,
  fromMinor,
  multiplyMinor,
  multiplyToMinor,
  normalizeCurrencyCode,
  percentToRate,
  roundHalfAwayFromZero,
  sumMinor,
  toMinor,
  toMinorOrZero,
} from './index.js';
import { divideRoundHalfAwayFromZero, parseDecimal } from './decimal.js';

/** Intl uses non-breaking spaces in some locales; compare with plain spaces. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('fractionDigits', () => {
  it.each(['USD', 'INR', 'CAD', 'SGD', 'MYR', 'AUD'])('is 2 for the spec currency %s', (code) => {
    expect(fractionDigits(code)).toBe(2);
  });

  it('defaults to 2 for a currency not in the table and for a missing code', () => {
    expect(fractionDigits('EUR')).toBe(2);
    expect(fractionDigits(undefined)).toBe(2);
  });

  it('normalises codes: blank means USD, case and spaces do not matter', () => {
    expect(normalizeCurrencyCode(' inr ')).toBe('INR');
    expect(normalizeCurrencyCode('')).toBe('USD');
    expect(normalizeCurrencyCode(null)).toBe('USD');
  });
});

describe('parseDecimal', () => {
  it.each([
    ['8.99', 899n, 2],
    ['10', 10n, 0],
    ['-0.005', -5n, 3],
    ['+1.50', 150n, 2],
    ['.5', 5n, 1],
    ['5.', 5n, 0],
    ['1e3', 1000n, 0],
    ['1.5e-7', 15n, 8],
    ['  42  ', 42n, 0],
  ] as const)('reads %j as %s / 10^%i', (text, coefficient, scale) => {
    expect(parseDecimal(text)).toEqual({ coefficient, scale });
  });

  it('reads numbers through their shortest decimal string', () => {
    // String(0.1 + 0.2) is "0.30000000000000004": 17 fraction digits, exactly that value.
    expect(parseDecimal(0.1 + 0.2)).toEqual({ coefficient: 30000000000000004n, scale: 17 });
    // String(1e-7) is "1e-7".
    expect(parseDecimal(1e-7)).toEqual({ coefficient: 1n, scale: 7 });
  });

  it.each(['', '.', '1,000', '1.2.3', 'abc', '$5', '1e', '--1', '1e999'])('refuses %j', (text) => {
    expect(() => parseDecimal(text)).toThrow(RangeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses the number %s', (n) => {
    expect(() => parseDecimal(n)).toThrow(RangeError);
  });
});

describe('divideRoundHalfAwayFromZero', () => {
  it.each([
    [5n, 2n, 3n], // 2.5 → 3
    [-5n, 2n, -3n], // -2.5 → -3
    [4n, 3n, 1n], // 1.33 → 1
    [5n, 3n, 2n], // 1.67 → 2
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
  ])('%s / %s = %s', (n, d, q) => {
    expect(divideRoundHalfAwayFromZero(n, d)).toBe(q);
  });

  it('refuses a non-positive denominator', () => {
    expect(() => divideRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});

describe('toMinor', () => {
  it.each([
    ['8.99', 899],
    [8.99, 899],
    ['10', 1000],
    [10, 1000],
    ['0.005', 1], // half a cent rounds away from zero
    ['-0.005', -1],
    ['0.0049', 0],
    ['0.015', 2], // the float 0.015 is 0.01499999…, but its digits say 0.015
    [1.005, 101], // Math.round(1.005 * 100) is 100: the float trap avoided
    ['19.999', 2000],
    [0.1 + 0.2, 30], // 0.30000000000000004 → 30 cents
    ['1e2', 10000],
    ['-12.34', -1234],
  ] as const)('%j → %i', (amount, minor) => {
    expect(toMinor(amount, 'USD')).toBe(minor);
  });

  it('uses the currency lookup (every spec currency has 2 digits)', () => {
    expect(toMinor('1234.5', 'INR')).toBe(123450);
    expect(toMinor('1234.5')).toBe(123450);
  });

  it('refuses amounts beyond Number.MAX_SAFE_INTEGER minor units', () => {
    // 90071992547409.91 is exactly MAX_SAFE_INTEGER (9007199254740991) cents; one cent more overflows.
    expect(toMinor('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinor('90071992547409.92')).toThrow(RangeError);
  });

  it('refuses malformed amounts', () => {
    expect(() => toMinor('8,99')).toThrow(RangeError);
    expect(() => toMinor('')).toThrow(RangeError);
  });
});

describe('toMinorOrZero', () => {
  it('treats null, undefined and blank as 0 and reads the rest', () => {
    expect(toMinorOrZero(null)).toBe(0);
    expect(toMinorOrZero(undefined)).toBe(0);
    expect(toMinorOrZero('  ')).toBe(0);
    expect(toMinorOrZero('2.5')).toBe(250);
  });
});

describe('fromMinor', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [-123456, '-1234.56'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%i → %j', (minor, text) => {
    expect(fromMinor(minor, 'USD')).toBe(text);
  });

  it('refuses non-integers', () => {
    expect(() => fromMinor(12.5)).toThrow(RangeError);
  });

  it('round-trips with toMinor', () => {
    for (const minor of [0, 1, 99, 899, 2697, -1, 123456789]) expect(toMinor(fromMinor(minor))).toBe(minor);
  });
});

describe('multiplyMinor', () => {
  it('multiplies by integers exactly: 8.99 × 3 = 26.97', () => {
    // 899 × 3 = 2697.
    expect(multiplyMinor(899, 3)).toBe(2697);
    // Where floats go wrong: 1.10 × 3 is 3.3000000000000003 in floats, 110 × 3 = 330 cents here.
    expect(1.1 * 3).not.toBe(3.3);
    expect(multiplyMinor(110, 3)).toBe(330);
  });

  it('rounds decimal factors half away from zero', () => {
    expect(multiplyMinor(5, 0.5)).toBe(3); // 2.5 → 3
    expect(multiplyMinor(-5, 0.5)).toBe(-3); // -2.5 → -3
    expect(multiplyMinor(10, '0.333')).toBe(3); // 3.33 → 3
    expect(multiplyMinor(899, '1.5')).toBe(1349); // 1348.5 → 1349
  });

  it('handles large quantities without losing cents', () => {
    // 8.99 × 1,000,000 = 8,990,000.00 → 899,000,000 cents.
    expect(multiplyMinor(899, 1_000_000)).toBe(899_000_000);
    // 0.01 × 9,007,199,254,740,991 is the largest safe result; one more overflows.
    expect(multiplyMinor(1, Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => multiplyMinor(2, Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('refuses a non-integer minor amount', () => {
    expect(() => multiplyMinor(8.99, 3)).toThrow(RangeError);
  });
});

describe('multiplyToMinor', () => {
  it('rounds the exact product once, not the price first', () => {
    // 0.125 × 3 = 0.375 → 0.38; rounding the price first would give 0.13 × 3 = 0.39.
    expect(multiplyToMinor('0.125', 3)).toBe(38);
    expect(multiplyMinor(toMinor('0.125'), 3)).toBe(39);
  });

  it('8.99 × 3 = 26.97, 0.1 × 3 = 0.30, 4.35 × 100 = 435.00', () => {
    expect(multiplyToMinor('4.35', 100)).toBe(43500); // 4.35 * 100 is 434.99999999999994 in floats
    expect(multiplyToMinor(8.99, 3)).toBe(2697);
    expect(multiplyToMinor(0.1, 3)).toBe(30); // 0.1 * 3 is 0.30000000000000004 in floats
  });

  it('rounds a half cent away from zero: 0.005 × 1 = 0.01, 0.0025 × 2 = 0.01', () => {
    expect(multiplyToMinor('0.005', 1)).toBe(1);
    expect(multiplyToMinor('0.0025', 2)).toBe(1);
    expect(multiplyToMinor('-0.005', 1)).toBe(-1);
  });
});

describe('roundHalfAwayFromZero', () => {
  it.each([
    [1.005, 2, 1.01], // Math.round(1.005 * 100) / 100 === 1
    [2.5, 0, 3],
    [-2.5, 0, -3], // Math.round(-2.5) === -2
    [0.1 + 0.2, 2, 0.3],
    ['0.005', 2, 0.01],
    ['-0.005', 2, -0.01],
    [1.234, 2, 1.23],
    [26.970000000000002, 2, 26.97],
    [1234.5, 0, 1235],
  ] as const)('round(%j, %i) = %s', (value, digits, expected) => {
    expect(roundHalfAwayFromZero(value, digits)).toBe(expected);
  });

  it('refuses negative or fractional digit counts', () => {
    expect(() => roundHalfAwayFromZero(1, -1)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, 1.5)).toThrow(RangeError);
  });
});

describe('rates and percentages', () => {
  it('applies the platform share 0.2, rounding half away from zero', () => {
    expect(applyRate(1999, 0.2)).toBe(400); // 19.99 × 0.2 = 3.998 → 4.00
    expect(applyRate(1234, '0.2')).toBe(247); // 246.8 → 247
    expect(applyRate(1000, 0.0125)).toBe(13); // 12.5 → 13
    expect(applyRate(1000, 0.0124)).toBe(12); // 12.4 → 12
    expect(applyRate(0, 0.2)).toBe(0);
  });

  it('converts percentages to exact rates', () => {
    expect(percentToRate(20)).toBe('0.2');
    expect(percentToRate('12.5')).toBe('0.125');
    expect(percentToRate(100)).toBe('1');
    expect(percentToRate(0)).toBe('0');
    expect(percentToRate(7)).toBe('0.07');
  });

  it('applies percentages', () => {
    expect(applyPercentage(1999, 20)).toBe(400);
    expect(applyPercentage(1000, 12.5)).toBe(125);
    expect(applyPercentage(999, 15)).toBe(150); // 149.85 → 150
  });
});

describe('sumMinor', () => {
  it('adds exactly where floats do not: 0.10 + 0.20 = 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMinor([10, 20])).toBe(30);
    expect(sumMinor([])).toBe(0);
  });

  it('refuses non-integers and overflow', () => {
    expect(() => sumMinor([1, 0.5])).toThrow(RangeError);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('allocateMinor', () => {
  it('splits evenly with the remainder to the earliest parts', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(101, [1, 1, 1])).toEqual([34, 34, 33]);
  });

  it('splits in proportion when it divides exactly', () => {
    // 8.99 × (1 + 2) slots = 26.97: 8.99 on the first date, 17.98 on the second.
    expect(allocateMinor(2697, [1, 2])).toEqual([899, 1798]);
  });

  it('gives the remainder to the largest fractional part', () => {
    // 10 over [1, 2]: exact 3.33 and 6.67 → 3 and 7.
    expect(allocateMinor(10, [1, 2])).toEqual([3, 7]);
  });

  it('keeps the sign and the sum of negative amounts', () => {
    const parts = allocateMinor(-100, [1, 1, 1]);
    expect(parts).toEqual([-34, -33, -33]);
  });

  it('gives zero-weight parts nothing and refuses to spread money over no weight', () => {
    expect(allocateMinor(50, [0, 1])).toEqual([0, 50]);
    expect(allocateMinor(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocateMinor(1, [0, 0])).toThrow(RangeError);
    expect(() => allocateMinor(1, [-1, 2])).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats USD as the spec example: $20.00', () => {
    expect(formatMoney(2000, 'USD')).toBe('$20.00');
    expect(formatMoney(2697, 'USD', 'en-US')).toBe('$26.97');
  });

  it('uses the currency home locale by default', () => {
    expect(plain(formatMoney(12345650, 'INR'))).toBe('₹1,23,456.50'); // Indian digit grouping
    expect(formatMoney(2000, 'CAD')).toBe('$20.00'); // en-CA, not "CA$"
    expect(formatMoney(2000, 'CAD', 'en-US')).toBe('CA$20.00');
  });

  it('always shows the fraction digits and negative amounts', () => {
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-5, 'USD')).toBe('-$0.05');
  });

  it('formats the largest safe amount without float loss', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
  });
});
