import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/database/migrate.js';
import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../src/database/postgres-admin.js';
import { queuePrefix } from '../../src/queue/queue.module.js';
import { redisKeyPrefix } from '../../src/redis/redis.module.js';

/** Server the medium tests create their databases on (a database that always exists, like `postgres`). */
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the fresh, migrated database of this test run. */
    databaseUrl: string;
    /** URL of the maintenance database on the same server, for tests that need a database of their own. */
    databaseAdminUrl: string;
  }
}

/**
 * Creates `hearth_test_<timestamp>_<random>`, applies every migration and hands its URL to the tests;
 * drops it when the run ends (also after failures).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseName = uniqueDatabaseName('hearth_test');
  await createDatabase(adminUrl, databaseName);
  const databaseUrl = withDatabase(adminUrl, databaseName);
  try {
    await migrate(databaseUrl);
  } catch (error) {
    await dropDatabase(adminUrl, databaseName);
    throw error;
  }
  project.provide('databaseUrl', databaseUrl);
  project.provide('databaseAdminUrl', adminUrl);
  return async () => {
    await dropDatabase(adminUrl, databaseName);
    await dropQueues(databaseUrl);
  };
}

/** Jobs and cached keys are namespaced by database (queuePrefix, redisKeyPrefix): they go with the run's database. */
async function dropQueues(databaseUrl: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    for (const pattern of [`${queuePrefix(databaseUrl)}:*`, `${redisKeyPrefix(databaseUrl)}*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } catch {
    // Redis away: nothing to clean.
  } finally {
    redis.disconnect();
  }
}
