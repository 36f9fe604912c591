import { ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { SSO_COOKIE } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { LoginFlow } from './login-flow.store.js';
import { OIDC_STRATEGY, OidcStrategyService, safeReturnPath } from './oidc-strategy.service.js';

const SILENT_ERRORS = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

type Mode = 'login' | 'register' | 'check-sso';

/**
 * Starts a sign-in at the provider (passport redirects). `login` and `register` take `?redirect=/path`;
 * `check-sso` asks the provider silently (`prompt=none`).
 */
@Injectable()
export class OidcStartGuard extends AuthGuard(OIDC_STRATEGY) {
  constructor(
    private readonly strategies: OidcStrategyService,
    private readonly config: ConfigService<Env, true>,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const mode = modeOf(req);
    const returnTo = safeReturnPath(queryOf(req).redirect);
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    // Spec §4: signing in when already signed in just goes where the user asked; unless the user must
    // prove who they are again (`reauth=1`, step-up before a payout-account change, S-09).
    if (req.principal && mode !== 'register' && !isReauth(req)) {
      await res.redirect(`${web}${returnTo}`, 302);
      return true;
    }
    if (mode === 'check-sso' && !(req.cookies as Record<string, string> | undefined)?.[SSO_COOKIE]) {
      await res.redirect(`${web}${withParam(returnTo, '_sso', '0')}`, 302);
      return true;
    }
    try {
      await this.strategies.ensureRegistered();
    } catch {
      await res.redirect(`${web}/?authError=unavailable`, 302);
      return true;
    }
    req.oidcReply = res;
    await super.canActivate(context);
    return true;
  }

  getResponse(context: ExecutionContext): unknown {
    return passportResponse(context.switchToHttp().getResponse<FastifyReply>());
  }

  override getAuthenticateOptions(context: ExecutionContext): AuthGuardAuthenticateOptions {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const mode = modeOf(req);
    // passport-openidconnect hands `state` (an object here) to the flow store as the app state.
    const state: Partial<LoginFlow> = {
      returnTo: safeReturnPath(queryOf(req).redirect),
      register: mode === 'register',
      silent: mode === 'check-sso',
    };
    const reauth = mode === 'login' && isReauth(req);
    return {
      session: false,
      prompt: mode === 'register' ? 'create' : mode === 'check-sso' ? 'none' : reauth ? 'login' : undefined,
      reauth,
      state,
    } as unknown as AuthGuardAuthenticateOptions;
  }
}

/**
 * Finishes a sign-in: the library checks state (through the flow store) and nonce and exchanges the code
 * (with the PKCE verifier); failures do not throw but land on `req.oidcFailure` for the controller.
 */
@Injectable()
export class OidcCallbackGuard extends AuthGuard(OIDC_STRATEGY) {
  constructor(
    private readonly strategies: OidcStrategyService,
    private readonly config: ConfigService<Env, true>,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    const query = queryOf(req);
    req.oidcReply = res;
    if (typeof query.error === 'string') {
      const flow = await this.strategies.store.take(
        req,
        typeof query.state === 'string' ? query.state : undefined,
      );
      if (!flow) await res.redirect(`${web}/?authError=state`, 302);
      else if (flow.silent && SILENT_ERRORS.has(query.error))
        await res.redirect(`${web}${flow.returnTo}`, 302);
      else
        await res.redirect(
          `${web}${withParam(flow.returnTo, 'authError', query.error === 'access_denied' ? 'denied' : 'failed')}`,
          302,
        );
      return true;
    }
    try {
      await this.strategies.ensureRegistered();
    } catch {
      await res.redirect(`${web}/?authError=unavailable`, 302);
      return true;
    }
    return super.canActivate(context) as Promise<boolean>;
  }

  getResponse(context: ExecutionContext): unknown {
    return passportResponse(context.switchToHttp().getResponse<FastifyReply>());
  }

  override getAuthenticateOptions() {
    return { session: false };
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown, context: ExecutionContext): TUser {
    if (err || !user) {
      const req = context.switchToHttp().getRequest<FastifyRequest>();
      req.oidcFailure = { error: err instanceof Error ? err.message : undefined, info };
    }
    return user;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    oidcFailure?: { error?: string; info?: unknown };
    /** What passport's verify step produced (the guard puts it here). */
    user?: unknown;
  }
}

/**
 * The response passport writes to: it only ends a redirect there (statusCode, setHeader, end), and this
 * sends that through Fastify's reply, with the cookies set on it (the login flow's) and its hooks.
 */
function passportResponse(reply: FastifyReply) {
  return {
    get statusCode(): number {
      return reply.statusCode;
    },
    set statusCode(code: number) {
      reply.code(code);
    },
    setHeader(name: string, value: string): void {
      reply.header(name, value);
    },
    end(body?: string): void {
      void reply.send(body);
    },
  };
}

function queryOf(req: FastifyRequest): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}

/** `?reauth=1`: sign in again even with a session (`prompt=login`, `max_age=0`). */
function isReauth(req: FastifyRequest): boolean {
  return queryOf(req).reauth === '1';
}

function modeOf(req: FastifyRequest): Mode {
  const path = req.routeOptions.url ?? req.url;
  if (path.endsWith('/register')) return 'register';
  if (path.endsWith('/check-sso')) return 'check-sso';
  return 'login';
}

function withParam(path: string, key: string, value: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
