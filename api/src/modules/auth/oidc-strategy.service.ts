import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import passport from 'passport';
import { API_PREFIX } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { REDIS } from '../../redis/redis.module.js';
import { secureCookies } from '../../common/http/secure-cookies.js';
import { LoginFlowStore, type LoginFlow } from './login-flow.store.js';
import { OidcClientService, type HearthClaims } from './oidc-client.service.js';
import { PkceOidcStrategy } from './pkce-oidc.strategy.js';

/** What the callback's verify step hands to the controller as `req.user`. */
export interface OidcLoginResult {
  claims: HearthClaims;
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
}

export const OIDC_STRATEGY = 'oidc';

/**
 * Registers the passport strategy once the provider's discovery document is known (the provider may start
 * after the API), and owns the login-flow store.
 */
@Injectable()
export class OidcStrategyService {
  readonly store: LoginFlowStore;
  private registered?: Promise<void>;

  constructor(
    private readonly oidc: OidcClientService,
    private readonly config: ConfigService<Env, true>,
    @Inject(REDIS) redis: Redis,
  ) {
    this.store = new LoginFlowStore(redis, secureCookies(config));
  }

  /** The browser returns here from the provider, through the web origin's API proxy. */
  get callbackUrl(): string {
    return `${this.config.get('WEB_ORIGIN', { infer: true })}${API_PREFIX}/auth/callback`;
  }

  ensureRegistered(): Promise<void> {
    this.registered ??= this.register().catch((error: unknown) => {
      this.registered = undefined;
      throw error;
    });
    return this.registered;
  }

  private async register(): Promise<void> {
    const metadata = await this.oidc.discover();
    const strategy = new PkceOidcStrategy(
      {
        issuer: metadata.issuer,
        authorizationURL: metadata.authorization_endpoint,
        tokenURL: metadata.token_endpoint,
        userInfoURL: metadata.userinfo_endpoint ?? '',
        clientID: this.oidc.clientId,
        clientSecret: this.oidc.clientSecret,
        callbackURL: this.callbackUrl,
        scope: ['profile', 'email'],
        nonce: 'true',
        store: this.store,
        passReqToCallback: true,
        skipUserProfile: true,
      } as never,
      // Arity 9 (with req): the library passes the raw ID token and the token response.
      ((
        _req: FastifyRequest,
        _issuer: string,
        _profile: unknown,
        _context: unknown,
        idToken: string,
        accessToken: string,
        refreshToken: string,
        params: { expires_in?: number },
        done: (err: Error | null, user?: OidcLoginResult | false, info?: unknown) => void,
      ) => {
        // passport-openidconnect only decodes the ID token: verify its signature, issuer, audience and
        // expiry against the provider's JWKS before trusting anything in it (the nonce is checked by the library).
        this.oidc
          .verify(idToken)
          .then((claims) =>
            done(null, {
              claims,
              idToken,
              accessToken,
              refreshToken: refreshToken || null,
              expiresIn: Number(params.expires_in ?? 300),
            }),
          )
          .catch((error: Error) => done(null, false, { message: `ID token rejected: ${error.message}` }));
      }) as never,
    );
    passport.use(OIDC_STRATEGY, strategy);
  }
}

/** A safe path on the web origin to return to: relative, no scheme, no `//host`, no backslashes. */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2000) return '/';
  const hasControl = [...raw].some((ch) => ch.charCodeAt(0) < 0x20);
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControl) return '/';
  return raw;
}

export type { LoginFlow };
