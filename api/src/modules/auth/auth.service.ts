import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { ConsumerStatus, Role } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { CartService } from '../cart/cart.service.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './cookies.js';
import type { MeDto } from './dto/me.dto.js';
import type { SessionDto } from './dto/session.dto.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { OidcClientService } from './oidc-client.service.js';
import type { OidcLoginResult } from './oidc-strategy.service.js';
import { SessionService } from './session.service.js';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly sessions: SessionService,
    private readonly consumers: ConsumerService,
    private readonly oidc: OidcClientService,
    private readonly config: ConfigService<Env, true>,
    private readonly carts: CartService,
  ) {}

  private get web(): string {
    return this.config.get('WEB_ORIGIN', { infer: true });
  }

  /**
   * After a verified callback: keeps the consumer in step with the token, starts a new session (a new id
   * at every login; the browser's previous session ends) and answers where to land.
   */
  async finishLogin(req: FastifyRequest, res: FastifyReply): Promise<string> {
    const result = req.user as OidcLoginResult | false | undefined;
    const flow = req.oidcFlow;
    if (!result) {
      const info = req.oidcFailure?.info as { message?: string } | undefined;
      const reason = info?.message ?? req.oidcFailure?.error ?? 'unknown';
      this.logger.warn({ event: 'auth.login.failed', reason, ip: req.ip }, `Sign-in refused: ${reason}`);
      const code = /state/i.test(reason) ? 'state' : 'failed';
      return `${this.web}${withAuthError(flow?.returnTo ?? '/', code)}`;
    }
    const consumer = await this.consumers.upsertFromClaims(result.claims, req.timeZone);
    if (consumer.status === ConsumerStatus.DISABLED) {
      // A disabled account (issue 18 part 4) gets no session until an admin enables it again.
      this.logger.warn(
        { event: 'auth.login.disabled', consumerId: consumer.id, ip: req.ip },
        'Sign-in refused',
      );
      // Home, not the page asked for: a guarded page would send the browser back to sign in (a loop while
      // the provider's session lives).
      return `${this.web}${withAuthError('/', 'disabled')}`;
    }
    const previous = readSessionCookie(req, this.config);
    const id = await this.sessions.create(
      consumer.id,
      {
        idToken: result.idToken,
        accessToken: result.accessToken,
        refreshToken: result.refreshToken,
        expiresIn: result.expiresIn,
        authTime: typeof result.claims.auth_time === 'number' ? result.claims.auth_time : null,
        acr: typeof result.claims.acr === 'string' ? result.claims.acr : null,
        userAgent: req.headers['user-agent'] ?? null,
      },
      Boolean(flow?.register),
      previous,
    );
    setSessionCookie(res, this.config, id);
    this.logger.log(
      {
        event: 'auth.login.succeeded',
        consumerId: consumer.id,
        register: Boolean(flow?.register),
        ip: req.ip,
      },
      'Signed in',
    );
    // Cart (issue 5): the guest's cart joins the customer's cart; never fails the sign-in.
    await this.carts.mergeAtSignIn(consumer.id, req, res);
    return `${this.web}${flow?.returnTo ?? '/'}`;
  }

  /** Ends the local session and answers where the browser goes to end the provider's session too. */
  async logout(req: FastifyRequest, res: FastifyReply): Promise<string> {
    const session = await this.sessions.destroy(readSessionCookie(req, this.config));
    clearSessionCookie(res, this.config);
    const home = `${this.web}/`;
    if (!session) return home;
    this.logger.log({ event: 'auth.logout', consumerId: session.consumerId, ip: req.ip }, 'Signed out');
    return (await this.oidc.endSessionUrl(session.idToken, home)) ?? home;
  }

  /** The caller's live sessions, the one of this request marked (S-09). */
  async listSessions(actor: Principal, req: FastifyRequest): Promise<SessionDto[]> {
    const list = await this.sessions.list(actor.consumerId, readSessionCookie(req, this.config));
    return list.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      current: s.current,
    }));
  }

  /** Ends one of the caller's own sessions; someone else's is "not found", as if it did not exist. */
  async endSession(actor: Principal, id: string): Promise<void> {
    if (!(await this.sessions.end(actor.consumerId, id)))
      throw notFound(`Session ${id} was not found.`, { id });
    this.logger.log(
      { event: 'auth.session.ended', consumerId: actor.consumerId, sessionId: id },
      'Session ended',
    );
  }

  me(actor: Principal): Promise<MeDto> {
    return Promise.resolve({
      authenticated: true,
      subject: actor.subject,
      consumerId: actor.consumerId,
      name: actor.name,
      email: actor.email,
      userName: actor.userName,
      roles: actor.roles,
      isChef: actor.roles.includes(Role.CHEF),
      isRegistrationPending: actor.registrationPending,
      kitchenStatus: actor.kitchenStatus,
      authenticatedTime: actor.authenticatedTime?.toISOString() ?? null,
      timeZone: actor.timeZone,
      via: actor.via,
    });
  }
}

function withAuthError(path: string, code: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('authError', code);
  return `${url.pathname}${url.search}`;
}
