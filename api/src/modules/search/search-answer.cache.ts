import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Redis } from 'ioredis';
import { SharedLoads } from '../../common/cache/shared-loads.js';
import type { Env } from '../../config/env.js';
import { searchCacheSeconds } from '../../config/search-cache.js';
import { REDIS } from '../../redis/redis.module.js';
import { CatalogueChangesListener } from '../../common/cache/catalogue-changes.listener.js';

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

/** An answer as stored: with the catalogue change notice last heard when its read started (CatalogueChangesListener). */
interface StoredAnswer extends SearchAnswer {
  notice: string;
}

/**
 * Answers of item searches that do not depend on who asks (a zip code or a position was given), shared by the
 * API's processes in Redis for up to SEARCH_CACHE_SECONDS (docs/decisions/023-public-caching.md): the same
 * search asked again gets the stored bytes, with no query, until the catalogue changes. Every change that can
 * change a search's answer (a kitchen, its items, prices, menus and dates, a date filling up or freed) is
 * announced by the database when it commits (CatalogueChangesListener), and an answer read before the last notice is
 * not used again: searches show a change as soon as the API hears of it (milliseconds). The window bounds only what changes with time alone (a
 * date whose cut-off passes) and what a lost connection could have missed. The item page, the cart and the
 * checkout always read the database.
 *
 * Concurrent misses of one search in a process share one database read. Redis is only a cache here:
 * a failure is logged and counts as a miss.
 */
@Injectable()
export class SearchAnswerCache {
  private readonly logger = new Logger(SearchAnswerCache.name);
  readonly seconds: number;
  private readonly loading = new SharedLoads<SearchAnswer>();
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: ConfigService<Env, true>,
    /** The catalogue's change notices as this process hears them. */
    readonly changes: CatalogueChangesListener,
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
   * The stored answer of `key` when it was read since the catalogue's last change (`hit`), else the one `read`
   * builds, stored for the window unless the catalogue changed while it was read (`miss`); a read that fails
   * stores nothing and throws. Nothing is stored or used while the catalogue's changes go unheard.
   */
  async answer(
    key: string,
    read: () => Promise<SearchAnswer>,
  ): Promise<{ answer: SearchAnswer; hit: boolean }> {
    const notice = this.changes.last;
    const stored = notice === null ? null : await this.get(key);
    if (stored && stored.notice === notice && this.changes.last === notice)
      return { answer: stored, hit: true };
    // Requests arriving after a notice do not join a read started before it.
    const answer = await this.loading.load(`${key}@${notice}`, async () => {
      const fresh = await read();
      if (notice !== null && this.changes.last === notice) await this.put(key, { ...fresh, notice });
      return fresh;
    });
    return { answer, hit: false };
  }

  private async get(key: string): Promise<StoredAnswer | null> {
    try {
      return decode(await this.redis.getBuffer(key));
    } catch (error) {
      this.logger.warn(`search cache read failed: ${(error as Error).message}`);
      return null;
    }
  }

  private async put(key: string, answer: StoredAnswer): Promise<void> {
    try {
      await this.redis.set(key, encode(answer), 'PX', keptFor(this.seconds));
    } catch (error) {
      this.logger.warn(`search cache write failed: ${(error as Error).message}`);
    }
  }
}

/**
 * How long one answer is kept, in ms: between half the window and the window, drawn when it is stored, so that
 * answers stored together (the searches asked again after a catalogue change, a cache emptied by a restart) do
 * not all expire together, window after window, and send their searches to the database at once.
 */
export function keptFor(seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000 * (1 - Math.random() / 2)));
}

/** The notice its read started under, the total and headers as one JSON line, then the body's bytes. */
function encode(answer: StoredAnswer): Buffer {
  const head = JSON.stringify({ notice: answer.notice, total: answer.total, headers: answer.headers });
  return Buffer.concat([Buffer.from(`${head}\n`), answer.body]);
}

function decode(stored: Buffer | null): StoredAnswer | null {
  if (!stored) return null;
  const end = stored.indexOf(0x0a);
  if (end < 0) return null;
  const head = JSON.parse(stored.subarray(0, end).toString('utf8')) as Omit<StoredAnswer, 'body'>;
  if (typeof head.notice !== 'string') return null;
  return { ...head, body: stored.subarray(end + 1) };
}
