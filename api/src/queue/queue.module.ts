import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../config/env.js';
import { DEFAULT_JOB_OPTIONS, QUEUES } from './queues.js';

const queues = Object.values(QUEUES).map((name) => BullModule.registerQueue({ name }));

/** BullMQ connection and every queue; the API produces jobs, the worker also consumes them. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) => ({
        connection: { url: config.get('REDIS_URL', { infer: true }), maxRetriesPerRequest: null },
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    ...queues,
  ],
  exports: queues,
})
export class QueueModule {}
