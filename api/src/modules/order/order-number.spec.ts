import { describe, expect, it } from 'vitest';
import { newOrderNumber, ORDER_NUMBER_ALPHABET, ORDER_NUMBER_PATTERN } from './order-number.js';

describe(newOrderNumber.name, () => {
  it('looks like HR-7K2F-9Q4M', () => {
    for (let i = 0; i < 200; i++) expect(newOrderNumber()).toMatch(ORDER_NUMBER_PATTERN);
  });

  it('never uses characters that read alike', () => {
    for (const c of '01OILUV') expect(ORDER_NUMBER_ALPHABET).not.toContain(c);
    expect(new Set(ORDER_NUMBER_ALPHABET).size).toBe(ORDER_NUMBER_ALPHABET.length);
  });

  it('draws every symbol, and rarely the same number twice', () => {
    const numbers = Array.from({ length: 5000 }, newOrderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const used = new Set(numbers.join('').replaceAll('HR', '').replaceAll('-', ''));
    expect(used.size).toBe(ORDER_NUMBER_ALPHABET.length);
  });
});
