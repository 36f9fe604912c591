import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cartCountCookieValue, readCartCountCookie } from './count-cookie.js';

const sha = (token: string) => createHash('sha256').update(token).digest('hex');

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
