import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { AppModule } from '../../src/app.module.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureApp, createHttpAdapter } from '../../src/app.setup.js';

/**
 * Boots the real API (every module, real PostgreSQL and Redis) on the run's test database. `env` overrides
 * process.env for this app only, e.g. to point it at a stopped Redis.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<INestApplication> {
  const saved = { ...process.env };
  Object.assign(
    process.env,
    { LOG_LEVEL: 'silent', NODE_ENV: 'test', STORAGE_DIR: process.env.STORAGE_DIR ?? 'var/test-storage' },
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
