import { once } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS } from '../../redis/redis.module.js';

export type ComponentStatus = { status: 'UP' } | { status: 'DOWN'; error: string };

export interface HealthDto {
  status: 'UP' | 'DOWN';
  /** For admins only (health.controller.ts). */
  components?: { db: ComponentStatus; redis: ComponentStatus };
}

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** UP only when PostgreSQL and Redis both answer within the timeout. */
  async check(): Promise<HealthDto> {
    const [db, redis] = await Promise.all([
      probe(async () => {
        await this.db.query('SELECT 1');
      }),
      probe(async () => {
        // The client connects lazily after boot; give a connection in progress the probe's time to finish.
        if (this.redis.status !== 'ready') await once(this.redis, 'ready');
        const pong = await this.redis.ping();
        if (pong !== 'PONG') throw new Error(`unexpected reply ${pong}`);
      }),
    ]);
    return { status: db.status === 'UP' && redis.status === 'UP' ? 'UP' : 'DOWN', components: { db, redis } };
  }
}

async function probe(fn: () => Promise<void>): Promise<ComponentStatus> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'UP' };
  } catch (error) {
    return { status: 'DOWN', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
