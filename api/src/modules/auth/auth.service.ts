import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Role } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { CartService } from '../cart/cart.service.js';
import { clearSessionCookie, setSessionCookie } from './cookies.js';
import type { MeDto } from './dto/me.dto.js';
import { OidcClientService } from './oidc-client.service.js';
import type { OidcLoginResult } from './oidc-strategy.service.js';
import { SESSION_COOKIE, SessionService } from './session.service.js';

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
      this.logger.warn(`Sign-in refused: ${reason}`);
      const code = /state/i.test(reason) ? 'state' : 'failed';
      return `${this.web}${withAuthError(flow?.returnTo ?? '/', code)}`;
    }
    const consumer = await this.consumers.upsertFromClaims(result.claims, req.timeZone);
    const previous = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    const id = await this.sessions.create(
      consumer.id,
      {
        idToken: result.idToken,
        accessToken: result.accessToken,
        refreshToken: result.refreshToken,
        expiresIn: result.expiresIn,
      },
      Boolean(flow?.register),
      previous,
    );
    setSessionCookie(res, this.config, id);
    // Cart (issue 5): the guest's cart joins the customer's cart; never fails the sign-in.
    await this.carts.mergeAtSignIn(consumer.id, req, res);
    return `${this.web}${flow?.returnTo ?? '/'}`;
  }

  /** Ends the local session and answers where the browser goes to end the provider's session too. */
  async logout(req: FastifyRequest, res: FastifyReply): Promise<string> {
    const session = await this.sessions.destroy(
      (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE],
    );
    clearSessionCookie(res, this.config);
    const home = `${this.web}/`;
    if (!session) return home;
    return (await this.oidc.endSessionUrl(session.idToken, home)) ?? home;
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
