import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Redis } from 'ioredis';
import type { Env } from '../config/env.js';

/** Injection token of the shared ioredis client (caches, rate limits, health). */
export const REDIS = Symbol('REDIS');

/**
 * Every key of the client starts with the database's name (`hearth:<database>:`), as the queues do
 * (`queuePrefix`): stacks that share one Redis (test runs, e2e stacks, a benchmark, a second checkout) never
 * read each other's cached rows, which name ids of another database. SCAN patterns are not prefixed by
 * ioredis: a caller that scans matches `prefix + pattern` and strips the prefix before using the keys.
 */
export function redisKeyPrefix(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'hearth';
  return `hearth:${name}:`;
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) => {
        const redis = new Redis(config.get('REDIS_URL', { infer: true }), {
          // Fail fast instead of queueing commands while Redis is away: callers (health, caches) decide.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectionName: 'hearth-api',
          keyPrefix: redisKeyPrefix(config.get('DATABASE_URL', { infer: true })),
        });
        // ioredis reconnects by itself; log the outage once per episode instead of once per retry.
        const logger = new Logger('Redis');
        let down = false;
        redis.on('error', (error: Error) => {
          if (!down) logger.warn(`Redis is unreachable (${error.message}); retrying`);
          down = true;
        });
        redis.on('ready', () => {
          if (down) logger.log('Redis is reachable again');
          down = false;
        });
        return redis;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
