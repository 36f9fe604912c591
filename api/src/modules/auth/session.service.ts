import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../redis/redis.module.js';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { LessThan, type DataSource, type Repository } from 'typeorm';
import { SESSION_IDLE_MS } from '@hearth/shared';
import { ConsumerService } from '../consumer/consumer.service.js';
import { LoginSessionEntity } from './login-session.entity.js';
import { CLOCK_SKEW_SECONDS, OidcClientService, type TokenSet } from './oidc-client.service.js';

export const SESSION_COOKIE = 'hearth_session';
/** Writes of last-seen are skipped when the previous one is this recent (saves a write per request). */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionLookup =
  | { kind: 'none' }
  | { kind: 'ended'; reason: 'expired' | 'refresh-failed' }
  | { kind: 'active'; session: LoginSessionEntity };

const hash = (id: string) => createHash('sha256').update(id).digest('hex');
/** How long the reason a session ended is remembered, so every request of that browser can say why. */
const ENDED_MARKER_SECONDS = 600;
const endedKey = (idHash: string) => `session:ended:${idHash}`;

/**
 * Server-side login sessions (ADR 002): the browser holds an opaque id, PostgreSQL holds the tokens.
 * Idle sessions end after an hour; access tokens are refreshed shortly before they expire.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);

  constructor(
    @InjectRepository(LoginSessionEntity) private readonly sessions: Repository<LoginSessionEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly oidc: OidcClientService,
    private readonly consumers: ConsumerService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Starts a session after a login and returns the cookie value; a previous session of the browser ends. */
  async create(
    consumerId: string,
    tokens: { idToken: string | null; accessToken: string; refreshToken: string | null; expiresIn: number },
    registrationPending: boolean,
    previousCookie?: string,
  ): Promise<string> {
    if (previousCookie) await this.destroy(previousCookie);
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.sessions.insert({
      idHash: hash(id),
      consumerId,
      idToken: tokens.idToken,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: new Date(now + tokens.expiresIn * 1000),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_IDLE_MS),
      registrationPending,
    });
    return id;
  }

  /** Finds the session of a cookie, ends it when idle too long, refreshes its tokens when they are due. */
  async resolve(cookie: string | undefined): Promise<SessionLookup> {
    if (!cookie || cookie.length > 100) return { kind: 'none' };
    const idHash = hash(cookie);
    const session = await this.sessions.findOneBy({ idHash });
    if (!session) {
      const ended = await this.redis.get(endedKey(idHash)).catch(() => null);
      return ended === 'refresh-failed' ? { kind: 'ended', reason: 'refresh-failed' } : { kind: 'none' };
    }
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await this.sessions.delete({ id: session.id });
      return { kind: 'ended', reason: 'expired' };
    }
    let current = session;
    if (session.accessTokenExpiresAt.getTime() - CLOCK_SKEW_SECONDS * 1000 <= now) {
      const refreshed = await this.refresh(session.id);
      if (!refreshed) return { kind: 'ended', reason: 'refresh-failed' };
      current = refreshed;
    }
    if (now - current.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.sessions.update(
        { id: current.id },
        { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_IDLE_MS) },
      );
    }
    return { kind: 'active', session: current };
  }

  /** Ends the session of a cookie; returns it (for its ID token) when there was one. */
  async destroy(cookie: string | undefined): Promise<LoginSessionEntity | null> {
    if (!cookie || cookie.length > 100) return null;
    const session = await this.sessions.findOneBy({ idHash: hash(cookie) });
    if (session) await this.sessions.delete({ id: session.id });
    return session;
  }

  /** Deletes sessions idle past their expiry (housekeeping). */
  async purgeExpired(): Promise<number> {
    const result = await this.sessions.delete({ expiresAt: LessThan(new Date()) });
    return result.affected ?? 0;
  }

  /**
   * Refreshes under a row lock so that two requests arriving together do not both spend the (rotating)
   * refresh token; the second sees the first one's fresh tokens. Returns null, having ended the session,
   * when the provider refuses.
   */
  private async refresh(sessionId: string): Promise<LoginSessionEntity | null> {
    return this.db.transaction(async (tx) => {
      const repo = tx.getRepository(LoginSessionEntity);
      const locked = await repo.findOne({ where: { id: sessionId }, lock: { mode: 'pessimistic_write' } });
      if (!locked) return null;
      if (locked.accessTokenExpiresAt.getTime() - CLOCK_SKEW_SECONDS * 1000 > Date.now()) return locked;
      let tokens: TokenSet;
      try {
        if (!locked.refreshToken) throw new Error('no refresh token');
        tokens = await this.oidc.refresh(locked.refreshToken);
      } catch (error) {
        this.logger.warn(`Ending session of consumer ${locked.consumerId}: ${(error as Error).message}`);
        await repo.delete({ id: locked.id });
        await this.redis
          .set(endedKey(locked.idHash), 'refresh-failed', 'EX', ENDED_MARKER_SECONDS)
          .catch(() => undefined);
        return null;
      }
      locked.accessToken = tokens.access_token;
      locked.refreshToken = tokens.refresh_token ?? locked.refreshToken;
      locked.idToken = tokens.id_token ?? locked.idToken;
      locked.accessTokenExpiresAt = new Date(Date.now() + (tokens.expires_in ?? 300) * 1000);
      await repo.save(locked);
      // Roles may have changed at the provider since login.
      const claims = await this.oidc.verify(tokens.access_token).catch(() => null);
      if (claims) await this.consumers.updateTokenRoles(locked.consumerId, claims);
      return locked;
    });
  }
}
