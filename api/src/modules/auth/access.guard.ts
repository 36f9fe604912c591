import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { errors as joseErrors } from 'jose';
import { MESSAGES, ProblemType, Role } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { IS_PUBLIC } from '../../common/http/public.decorator.js';
import { ROLES } from '../../common/http/roles.decorator.js';
import { ProblemException, forbidden } from '../../common/problem/problem.exception.js';
import { ConsumerService, tokenRoles } from '../consumer/consumer.service.js';
import { bearerToken, decodeJwtPayload, TokenDecodeError } from './bearer-token.js';
import { NotAnAccessTokenError, OidcClientService } from './oidc-client.service.js';
import { SessionService } from './session.service.js';
import { clearSessionCookie, readSessionCookie } from './cookies.js';

const ROLE_NAMES: Record<Role, string> = {
  ROLE_USER: 'a signed-in customer',
  ROLE_CHEF: 'a chef',
  ROLE_ADMIN: 'an admin',
};

export const unauthorized = (detail: string, message = 'error.http.401') =>
  new ProblemException(HttpStatus.UNAUTHORIZED, { type: ProblemType.UNAUTHORIZED, detail, message });

/**
 * The one guard on every endpoint (registered globally): resolves the caller from a bearer token or the
 * session cookie, then applies `@Public()` and `@Roles()`. Endpoints without `@Public()` need a caller.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly consumers: ConsumerService,
    private readonly oidc: OidcClientService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const isPublic =
      this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]) ??
      false;
    const roles =
      this.reflector.getAllAndOverride<Role[]>(ROLES, [context.getHandler(), context.getClass()]) ?? [];

    const token = bearerToken(req.headers.authorization);
    if (token) {
      req.principal = await this.fromBearer(token);
    } else {
      req.principal = await this.fromSession(req, res, isPublic);
    }

    if (req.principal) req.principal.request = { id: String(req.id), ip: req.ip };
    if (isPublic) return true;
    const principal = req.principal;
    if (!principal) throw unauthorized('Sign in to continue.');
    if (roles.length > 0 && !roles.some((r) => principal.roles.includes(r))) {
      throw forbidden(`This needs ${roles.map((r) => ROLE_NAMES[r]).join(' or ')}.`, { roles });
    }
    this.requireAdminAcr(principal, roles);
    return true;
  }

  private async fromBearer(token: string): Promise<Principal> {
    try {
      decodeJwtPayload(token);
    } catch (error) {
      if (error instanceof TokenDecodeError) throw unauthorized(error.message, 'error.token.decode');
      throw error;
    }
    let claims;
    try {
      claims = await this.oidc.verifyAccessToken(token);
    } catch (error) {
      throw unauthorized(bearerRefusal(error), 'error.token.invalid');
    }
    // A token of someone who never signed in through the web still identifies a person: create them.
    let data = await this.consumers.principalData({ subject: claims.sub });
    if (!data) {
      await this.consumers.upsertFromClaims(claims);
      data = await this.consumers.principalData({ subject: claims.sub });
    }
    if (!data) throw forbidden('This account is disabled.');
    // The token is the authority on its own roles; an approved kitchen still makes its owner a chef.
    const roles = new Set<Role>([Role.USER, ...tokenRoles(claims)]);
    if (data.publisherId) roles.add(Role.CHEF);
    return {
      ...data,
      roles: [...roles],
      via: 'bearer',
      authenticatedTime: typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : null,
      acr: typeof claims.acr === 'string' ? claims.acr : null,
      registrationPending: false,
    };
  }

  private async fromSession(
    req: FastifyRequest,
    res: FastifyReply,
    isPublic: boolean,
  ): Promise<Principal | undefined> {
    const cookie = readSessionCookie(req, this.config);
    if (!cookie) return undefined;
    const lookup = await this.sessions.resolve(cookie);
    if (lookup.kind === 'none') {
      clearSessionCookie(res, this.config);
      return undefined;
    }
    if (lookup.kind === 'ended') {
      clearSessionCookie(res, this.config);
      if (lookup.reason === 'refresh-failed') {
        // Say why the user is signed out on every call that needs them (the web asks auth/me on each page).
        if (!isPublic) throw unauthorized(MESSAGES.failedToRefreshToken, 'error.session.refresh');
      }
      return undefined;
    }
    this.refuseCrossSite(req);
    const data = await this.consumers.principalData({ consumerId: lookup.session.consumerId });
    if (!data) {
      clearSessionCookie(res, this.config);
      return undefined;
    }
    return {
      ...data,
      via: 'session',
      authenticatedTime: lookup.session.authTime ?? lookup.session.createdAt,
      acr: lookup.session.acr,
      registrationPending: lookup.session.registrationPending,
    };
  }

  /**
   * MFA for admins (S-09): with OIDC_ADMIN_ACR set, a route open only to admins needs a sign-in (or token)
   * whose `acr` is that value, as the provider sets it after a second factor.
   */
  private requireAdminAcr(principal: Principal, roles: Role[]): void {
    const required = this.config.get('OIDC_ADMIN_ACR', { infer: true });
    if (!required || !roles.includes(Role.ADMIN)) return;
    const otherwise = roles.some((r) => r !== Role.ADMIN && principal.roles.includes(r));
    if (otherwise || principal.acr === required) return;
    throw new ProblemException(HttpStatus.FORBIDDEN, {
      type: ProblemType.FORBIDDEN,
      detail: 'Admin pages need a sign-in with a second factor. Sign out, then sign in again with it.',
      message: 'error.auth.mfa',
      params: { acr: required },
    });
  }

  /**
   * CSRF (S-02): an unsafe request authenticated by the session cookie must name the web app (or the API
   * itself) as its Origin. Browsers send Origin with every unsafe request, and the web app's API client
   * forwards it; a missing Origin or `Origin: null` (sandboxed frames, privacy redirects) is refused too.
   * Calls with a bearer token never reach here (they carry no ambient credentials).
   */
  private refuseCrossSite(req: FastifyRequest): void {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return;
    const origin = req.headers.origin;
    const allowed = new Set([
      new URL(this.config.get('WEB_ORIGIN', { infer: true })).origin,
      `${req.protocol}://${req.host}`,
    ]);
    if (!origin || origin === 'null' || !allowed.has(origin)) throw forbidden('Cross-site request refused.');
  }
}

function bearerRefusal(error: unknown): string {
  if (error instanceof NotAnAccessTokenError) return error.message;
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'The access token was not issued by this identity provider.';
    if (error.claim === 'aud') return 'The access token is not meant for this application.';
    return `The access token is invalid (${error.claim}).`;
  }
  if (
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey
  ) {
    return 'The access token signature is not valid.';
  }
  if (error instanceof joseErrors.JOSEError) return 'The access token is not valid.';
  return 'The access token could not be verified.';
}
