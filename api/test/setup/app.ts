import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { AppModule } from '../../src/app.module.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureApp, createHttpAdapter } from '../../src/app.setup.js';
import { RATE_LIMIT_CLASSES } from '../../src/common/rate-limit/rate-limit.decorator.js';
import { rateLimitVariable } from '../../src/common/rate-limit/rate-limit.config.js';

/**
 * Every test file calls the API from 127.0.0.1 within a few minutes: far more than the production limits
 * allow one address. Tests of the limits themselves pass their own `RATE_LIMIT_<CLASS>` (test/app/rate-limit.spec.ts).
 */
export const UNLIMITED = Object.fromEntries(
  RATE_LIMIT_CLASSES.map((c) => [rateLimitVariable(c), '1000000,1000000,60']),
);

/**
 * Boots the real API (every module, real PostgreSQL and Redis) on the run's test database. `env` overrides
 * process.env for this app only, e.g. to point it at a stopped Redis.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<INestApplication> {
  const saved = { ...process.env };
  Object.assign(
    process.env,
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      STORAGE_DIR: process.env.STORAGE_DIR ?? 'var/test-storage',
      ...UNLIMITED,
    },
    env,
  );
  try {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.register()] }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
      bufferLogs: true,
    });
    await configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  } finally {
    process.env = saved;
  }
}
