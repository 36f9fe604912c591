import { InjectQueue } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QueueModule } from './queue.module.js';
import { QUEUES } from './queues.js';
import { ScheduledJobsProcessor } from './scheduled-jobs.processor.js';
import { ScheduledJobsRegistry } from './scheduled-jobs.registry.js';

/**
 * The worker's `scheduled` queue: its one processor, and at boot one scheduler per declared job (upserted
 * by id, so one schedule however many workers run). Import it beside the modules whose services declare
 * `@OnScheduledJob` handlers.
 */
@Module({
  imports: [QueueModule, DiscoveryModule],
  providers: [ScheduledJobsRegistry, ScheduledJobsProcessor],
})
export class ScheduledJobsModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduledJobsModule.name);

  constructor(
    @InjectQueue(QUEUES.SCHEDULED) private readonly queue: Queue,
    private readonly registry: ScheduledJobsRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { job } of this.registry.all().values()) {
      try {
        await this.queue.upsertJobScheduler(
          job.name,
          { pattern: job.pattern, tz: 'UTC' },
          { name: job.name, data: {} },
        );
      } catch (error) {
        this.logger.warn({ err: error, job: job.name }, `Could not schedule the queue job ${job.name}`);
      }
    }
  }
}
