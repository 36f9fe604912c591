import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { CatalogueChangesListener } from '../../common/cache/catalogue-changes.listener.js';
import { SharedLoads } from '../../common/cache/shared-loads.js';
import { REDIS } from '../../redis/redis.module.js';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';

const PREFIX = 'publisher:summary:';
const byId = (id: string) => `${PREFIX}id:${id}`;
const byName = (kitchenName: string) => `${PREFIX}name:${kitchenName.toLowerCase()}`;
/** Entries expire by themselves too, so a missed invalidation heals within the hour. */
const TTL_SECONDS = 3600;

/**
 * The public lists (pages of the approved-kitchen list, the recent-orders gallery): one hash, so one DEL
 * forgets them all, and a generation counter that a late writer compares against (see `putList`).
 */
const LISTS = `${PREFIX}lists`;
const LISTS_GENERATION = `${PREFIX}lists:generation`;
/**
 * The lists expire by themselves this long after their first page was stored: the backstop for changes
 * that do not invalidate them (a new order in the gallery, an item renamed or its picture changed).
 */
export const LIST_TTL_SECONDS = 30;

/**
 * How long a process serves its own copy of a public list (while it hears the catalogue's notices and none came):
 * the bound on what another process's change can leave here before its invalidation reaches Redis.
 */
export const LIST_COPY_MS = 1000;

/**
 * Stores a field only while the generation is still the one the reader saw before it read the database:
 * a kitchen change that committed and invalidated in between makes the (possibly older) value be dropped.
 * KEYS[1] the hash, KEYS[2] the generation; ARGV field, value, generation seen, TTL.
 */
const PUT_IF_CURRENT = `
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
return 1`;

/**
 * A public list read from the cache: its stored UTF-8 bytes (sent as they are: no decoding into a string
 * and encoding it back for the socket), else null and the generation to store under.
 */
export interface CachedList {
  body: Buffer | null;
  generation: string;
}

/**
 * The public summary of approved kitchens in Redis, for the storefront and kitchen lookups.
 *
 * A summary is stored under the kitchen's id; its name points to the id. Invalidating the id is enough:
 * a name whose summary is gone, or whose summary now carries another name (a rename), is a miss.
 * Redis is only a cache here: every failure is logged and treated as a miss, never as an error.
 */
@Injectable()
export class PublisherCache {
  private readonly logger = new Logger(PublisherCache.name);

  /**
   * Public lists being read from the database by this process, by generation and field: when a list expires
   * (or is invalidated) under load, every request for it misses at once; they share one read instead of each
   * running its own (hundreds of concurrent reads of the same page stalled the replay for seconds).
   */
  private readonly loading = new SharedLoads<Buffer>();

