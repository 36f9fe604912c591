import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('accepts the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('hearth-demo');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('hearth-demo', hash)).resolves.toBe(true);
    await expect(verifyPassword('hearth-demo ', hash)).resolves.toBe(false);
  });

  it('salts every hash and never matches a malformed one', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    await expect(verifyPassword('same', 'plain-text')).resolves.toBe(false);
  });
});
