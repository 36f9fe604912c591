import { createHash, generateKeyPair, hkdfSync, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { Pool } from 'pg';

/** A private RSA signing key as a JWK, with `kid`, `alg` and `use` set. */
export type PrivateJwk = JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };

const generateRsa = promisify(generateKeyPair);

/** RFC 7638 thumbprint, the usual choice of `kid` (Keycloak uses a similar digest). */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

async function generateSigningKey(): Promise<PrivateJwk> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/**
 * The RS256 keys that sign tokens, newest first. Generated once and stored in `idp.signing_keys`, so tokens
 * and sessions stay valid across restarts. Call while holding the schema lock (see ensureIdpSchema).
 */
export async function loadOrCreateSigningKeys(pool: Pool): Promise<PrivateJwk[]> {
  const { rows } = await pool.query<{ jwk: PrivateJwk }>(
    'SELECT jwk FROM idp.signing_keys ORDER BY created_at DESC, kid',
  );
  if (rows.length > 0) return rows.map((r) => r.jwk);
  const key = await generateSigningKey();
  await pool.query('INSERT INTO idp.signing_keys (kid, jwk) VALUES ($1, $2)', [key.kid, key]);
  return [key];
}

/**
 * Secrets for cookie signing and the login forms' CSRF tokens, derived from the newest signing key so they
 * persist with it without a second stored secret.
 */
export function deriveSecrets(key: PrivateJwk): { cookieKeys: string[]; csrfKey: Buffer } {
  const ikm = Buffer.from(key.d ?? '', 'base64url');
  if (ikm.length === 0) throw new Error('the signing key has no private part');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', ikm, key.kid, `hearth-idp ${info}`, 32));
  return { cookieKeys: [derive('cookies').toString('base64url')], csrfKey: derive('csrf') };
}
