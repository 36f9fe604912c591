import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { REDIS } from '../../redis/redis.module.js';

/**
 * Registers @fastify/rate-limit with the app's Redis client (its keys under the client's prefix, then
 * `rate-limit:`). `global: false`: RateLimitGuard applies the limits per route class. While Redis is away the
 * limits are skipped rather than failing every request (health reports Redis DOWN meanwhile).
 */
export async function registerRateLimit(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    redis: app.get<Redis>(REDIS),
    nameSpace: 'rate-limit:',
    skipOnError: true,
  });
}
