import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Redis } from 'ioredis';
import { SharedLoads } from '../../common/cache/shared-loads.js';
import type { Env } from '../../config/env.js';
import { REDIS } from '../../redis/redis.module.js';

const PREFIX = 'search:answer:';

/**
 * A stored answer: its total (the paging headers are the request's own: `Link` repeats its URL), the other
 * response headers it was sent with, and its body as sent.
 */
export interface SearchAnswer {
  total: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The window in production when SEARCH_CACHE_SECONDS is unset: the same as public pages' `s-maxage`. */
export const DEFAULT_SEARCH_CACHE_SECONDS = 10;

/** SEARCH_CACHE_SECONDS, else 10 s in production and 0 (off) in development and tests. */
export function searchCacheSeconds(env: Pick<Env, 'SEARCH_CACHE_SECONDS' | 'NODE_ENV'>): number {
  return env.SEARCH_CACHE_SECONDS ?? (env.NODE_ENV === 'production' ? DEFAULT_SEARCH_CACHE_SECONDS : 0);
}

/**
 * Answers of item searches that do not depend on who asks (a zip code or a position was given), shared by the
 * API's processes in Redis for SEARCH_CACHE_SECONDS (docs/decisions/023-public-caching.md): the same search
 * asked again within the window gets the stored bytes, with no query. A change to the catalogue (a new dish,
 * a price, a sold-out date, a blocked kitchen) shows in searches at most that long after it committed; the
 * item page, the cart and the checkout always read the database.
 *
 * Concurrent misses of one search in a process share one database read. Redis is only a cache here: a failure
 * is logged and counts as a miss.
 */
@Injectable()
export class SearchAnswerCache {
  private readonly logger = new Logger(SearchAnswerCache.name);
  readonly seconds: number;
  private readonly loading = new SharedLoads<SearchAnswer>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: ConfigService<Env, true>,
  ) {
    this.seconds = searchCacheSeconds({
      SEARCH_CACHE_SECONDS: config.get('SEARCH_CACHE_SECONDS', { infer: true }),
      NODE_ENV: config.get('NODE_ENV', { infer: true }),
    });
  }

  get enabled(): boolean {
    return this.seconds > 0;
  }

  /** The key of a search: its route and everything of the validated query that the answer depends on. */
  static key(route: string, query: object): string {
    const text = JSON.stringify(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    return `${PREFIX}${createHash('sha1').update(route).update('\0').update(text).digest('base64url')}`;
  }

  /**
   * The stored answer of `key` (`hit`), else the one `read` builds, stored for the window (`miss`); a read
   * that fails stores nothing and throws.
   */
  async answer(
    key: string,
    read: () => Promise<SearchAnswer>,
  ): Promise<{ answer: SearchAnswer; hit: boolean }> {
    const stored = await this.get(key);
    if (stored) return { answer: stored, hit: true };
    const answer = await this.loading.load(key, async () => {
      const fresh = await read();
      await this.put(key, fresh);
      return fresh;
    });
    return { answer, hit: false };
  }

  private async get(key: string): Promise<SearchAnswer | null> {
    try {
      return decode(await this.redis.getBuffer(key));
    } catch (error) {
      this.logger.warn(`search cache read failed: ${(error as Error).message}`);
      return null;
    }
  }

  private async put(key: string, answer: SearchAnswer): Promise<void> {
    try {
      await this.redis.set(key, encode(answer), 'PX', keptFor(this.seconds));
    } catch (error) {
      this.logger.warn(`search cache write failed: ${(error as Error).message}`);
    }
  }
}

/**
 * How long one answer is kept, in ms: the window less up to a fifth, drawn when it is stored (as the web's page
 * cache does), so that answers stored together (a burst of new searches, a cache emptied by a restart) do not all
 * expire together, window after window, and send their searches to the database at once.
 */
export function keptFor(seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000 * (1 - Math.random() / 5)));
}

/** The total and headers as one JSON line, then the body's bytes. */
function encode(answer: SearchAnswer): Buffer {
  const head = JSON.stringify({ total: answer.total, headers: answer.headers });
  return Buffer.concat([Buffer.from(`${head}\n`), answer.body]);
}

function decode(stored: Buffer | null): SearchAnswer | null {
  if (!stored) return null;
  const end = stored.indexOf(0x0a);
  if (end < 0) return null;
  const head = JSON.parse(stored.subarray(0, end).toString('utf8')) as Omit<SearchAnswer, 'body'>;
  return { ...head, body: stored.subarray(end + 1) };
}
