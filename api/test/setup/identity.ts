import { createServer } from 'node:net';
import { SignJWT, importJWK } from 'jose';
import pg from 'pg';
import { loadIdpConfig } from '../../src/identity-provider/idp-config.js';
import {
  startIdentityProvider,
  type RunningIdentityProvider,
} from '../../src/identity-provider/identity-provider.js';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real local identity provider on a free port, storing its state in the run's test database. */
export async function startTestIdentityProvider(appOrigin: string): Promise<RunningIdentityProvider> {
  const port = await freePort();
  const config = loadIdpConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    HEARTH_DEMO: '1',
    IDP_PORT: String(port),
    IDP_HOST: '127.0.0.1',
    IDP_ISSUER: `http://localhost:${port}/realms/hearth`,
    IDP_REDIRECT_URIS: `${appOrigin}/services/publisher/api/auth/callback`,
    IDP_POST_LOGOUT_REDIRECT_URIS: `${appOrigin}/`,
  });
  return startIdentityProvider(config, { log: () => {} });
}

/**
 * Signs a token with the provider's own key (read from its table), to test how the API treats tokens it
 * did not see minted: expired, foreign issuer, foreign audience, chosen roles.
 */
export async function mintToken(
  claims: Record<string, unknown>,
  options: { issuer: string; audience: string; expiresIn?: string | number; subject: string },
): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ jwk: Record<string, string> }>(
      'SELECT jwk FROM idp.signing_keys ORDER BY created_at DESC LIMIT 1',
    );
    const key = await importJWK(rows[0].jwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: rows[0].jwk.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setSubject(options.subject)
      .setIssuedAt(now - 60)
      .setExpirationTime(
        typeof options.expiresIn === 'number' ? options.expiresIn : (options.expiresIn ?? '5m'),
      )
      .sign(key);
  } finally {
    await client.end();
  }
}
