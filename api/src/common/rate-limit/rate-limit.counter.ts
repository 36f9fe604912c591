import type { Redis } from 'ioredis';

/** What one request's count says. */
export interface CountResult {
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  ttlSeconds: number;
}

/**
 * Adds `ARGV[1]` to a window's counter and starts the window (`ARGV[2]` ms) on its first count; returns the
 * new total and the milliseconds left.
 */
const COUNT_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

/** How many requests one Redis call may count ahead for a limit: 1 (exact) up to 100 a limit, at most 50. */
export const blockSize = (max: number) => Math.max(1, Math.min(50, Math.floor(max / 100)));

interface Lease {
  /** Requests already counted in Redis and not yet taken by this process. */
  left: number;
  /** When the window they were counted in ends (ms since the epoch). */
  ends: number;
  /** Redis counted past the limit in this window. */
  refused: boolean;
}

/**
 * Fixed-window counters in Redis shared by every API process, counted in blocks: where a limit is high (the
 * default class, 3 000 a minute), one Redis call counts `blockSize(max)` requests at once and this process
 * takes the rest of the block from memory (a Redis round trip per request was about a tenth of the API's
 * CPU per search: docs/benchmarks.md). Nothing is admitted that Redis has not counted first, so a limit is
 * never exceeded; a block a process has not used up is counted all the same, so a caller whose requests are spread
 * over P processes may be refused up to (block − 1) × P requests early. Limits of 100 or less count one
 * request per call: exact. Once Redis says a window is over its limit, this process refuses that key from
 * memory until the window ends (a flood of refused requests costs no Redis call each).
 */
export class BlockCounter {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rate-limit:',
  ) {
    redis.defineCommand('hearthRateLimitCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  }

  /** Counts one request of `key` against `max` per `windowMs`. Rejects when Redis cannot be asked. */
  async count(key: string, max: number, windowMs: number): Promise<CountResult> {
    const now = Date.now();
    const lease = this.leases.get(key);
    if (lease && lease.ends > now) {
      const ttlSeconds = Math.max(1, Math.ceil((lease.ends - now) / 1000));
      // Over the limit: a window's count only grows until it ends, so the answer holds until then.
      if (lease.refused) return { allowed: false, ttlSeconds };
      if (lease.left > 0) {
        lease.left -= 1;
        return { allowed: true, ttlSeconds };
      }
    }
    const block = blockSize(max);
    const [total, ttl] = (await (
      this.redis as unknown as {
        hearthRateLimitCount: (key: string, by: number, ms: number) => Promise<number[]>;
      }
    ).hearthRateLimitCount(`${this.prefix}${key}`, block, windowMs)) as [number, number];
    // This call counted requests total - block + 1 … total: those within max are this process's to admit.
    const admitted = Math.max(0, Math.min(block, max - (total - block)));
    const ends = Date.now() + ttl;
    if (admitted !== 1) {
      if (this.leases.size >= 10_000) this.sweep();
      this.leases.set(key, { left: Math.max(0, admitted - 1), ends, refused: admitted === 0 });
    } else this.leases.delete(key);
    return { allowed: admitted > 0, ttlSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  /** Forgets the leases whose window has ended (and, if that is not enough, all of them: they are only counts). */
  private sweep(): void {
    const now = Date.now();
    for (const [key, lease] of this.leases) if (lease.ends <= now) this.leases.delete(key);
    if (this.leases.size >= 10_000) this.leases.clear();
  }
}
