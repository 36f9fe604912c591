import { describe, expect, it } from 'vitest';
import { cartCountCookieValue, readCartCountCookie } from './count-cookie.js';

/** Stand-ins for the SHA-256 (hex) of two carts' tokens (this package has no crypto of its own). */
const HASHES: Record<string, string> = {
  'token-a': '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  'token-b': '60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752',
};
const sha = (token: string) => HASHES[token];

describe('the guest cart count cookie', () => {
  it('reads back the count it was written with, for the same cart only', () => {
    const value = cartCountCookieValue(3, sha('token-a'));
    expect(value).toMatch(/^3\.[0-9a-f]{16}$/);
    expect(readCartCountCookie(value, sha('token-a'))).toBe(3);
    expect(readCartCountCookie(value, sha('token-b'))).toBeNull();
  });

  it('refuses what it did not write', () => {
    const binding = sha('token-a').slice(0, 16);
    for (const value of [
      undefined,
      '',
      'abc',
      `-1.${binding}`,
      `1000.${binding}`,
      `2.5.${binding}`,
      `2.${binding}x`,
    ])
      expect(readCartCountCookie(value, sha('token-a')), String(value)).toBeNull();
    expect(readCartCountCookie(`0.${binding}`, sha('token-a'))).toBe(0);
    expect(readCartCountCookie(`999.${binding}`, sha('token-a'))).toBe(999);
  });
});
