import { describe, expect, it } from 'vitest';
import { amountToMinor, minorToAmount } from './inbox-access.js';

describe('budget amounts', () => {
  it('reads decimal strings as exact minor units', () => {
    expect(amountToMinor('1500')).toBe(150000);
    expect(amountToMinor('1500.5')).toBe(150050);
    expect(amountToMinor('0.07')).toBe(7);
    expect(amountToMinor('9999999.99')).toBe(999999999);
  });

  it('writes minor units back with two decimals', () => {
    expect(minorToAmount(150050)).toBe('1500.50');
    expect(minorToAmount(7)).toBe('0.07');
    expect(minorToAmount(null)).toBeNull();
    expect(minorToAmount(amountToMinor('0.1'))).toBe('0.10');
  });
});
