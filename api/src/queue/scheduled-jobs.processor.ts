import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES } from './queues.js';
import { ScheduledJobsRegistry } from './scheduled-jobs.registry.js';

/**
 * The one consumer of the `scheduled` queue. BullMQ hands a worker every job of its queue, so one generic
 * processor dispatches by job name to the handlers declared next to their services; an unknown name fails
 * at once rather than being retried.
 */
@Processor(QUEUES.SCHEDULED)
export class ScheduledJobsProcessor extends WorkerHost {
  constructor(private readonly registry: ScheduledJobsRegistry) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.registry.all().get(job.name);
    if (!handler) throw new UnrecoverableError(`Unknown scheduled job ${job.name}`);
    return handler.run();
  }
}
