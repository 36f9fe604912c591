import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../config/env.js';
import { DEFAULT_JOB_OPTIONS, QUEUES } from './queues.js';

/**
 * Queue keys are namespaced by the database the jobs refer to (`bull:<database>`), so stacks that share one
 * Redis (test runs, a benchmark, a second checkout of the app) never take each other's jobs: a job only
 * means something next to its own database.
 */
export function queuePrefix(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'hearth';
  return `bull:${name}`;
}

const queues = Object.values(QUEUES).map((name) => BullModule.registerQueue({ name }));

/** BullMQ connection and every queue; the API produces jobs, the worker also consumes them. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) => ({
        connection: { url: config.get('REDIS_URL', { infer: true }), maxRetriesPerRequest: null },
        prefix: queuePrefix(config.get('DATABASE_URL', { infer: true })),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    ...queues,
  ],
  exports: queues,
})
export class QueueModule {}
