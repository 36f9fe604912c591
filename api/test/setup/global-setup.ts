import { Redis } from 'ioredis';
import { Client } from 'pg';
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
    /** Name of this run's migrated template database; each worker tests on its own copy (env.ts). */
    templateDatabase: string;
    /** URL of the maintenance database on the same server, for tests that need a database of their own. */
    databaseAdminUrl: string;
  }
}

interface Run {
  template: string;
  users: number;
}

/** The medium projects (parallel and exclusive) run in one process and share one template. */
const shared = globalThis as typeof globalThis & { hearthTestTemplate?: Promise<Run> };

async function createTemplate(): Promise<Run> {
  const template = uniqueDatabaseName('hearth_test');
  await createDatabase(adminUrl, template);
  try {
    await migrate(withDatabase(adminUrl, template));
  } catch (error) {
    await dropDatabase(adminUrl, template);
    throw error;
  }
  return { template, users: 0 };
}

/**
 * Creates `hearth_test_<timestamp>_<random>` and applies every migration, once per run: the template each
 * test worker copies into its own database (`<template>_w<pool id>`, made by env.ts) so files run in
 * parallel without sharing rows, queues or cached keys (both are namespaced by database: queuePrefix,
 * redisKeyPrefix). Everything is dropped when the run ends (also after failures).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.hearthTestTemplate ??= createTemplate();
  let run: Run;
  try {
    run = await shared.hearthTestTemplate;
  } catch (error) {
    shared.hearthTestTemplate = undefined;
    throw error;
  }
  run.users++;
  project.provide('templateDatabase', run.template);
  project.provide('databaseAdminUrl', adminUrl);
  return async () => {
    if (--run.users > 0) return;
    shared.hearthTestTemplate = undefined;
    const names = [run.template, ...(await workerDatabases(run.template))];
    for (const name of names) {
      await dropDatabase(adminUrl, name);
      await dropQueues(withDatabase(adminUrl, name));
    }
  };
}

/** The workers' copies of `template` (env.ts names them `<template>_w<n>`). */
async function workerDatabases(template: string): Promise<string[]> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT datname AS name FROM pg_database WHERE datname LIKE $1`,
      [`${template}\\_w%`],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/** Jobs and cached keys are namespaced by database (queuePrefix, redisKeyPrefix): they go with the database. */
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
