import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import OpenIDConnectStrategy from 'passport-openidconnect';
import type { OAuth2 } from 'oauth';
import type { LoginFlowStore } from './login-flow.store.js';

type TokenCallback = (
  err: { statusCode: number; data?: unknown } | null,
  accessToken: string,
  refreshToken: string,
  params: Record<string, unknown>,
) => void;

/**
 * passport-openidconnect 0.1.2 plus PKCE S256 (ADR 006). The library builds the authorization URL from
 * `authorizationParams()` and the token request inside `authenticate()`, with no hook for
 * `code_verifier`. Passport runs each request on its own `Object.create(strategy)`, so this subclass
 * sets the challenge and a per-request token client on `this` without affecting concurrent requests:
 * - starting a flow: a fresh verifier goes on `req.oidcFlow` (the state store keeps it with the state)
 *   and its S256 challenge into the authorization request;
 * - finishing a flow: the state store puts the stored flow on `req.oidcFlow` before the token request,
 *   and the token client adds its verifier.
 * ID-token signatures are checked in the verify callback (the library only decodes the token).
 */
export class PkceOidcStrategy extends OpenIDConnectStrategy {
  private pkceChallenge?: string;

  constructor(
    options: Omit<OpenIDConnectStrategy.StrategyOptions, 'store'> & { store: LoginFlowStore },
    verify: OpenIDConnectStrategy.VerifyFunction,
  ) {
    super({ ...options, store: options.store as unknown as OpenIDConnectStrategy.SessionStore }, verify);
    this.name = 'oidc';
  }

  override authenticate(
    raw: Parameters<OpenIDConnectStrategy['authenticate']>[0],
    options?: Record<string, unknown>,
  ): void {
    // Passport's types name Express's request; the API hands it Fastify's (oidc.guards.ts).
    const req = raw as unknown as FastifyRequest<{ Querystring: { code?: string; error?: string } }>;
    if (req.query?.code) {
      const base = this._oauth2;
      const perRequest = Object.create(base) as OAuth2;
      const withVerifier = (code: string, params: Record<string, unknown>, callback: TokenCallback) =>
        base.getOAuthAccessToken(
          code,
          { ...params, code_verifier: req.oidcFlow?.verifier ?? '' },
          callback as never,
        );
      perRequest.getOAuthAccessToken = withVerifier as OAuth2['getOAuthAccessToken'];
      this._oauth2 = perRequest;
    } else if (!req.query?.error) {
      const verifier = randomBytes(32).toString('base64url');
      req.oidcFlow = { ...req.oidcFlow, verifier };
      this.pkceChallenge = createHash('sha256').update(verifier).digest('base64url');
    }
    super.authenticate(raw, options);
  }

  override authorizationParams(options?: { reauth?: boolean }): object {
    return {
      ...(this.pkceChallenge ? { code_challenge: this.pkceChallenge, code_challenge_method: 'S256' } : {}),
      // Step-up (S-09): the provider must authenticate the user now, whatever session it has.
      ...(options?.reauth ? { max_age: 0 } : {}),
    };
  }
}
