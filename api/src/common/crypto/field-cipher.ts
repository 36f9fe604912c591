import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Development-only key of {@link FieldCipher} (32 zero-free bytes, base64). The API refuses to boot with it
 * in production (config/env.ts); real deployments take DATA_ENCRYPTION_KEY from a secret store or KMS.
 */
export const DEV_DATA_ENCRYPTION_KEY = 'aGVhcnRoLWRldi1vbmx5LWRhdGEta2V5LTMyLWJ5dGU=';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether a value is 32 bytes in standard base64 (the only key size AES-256 takes). */
export function isDataKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

/**
 * Application-layer encryption of single columns (S-12 bank account numbers, S-13 session tokens):
 * AES-256-GCM with a fresh 96-bit IV per value, stored as `v1:<base64url(iv ‖ tag ‖ ciphertext)>`. The tag
 * makes a changed or swapped value fail to decrypt. `v1` names the format and key generation, so a
 * rotation can add `v2` and re-encrypt lazily. Values without the prefix are legacy plaintext, read as is.
 */
export class FieldCipher {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    if (!isDataKey(base64Key)) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes in base64');
    this.key = Buffer.from(base64Key, 'base64');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  decrypt(stored: string): string {
    if (!FieldCipher.isEncrypted(stored)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted value is truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }

  encryptNullable(plain: string | null): string | null {
    return plain === null ? null : this.encrypt(plain);
  }

  decryptNullable(stored: string | null): string | null {
    return stored === null ? null : this.decrypt(stored);
  }

  static isEncrypted(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }
}
