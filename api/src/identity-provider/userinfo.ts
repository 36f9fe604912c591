import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { AccountStore } from './account-store.js';
import { accountClaims, claimsForScope } from './claims.js';
import type { PrivateJwk } from './signing-keys.js';

/**
 * The userinfo endpoint, answered here rather than by oidc-provider: its own endpoint refuses access tokens
 * that carry an audience, and ours are audience-bound JWTs. Keycloak accepts them, so the app may call
 * userinfo with the access token it holds, whichever provider is behind the issuer.
 */
export function createUserinfoHandler(options: {
  issuer: string;
  clientId: string;
  signingKeys: PrivateJwk[];
  accounts: AccountStore;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const publicKeys = options.signingKeys.map(
    ({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK,
  );
  const jwks = createLocalJWKSet({ keys: publicKeys });

  return async (req, res) => {
    const reply = (status: number, body: object, error?: string) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        ...(error ? { 'WWW-Authenticate': `Bearer error="${error}"` } : {}),
      });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'POST') return reply(405, { error: 'invalid_request' });
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      return reply(
        401,
        { error: 'invalid_token', error_description: 'no access token provided' },
        'invalid_token',
      );
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.clientId,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      const account = payload.sub ? await options.accounts.findById(payload.sub) : undefined;
      if (!account) throw new Error('account not found');
      return reply(200, claimsForScope(accountClaims(account), String(payload.scope ?? '')));
    } catch {
      return reply(
        401,
        { error: 'invalid_token', error_description: 'invalid access token' },
        'invalid_token',
      );
    }
  };
}
