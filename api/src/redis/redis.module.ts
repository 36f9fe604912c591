import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Redis } from 'ioredis';
import type { Env } from '../config/env.js';

/** Injection token of the shared ioredis client (caches, rate limits, health). */
export const REDIS = Symbol('REDIS');

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
