import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Redis } from 'ioredis';
import { REDIS } from '../../redis/redis.module.js';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { FieldCipher } from '../../common/crypto/field-cipher.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { LoginSessionEntity } from './login-session.entity.js';
import { CLOCK_SKEW_SECONDS, OidcClientService, type TokenSet } from './oidc-client.service.js';

/** Writes of last-seen are skipped when the previous one is this recent (saves a write per request). */
const TOUCH_INTERVAL_MS = 60_000;
/** A refresh lock outlives the provider's 10 s timeout, so it is never released under a running refresh. */
const REFRESH_LOCK_MS = 15_000;
/** How long a request waits for another request's refresh of the same session before going on without it. */
const REFRESH_WAIT_MS = 12_000;
const MAX_USER_AGENT = 300;

export type SessionLookup =
  | { kind: 'none' }
  | { kind: 'ended'; reason: 'expired' | 'refresh-failed' }
  | { kind: 'active'; session: LoginSessionEntity };

/** What the list of one's sessions shows (auth/sessions). */
export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  current: boolean;
}

export interface NewSession {
  idToken: string | null;
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
  /** The ID token's `auth_time` (seconds), when it has one. */
  authTime?: number | null;
  acr?: string | null;
  userAgent?: string | null;
}

const hash = (id: string) => createHash('sha256').update(id).digest('hex');
/** How long the reason a session ended is remembered, so every request of that browser can say why. */
const ENDED_MARKER_SECONDS = 600;
const endedKey = (idHash: string) => `session:ended:${idHash}`;
const refreshLockKey = (sessionId: string) => `session:refresh:${sessionId}`;
/** Releases a lock only when it is still ours. */
const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A session's expiry: an hour after it was last seen, never later than 12 hours after sign-in (S-16). */
export function sessionExpiry(createdAt: number, lastSeen: number): Date {
  return new Date(Math.min(lastSeen + SESSION_IDLE_MS, createdAt + SESSION_ABSOLUTE_MS));
}

