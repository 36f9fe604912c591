import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../redis/redis.module.js';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';

const PREFIX = 'publisher:summary:';
const byId = (id: string) => `${PREFIX}id:${id}`;
const byName = (kitchenName: string) => `${PREFIX}name:${kitchenName.toLowerCase()}`;
/** Entries expire by themselves too, so a missed invalidation heals within the hour. */
const TTL_SECONDS = 3600;

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

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

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

  /** Forgets kitchens after a change; the next lookup reads the database. */
  async invalidate(...ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.safely('invalidate', undefined, async () => {
      await this.redis.del(...ids.map(byId));
    });
  }

  /** Forgets every cached kitchen; returns how many keys went. */
  async clear(): Promise<number> {
    return this.safely('clear', 0, async () => {
      let removed = 0;
      let cursor = '0';
      // SCAN sees whole key names: match under the client's prefix, and give DEL the names without it.
      const prefix = this.redis.options.keyPrefix ?? '';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}${PREFIX}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) removed += await this.redis.del(...keys.map((k) => k.slice(prefix.length)));
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
