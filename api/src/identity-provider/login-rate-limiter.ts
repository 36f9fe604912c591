import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Redis } from 'ioredis';

/** Where the failure counts live: Redis for the running provider (shared by its processes), memory in tests. */
export interface FailureStore {
  /** Failures counted for `key` and the milliseconds until they are forgotten (0 when none). */
  read(key: string): Promise<{ failures: number; ttlMs: number }>;
  /** Counts one failure; the first one of a window starts it (`windowMs`). */
  add(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** In memory, for one process (tests, and a provider started without Redis). */
export class MemoryFailureStore implements FailureStore {
  private readonly windows = new Map<string, { failures: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async read(key: string) {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now()) {
      this.windows.delete(key);
      return { failures: 0, ttlMs: 0 };
    }
    return { failures: window.failures, ttlMs: window.resetAt - this.now() };
  }

  async add(key: string, windowMs: number) {
    const current = await this.read(key);
    const resetAt = current.failures > 0 ? this.now() + current.ttlMs : this.now() + windowMs;
    this.windows.set(key, { failures: current.failures + 1, resetAt });
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (w.resetAt <= this.now()) this.windows.delete(k);
    }
  }

  async clear(key: string) {
    this.windows.delete(key);
  }
}

/** In Redis (keys under the client's prefix plus `idp-login:`), so every provider process sees the same counts. */
export class RedisFailureStore implements FailureStore {
  constructor(private readonly redis: Redis) {}

  async read(key: string) {
    const [[, failures], [, ttl]] = (await this.redis
      .multi()
      .get(`idp-login:${key}`)
      .pttl(`idp-login:${key}`)
      .exec()) as [[null, string | null], [null, number]];
    return { failures: Number(failures ?? 0), ttlMs: Math.max(0, ttl) };
  }

  async add(key: string, windowMs: number) {
    const [[, count]] = (await this.redis.multi().incr(`idp-login:${key}`).exec()) as [[null, number]];
    if (count === 1) await this.redis.pexpire(`idp-login:${key}`, windowMs);
  }

  async clear(key: string) {
    await this.redis.del(`idp-login:${key}`);
  }
}

/**
 * Counts failed sign-ins per email and client address: after `maxFailures` failures within `windowMs` that
 * pair is blocked until the window ends. A successful sign-in clears the count. Keyed on the pair, so
 * nobody can lock an account out for everyone; the address is the client's (clientAddress).
 */
export class LoginRateLimiter {
  constructor(
    private readonly store: FailureStore = new MemoryFailureStore(),
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** Milliseconds until the pair may try again, or 0 when it is not blocked. */
  async retryAfterMs(email: string, ip: string): Promise<number> {
    const { failures, ttlMs } = await this.store.read(this.key(email, ip));
    return failures >= this.maxFailures ? ttlMs : 0;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.store.add(this.key(email, ip), this.windowMs);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.clear(this.key(email, ip));
  }

  private key(email: string, ip: string): string {
    return `${email.trim().toLowerCase()}|${ip}`;
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client's address: the socket's, or, when the socket is a proxy on this machine (loopback: the web
 * server, a local reverse proxy), the last address that proxy added to X-Forwarded-For. A client cannot
 * choose its own address by sending the header itself: only the entry the trusted proxy appended counts.
 */
export function clientAddress(req: IncomingMessage): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (!LOOPBACK.test(socket)) return socket;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const last = forwarded[forwarded.length - 1]?.trim() ?? '';
  return isIP(last) ? last : socket;
}
