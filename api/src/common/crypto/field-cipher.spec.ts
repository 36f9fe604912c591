import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY, FieldCipher, isDataKey } from './field-cipher.js';

describe('FieldCipher', () => {
  const cipher = new FieldCipher(DEV_DATA_ENCRYPTION_KEY);

  it('round-trips text and never stores it readable', () => {
    const stored = cipher.encrypt('123456789012');
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('123456789012');
    expect(cipher.decrypt(stored)).toBe('123456789012');
  });

  it('gives a different ciphertext each time (fresh IV)', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses a changed ciphertext and a foreign key', () => {
    const stored = cipher.encrypt('secret token');
    const raw = Buffer.from(stored.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => cipher.decrypt(`v1:${raw.toString('base64url')}`)).toThrow();
    const other = new FieldCipher(randomBytes(32).toString('base64'));
    expect(() => other.decrypt(stored)).toThrow();
  });

  it('reads legacy plaintext as is', () => {
    expect(cipher.decrypt('eyJhbGciOi.legacy')).toBe('eyJhbGciOi.legacy');
    expect(cipher.decryptNullable(null)).toBeNull();
  });

  it('takes only 32-byte base64 keys', () => {
    expect(isDataKey(DEV_DATA_ENCRYPTION_KEY)).toBe(true);
    expect(isDataKey(randomBytes(16).toString('base64'))).toBe(false);
    expect(() => new FieldCipher('short')).toThrow(/32 bytes/);
  });
});
