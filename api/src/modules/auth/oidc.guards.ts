import { ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request, Response } from 'express';
import type { Env } from '../../config/env.js';
import type { LoginFlow } from './login-flow.store.js';
import { OIDC_STRATEGY, OidcStrategyService, safeReturnPath } from './oidc-strategy.service.js';

/** Cookie the web sets before a silent sign-on check; its absence means the client keeps no cookies. */
export const SSO_COOKIE = 'hearth_sso';
const SILENT_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

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
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const mode = modeOf(req);
    const returnTo = safeReturnPath(req.query.redirect);
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    // Spec §4: signing in when already signed in just goes where the user asked.
    if (req.principal && mode !== 'register') {
      res.redirect(302, `${web}${returnTo}`);
      return true;
    }
    if (mode === 'check-sso' && !(req.cookies as Record<string, string> | undefined)?.[SSO_COOKIE]) {
      res.redirect(302, `${web}${withParam(returnTo, '_sso', '0')}`);
      return true;
    }
    try {
      await this.strategies.ensureRegistered();
    } catch {
      res.redirect(302, `${web}/?authError=unavailable`);
      return true;
    }
    await super.canActivate(context);
    return true;
  }

  override getAuthenticateOptions(context: ExecutionContext): AuthGuardAuthenticateOptions {
    const req = context.switchToHttp().getRequest<Request>();
    const mode = modeOf(req);
    // passport-openidconnect hands `state` (an object here) to the flow store as the app state.
    const state: Partial<LoginFlow> = { returnTo: safeReturnPath(req.query.redirect), register: mode === 'register', silent: mode === 'check-sso' };
    return { session: false, prompt: mode === 'register' ? 'create' : mode === 'check-sso' ? 'none' : undefined, state } as AuthGuardAuthenticateOptions;
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
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    if (typeof req.query.error === 'string') {
      const flow = await this.strategies.store.take(req, req.query.state as string | undefined);
      if (!flow) res.redirect(302, `${web}/?authError=state`);
      else if (flow.silent && SILENT_ERRORS.has(req.query.error)) res.redirect(302, `${web}${flow.returnTo}`);
      else res.redirect(302, `${web}${withParam(flow.returnTo, 'authError', req.query.error === 'access_denied' ? 'denied' : 'failed')}`);
      return true;
    }
    try {
      await this.strategies.ensureRegistered();
    } catch {
      res.redirect(302, `${web}/?authError=unavailable`);
      return true;
    }
    return super.canActivate(context) as Promise<boolean>;
  }

  override getAuthenticateOptions() {
    return { session: false };
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown, context: ExecutionContext): TUser {
    if (err || !user) {
      const req = context.switchToHttp().getRequest<Request>();
      req.oidcFailure = { error: err instanceof Error ? err.message : undefined, info };
    }
    return user;
  }
}

declare module 'express' {
  interface Request {
    oidcFailure?: { error?: string; info?: unknown };
  }
}

function modeOf(req: Request): Mode {
  if (req.path.endsWith('/register')) return 'register';
  if (req.path.endsWith('/check-sso')) return 'check-sso';
  return 'login';
}

function withParam(path: string, key: string, value: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
