import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';
import type { Env } from '../../config/env.js';

/** The parts of the provider's discovery document the app uses. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

/** What the token endpoint answers. */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  token_type?: string;
}

/** Claims the app reads from ID and access tokens (Keycloak's shape). */
export interface HearthClaims extends JWTPayload {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  preferred_username?: string;
  nonce?: string;
  /** When the user last authenticated at the provider (seconds); ID tokens carry it. */
  auth_time?: number;
  /** Authentication context class (e.g. MFA), as configured at the provider. */
  acr?: string;
  realm_access?: { roles?: string[] };
}

/** Tokens may be a few seconds early or late between the provider's clock and ours. */
export const CLOCK_SKEW_SECONDS = 30;

/**
 * How long an access token, once verified, is taken as verified again without its signature being checked
 * (never past its own expiry): a browser or client sends the same token on every request for its lifetime,
 * and each check is an RSA verification (~5 % of the API's CPU when checkout is busy). A key the provider
 * withdraws stops being trusted for tokens already seen within this time.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** Verified access tokens kept at most (the least recently used go first). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * The relying-party side of OpenID Connect that passport-openidconnect does not do: discovery, JWKS
 * signature checks, refresh, and the end-session URL. Discovery is lazy and retried, so the API boots
 * even while the identity provider is still starting.
 */
@Injectable()
export class OidcClientService {
  private readonly logger = new Logger(OidcClientService.name);
  private metadata?: Promise<ProviderMetadata>;
  private jwks?: JWTVerifyGetKey;
  /** Access tokens verified lately, with the time (ms) until which they are taken as verified. */
  private readonly verified = new LRUCache<string, { claims: HearthClaims; until: number }>({
    max: VERIFIED_TOKENS_MAX,
  });

  constructor(private readonly config: ConfigService<Env, true>) {}

  get issuer(): string {
    return this.config.get('OIDC_ISSUER_URL', { infer: true });
  }

  get clientId(): string {
    return this.config.get('OIDC_CLIENT_ID', { infer: true });
  }

  get clientSecret(): string {
    return this.config.get('OIDC_CLIENT_SECRET', { infer: true });
  }

  /** The discovery document (cached; a failed fetch is retried on the next call). */
  discover(): Promise<ProviderMetadata> {
    this.metadata ??= this.fetchMetadata().catch((error: unknown) => {
      this.metadata = undefined;
      throw error;
    });
    return this.metadata;
  }

  /** Verifies a JWT's signature against the provider's JWKS, its issuer, audience and lifetime. */
  async verify(token: string, audience: string = this.clientId): Promise<HearthClaims> {
    const metadata = await this.discover();
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { cooldownDuration: 30_000 });
    const { payload } = await jwtVerify(token, this.jwks, {
      issuer: this.issuer,
      audience,
      clockTolerance: CLOCK_SKEW_SECONDS,
      algorithms: ['RS256', 'PS256', 'ES256'],
    });
    if (typeof payload.sub !== 'string') throw new Error('token has no subject');
    return payload as HearthClaims;
  }

  /**
   * Verifies a bearer token and refuses anything but an access token (S-03): ID tokens carry the same
   * issuer and audience, so they would pass {@link verify}. An access token says what it is: the
   * `typ: at+jwt` header of RFC 9068 (the local provider, most providers) or Keycloak's `typ: Bearer`
   * claim. ID tokens (no such header, `typ: ID`, a `nonce` or `at_hash`) are refused. A token verified within
   * {@link VERIFIED_TOKEN_TTL_MS} (and not expired) is not verified again; only accepted tokens are remembered.
   */
  async verifyAccessToken(token: string): Promise<HearthClaims> {
    const now = Date.now();
    const known = this.verified.get(token);
    if (known && now < known.until) return known.claims;
    const claims = await this.verify(token);
    if (!isAccessToken(token, claims)) throw new NotAnAccessTokenError();
    // jwtVerify accepted it up to `exp` plus the clock skew; never beyond that from the cache either.
    const expires = typeof claims.exp === 'number' ? (claims.exp + CLOCK_SKEW_SECONDS) * 1000 : now;
    const until = Math.min(now + VERIFIED_TOKEN_TTL_MS, expires);
    if (until > now) this.verified.set(token, { claims: Object.freeze(claims), until });
    return claims;
  }

  /** Exchanges a refresh token for new tokens; throws when the provider refuses. */
  async refresh(refreshToken: string): Promise<TokenSet> {
    const metadata = await this.discover();
    const res = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.clientId,
        client_secret: this.clientSecret,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as TokenSet & {
      error?: string;
      error_description?: string;
    };
    if (!res.ok || !body.access_token) {
      throw new Error(`refresh refused: ${body.error ?? res.status} ${body.error_description ?? ''}`.trim());
    }
    return body;
  }

  /** Where to send the browser to end the provider's session too. */
  async endSessionUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<string | null> {
    const metadata = await this.discover().catch(() => null);
    if (!metadata?.end_session_endpoint) return null;
    const url = new URL(metadata.end_session_endpoint);
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
    if (idToken) url.searchParams.set('id_token_hint', idToken);
    return url.toString();
  }

  private async fetchMetadata(): Promise<ProviderMetadata> {
    const url =
      this.config.get('OIDC_DISCOVERY_URL', { infer: true }) ??
      `${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`OpenID Connect discovery at ${url} answered ${res.status}`);
    const metadata = (await res.json()) as ProviderMetadata;
    if (metadata.issuer !== this.issuer) {
      throw new Error(
        `The identity provider says its issuer is ${metadata.issuer}, but OIDC_ISSUER_URL is ${this.issuer}`,
      );
    }
    this.logger.log(`Using identity provider ${metadata.issuer}`);
    return metadata;
  }
}

/** A verified JWT that is not an access token (an ID or refresh token). */
export class NotAnAccessTokenError extends Error {
  constructor() {
    super('The token is not an access token.');
  }
}

/** RFC 9068 `at+jwt` header, or Keycloak's `typ: Bearer` claim; never a token with ID-token claims. */
export function isAccessToken(token: string, claims: HearthClaims): boolean {
  if ('nonce' in claims || 'at_hash' in claims || 'c_hash' in claims) return false;
  const headerTyp = String(decodeProtectedHeader(token).typ ?? '').toLowerCase();
  if (headerTyp === 'at+jwt' || headerTyp === 'application/at+jwt') return true;
  return claims.typ === 'Bearer';
}
