import { describe, expect, it } from 'vitest';
import { DEV_DATA_ENCRYPTION_KEY } from './field-cipher.js';
import { SignedTokens } from './signed-token.js';

describe('SignedTokens', () => {
  const unsubscribe = new SignedTokens(DEV_DATA_ENCRYPTION_KEY, 'unsubscribe');

  it('verifies its own tokens and reads the subject back', () => {
    const token = unsubscribe.sign('ana@example.com|all');
    expect(unsubscribe.verify(token)).toEqual({ subject: 'ana@example.com|all' });
  });

  it('refuses an altered subject, a token of another purpose and one under another key', () => {
    const token = unsubscribe.sign('ana@example.com|all');
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ s: 'bob@example.com|all', p: 'unsubscribe' })).toString('base64url')}.${mac}`;
    expect(unsubscribe.verify(forged)).toBeNull();
    expect(new SignedTokens(DEV_DATA_ENCRYPTION_KEY, 'confirm').verify(token)).toBeNull();
    const otherKey = new SignedTokens('bG9jYWwtZGVtby1rZXktbm90LWZvci1wcm9kdWN0aW8=', 'unsubscribe');
    expect(otherKey.verify(token)).toBeNull();
    expect(unsubscribe.verify('')).toBeNull();
    expect(unsubscribe.verify('a.b.c')).toBeNull();
    expect(unsubscribe.verify('not-a-token')).toBeNull();
  });

  it('refuses an expired token', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const token = unsubscribe.sign('x', { expiresInSeconds: 60, now });
    expect(unsubscribe.verify(token, new Date('2026-11-24T12:00:59Z'))?.subject).toBe('x');
    expect(unsubscribe.verify(token, new Date('2026-11-24T12:01:01Z'))).toBeNull();
  });
});