/**
 * Server-side login sessions (ADR 002, ADR 017): the browser holds an opaque id, PostgreSQL holds the
 * tokens, encrypted (AES-256-GCM, DATA_ENCRYPTION_KEY). Idle sessions end after an hour and every session
 * 12 hours after sign-in; access tokens are refreshed shortly before they expire.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);
  private readonly cipher: FieldCipher;

  constructor(
    @InjectRepository(LoginSessionEntity) private readonly sessions: Repository<LoginSessionEntity>,
    private readonly oidc: OidcClientService,
    private readonly consumers: ConsumerService,
    @Inject(REDIS) private readonly redis: Redis,
    config: ConfigService<Env, true>,
  ) {
    this.cipher = new FieldCipher(config.get('DATA_ENCRYPTION_KEY', { infer: true }));
  }

  /** Starts a session after a login and returns the cookie value; a previous session of the browser ends. */
  async create(
    consumerId: string,
    tokens: NewSession,
    registrationPending: boolean,
    previousCookie?: string,
  ): Promise<string> {
    if (previousCookie) await this.destroy(previousCookie);
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.sessions.insert({
      idHash: hash(id),
      consumerId,
      idToken: this.cipher.encryptNullable(tokens.idToken),
      accessToken: this.cipher.encrypt(tokens.accessToken),
      refreshToken: this.cipher.encryptNullable(tokens.refreshToken),
      accessTokenExpiresAt: new Date(now + tokens.expiresIn * 1000),
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: sessionExpiry(now, now),
      registrationPending,
      authTime: tokens.authTime ? new Date(tokens.authTime * 1000) : new Date(now),
      acr: tokens.acr ?? null,
      userAgent: tokens.userAgent?.slice(0, MAX_USER_AGENT) || null,
    });
    return id;
  }

  /** Finds the session of a cookie, ends it when idle or too old, refreshes its tokens when they are due. */
  async resolve(cookie: string | undefined): Promise<SessionLookup> {
    if (!cookie || cookie.length > 100) return { kind: 'none' };
    const idHash = hash(cookie);
    const session = await this.sessions.findOneBy({ idHash });
    if (!session) {
      const ended = await this.redis.get(endedKey(idHash)).catch(() => null);
      return ended === 'refresh-failed' ? { kind: 'ended', reason: 'refresh-failed' } : { kind: 'none' };
    }
    const now = Date.now();
    if (session.expiresAt.getTime() <= now || session.createdAt.getTime() + SESSION_ABSOLUTE_MS <= now) {
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
        { lastSeenAt: new Date(now), expiresAt: sessionExpiry(current.createdAt.getTime(), now) },
      );
    }
    return { kind: 'active', session: current };
  }

  /** Ends the session of a cookie; returns it, tokens decrypted (for its ID token), when there was one. */
  async destroy(cookie: string | undefined): Promise<LoginSessionEntity | null> {
    if (!cookie || cookie.length > 100) return null;
    const session = await this.sessions.findOneBy({ idHash: hash(cookie) });
    if (!session) return null;
    await this.sessions.delete({ id: session.id });
    return { ...session, idToken: this.readToken(session.idToken) };
  }

  /** The consumer's live sessions, newest first, the one of `cookie` marked current (S-09). */
  async list(consumerId: string, cookie: string | undefined): Promise<SessionSummary[]> {
    const currentHash = cookie ? hash(cookie) : null;
    const rows = await this.sessions.find({
      where: { consumerId },
      order: { lastSeenAt: 'DESC', createdAt: 'DESC' },
      take: 100,
    });
    const now = Date.now();
    return rows
      .filter((s) => s.expiresAt.getTime() > now && s.createdAt.getTime() + SESSION_ABSOLUTE_MS > now)
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        userAgent: s.userAgent,
        current: s.idHash === currentHash,
      }));
  }

  /** Ends one of the consumer's own sessions; false when it is not theirs or does not exist. */
  async end(consumerId: string, sessionId: string): Promise<boolean> {
    const result = await this.sessions.delete({ id: sessionId, consumerId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Refreshes under a Redis lock, so that two requests arriving together do not both spend the (rotating)
   * refresh token; the second waits and then sees the first one's fresh tokens. No database transaction is
   * held while the provider answers (S-22). Returns null, having ended the session, when the provider
   * refuses.
   */
  private async refresh(sessionId: string): Promise<LoginSessionEntity | null> {
    const lockKey = refreshLockKey(sessionId);
    const owner = randomBytes(16).toString('hex');
    const deadline = Date.now() + REFRESH_WAIT_MS;
    let locked = false;
    for (;;) {
      const taken = await this.redis.set(lockKey, owner, 'PX', REFRESH_LOCK_MS, 'NX').catch(() => 'OK');
      if (taken === 'OK') {
        locked = true;
        break;
      }
      const row = await this.sessions.findOneBy({ id: sessionId });
      if (!row) return null;
      if (!this.tokensDue(row)) return row;
      if (Date.now() > deadline) return row;
      await sleep(100);
    }
    try {
      const row = await this.sessions.findOneBy({ id: sessionId });
      if (!row) return null;
      if (!this.tokensDue(row)) return row;
      let tokens: TokenSet;
      try {
        const refreshToken = this.readToken(row.refreshToken);
        if (!refreshToken) throw new Error('no refresh token');
        tokens = await this.oidc.refresh(refreshToken);
      } catch (error) {
        this.logger.warn(`Ending session of consumer ${row.consumerId}: ${(error as Error).message}`);
        await this.sessions.delete({ id: row.id });
        await this.redis
          .set(endedKey(row.idHash), 'refresh-failed', 'EX', ENDED_MARKER_SECONDS)
          .catch(() => undefined);
        return null;
      }
      const changes = {
        accessToken: this.cipher.encrypt(tokens.access_token),
        refreshToken: tokens.refresh_token ? this.cipher.encrypt(tokens.refresh_token) : row.refreshToken,
        idToken: tokens.id_token ? this.cipher.encrypt(tokens.id_token) : row.idToken,
        accessTokenExpiresAt: new Date(Date.now() + (tokens.expires_in ?? 300) * 1000),
      };
      const updated = await this.sessions.update({ id: row.id }, changes);
      // Ended (signed out, purged) while the provider answered: stays ended.
      if (!updated.affected) return null;
      // Roles may have changed at the provider since login.
      const claims = await this.oidc.verifyAccessToken(tokens.access_token).catch(() => null);
      if (claims) await this.consumers.updateTokenRoles(row.consumerId, claims);
      return { ...row, ...changes };
    } finally {
      if (locked) await this.redis.eval(RELEASE_LOCK, 1, lockKey, owner).catch(() => undefined);
    }
  }

  private tokensDue(row: LoginSessionEntity): boolean {
    return row.accessTokenExpiresAt.getTime() - CLOCK_SKEW_SECONDS * 1000 <= Date.now();
  }

  /** A stored token in clear; an unreadable one (another key, tampered) counts as none. */
  private readToken(stored: string | null): string | null {
    try {
      return this.cipher.decryptNullable(stored);
    } catch {
      return null;
    }
  }
}
