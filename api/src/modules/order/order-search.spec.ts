import { describe, expect, it } from 'vitest';
import { escapeLike, looksLikePhone, phoneDigits } from './order-search.service.js';

describe('order search text', () => {
  it("escapes LIKE's wildcards and its escape character, and nothing else", () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike("pat o'neil@example.test")).toBe("pat o'neil@example.test");
  });

  it('reads the digits of a phone number in any formatting', () => {
    expect(phoneDigits('+1 (201) 555-0101')).toBe('12015550101');
    expect(phoneDigits('201.555.0101')).toBe('2015550101');
    expect(phoneDigits('no digits')).toBe('');
  });

  it('takes text for a phone number only when it is digits and separators, with at least 4 digits', () => {
    expect(looksLikePhone('(201) 555-0101')).toBe(true);
    expect(looksLikePhone('+44 20 7946 0958')).toBe(true);
    expect(looksLikePhone('0101')).toBe(true);
    expect(looksLikePhone('010')).toBe(false);
    expect(looksLikePhone('HR-7K2F-9Q4M')).toBe(false);
    expect(looksLikePhone('pat 2015')).toBe(false);
  });
});