  /**
   * This process's copies of the public lists it served, for LIST_COPY_MS, used only while the catalogue's last
   * change notice is the one heard when the copy was made (CatalogueChangesListener: a kitchen approved, blocked or
   * edited anywhere drops them) and emptied by this process's own invalidations: at 1,600 requests a second
   * the list is then sent with no Redis round trip. Without the notices (development, tests) nothing is copied.
   */
  private readonly copies = new LRUCache<string, { body: Buffer; notice: string; at: number }>({ max: 500 });
  /** Counts this process's own invalidations: a list read before one is not copied after it. */
  private invalidations = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly changes: CatalogueChangesListener,
  ) {}

  async getById(id: string): Promise<PublisherSummaryDto | null> {
    return this.safely('read', null, async () => parse(await this.redis.get(byId(id))));
  }

  async getByKitchenName(kitchenName: string): Promise<PublisherSummaryDto | null> {
    return this.safely('read', null, async () => {
      const id = await this.redis.get(byName(kitchenName));
      if (!id) return null;
      const summary = parse(await this.redis.get(byId(id)));
      return summary && summary.kitchenName.toLowerCase() === kitchenName.toLowerCase() ? summary : null;
    });
  }

  /** Stores an approved kitchen's summary (callers never store other states). */
  async set(summary: PublisherSummaryDto): Promise<void> {
    await this.safely('write', undefined, async () => {
      await this.redis
        .multi()
        .set(byId(summary.id), JSON.stringify(summary), 'EX', TTL_SECONDS)
        .set(byName(summary.kitchenName), summary.id, 'EX', TTL_SECONDS)
        .exec();
    });
  }

  /**
   * Forgets kitchens after a change, and with them the public lists they appear in; the next lookup reads
   * the database. Callers call it after their transaction committed.
   */
  async invalidate(...ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    this.forgetCopies();
    await this.safely('invalidate', undefined, async () => {
      await this.redis
        .multi()
        .del(...ids.map(byId))
        .incr(LISTS_GENERATION)
        .del(LISTS)
        .exec();
    });
  }

  /** Forgets the public lists only (a change that shows in them but in no kitchen's summary). */
  async invalidateLists(): Promise<void> {
    this.forgetCopies();
    await this.safely('invalidate', undefined, async () => {
      await this.redis.multi().incr(LISTS_GENERATION).del(LISTS).exec();
    });
  }

  /**
   * One public list (`field` names it, e.g. a page of the approved list) in one round trip: its bytes when
   * stored, and the current generation to pass to `putList` after reading the database on a miss.
   * Null when Redis fails (the caller reads the database and does not store).
   */
  async getList(field: string): Promise<CachedList | null> {
    return this.safely('read', null, async () => {
      const [[e1, body], [e2, generation]] = (await this.redis
        .pipeline()
        .hgetBuffer(LISTS, field)
        .get(LISTS_GENERATION)
        .exec()) as [[Error | null, Buffer | null], [Error | null, string | null]];
      if (e1 || e2) throw e1 ?? e2;
      return { body, generation: generation ?? '0' };
    });
  }

  /**
   * A public list as the bytes to send: from Redis, else from `load` (the database), stored for the next
   * reader unless a change invalidated the lists meanwhile. Concurrent misses for the same list and
   * generation in this process share one `load`; a request that saw a newer generation (a change after that
   * load began) starts its own. Redis failures read the database and store nothing.
   */
  async list(field: string, load: () => Promise<string>): Promise<Buffer> {
    const notice = this.changes.last;
    const copy = notice === null ? undefined : this.copies.get(field);
    if (copy && copy.notice === notice && Date.now() - copy.at < LIST_COPY_MS) return copy.body;
    const invalidations = this.invalidations;
    const body = await this.listFromRedis(field, load);
    if (notice !== null && this.changes.last === notice && this.invalidations === invalidations) {
      // Bytes of its own: a reply from Redis is a view of the client's read buffer, which the copy would keep.
      this.copies.set(field, { body: Buffer.from(body), notice, at: Date.now() });
    }
    return body;
  }

  private forgetCopies(): void {
    this.invalidations += 1;
    this.copies.clear();
  }

  private async listFromRedis(field: string, load: () => Promise<string>): Promise<Buffer> {
    const cached = await this.getList(field);
    if (cached?.body) return cached.body;
    const key = `${cached?.generation ?? '-'}:${field}`;
    return this.loading.load(key, async () => {
      const text = await load();
      if (cached) await this.putList(field, text, cached.generation);
      return Buffer.from(text);
    });
  }

  /** Stores a public list read from the database, unless a change invalidated the lists since `generation`. */
  async putList(field: string, text: string, generation: string): Promise<void> {
    await this.safely('write', undefined, async () => {
      await this.redis.eval(
        PUT_IF_CURRENT,
        2,
        LISTS,
        LISTS_GENERATION,
        field,
        text,
        generation,
        LIST_TTL_SECONDS,
      );
    });
  }

  /** Forgets every cached kitchen and the public lists; returns how many keys went. */
  async clear(): Promise<number> {
    this.forgetCopies();
    return this.safely('clear', 0, async () => {
      await this.redis.incr(LISTS_GENERATION);
      let removed = 0;
      let cursor = '0';
      // SCAN sees whole key names: match under the client's prefix, and give DEL the names without it.
      const prefix = this.redis.options.keyPrefix ?? '';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}${PREFIX}*`, 'COUNT', 500);
        cursor = next;
        // The generation only ever grows: a list read before the clear must not be stored after it.
        const names = keys.map((k) => k.slice(prefix.length)).filter((k) => k !== LISTS_GENERATION);
        if (names.length > 0) removed += await this.redis.del(...names);
      } while (cursor !== '0');
      return removed;
    });
  }

  private async safely<T>(what: string, fallback: T, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.warn(
        `Kitchen cache ${what} failed (${error instanceof Error ? error.message : String(error)}); using the database`,
      );
      return fallback;
    }
  }
}

function parse(text: string | null): PublisherSummaryDto | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as PublisherSummaryDto;
  } catch {
    return null;
  }
}
