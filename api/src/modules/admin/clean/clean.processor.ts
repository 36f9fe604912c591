import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES } from '../../../queue/queues.js';
import { CLEAN_JOB, type CleanJobData, type CleanProgress } from './clean-job.js';
import { CleanRunnerService } from './clean-runner.service.js';

/** The `maintenance` queue: the admin's clean jobs, one at a time per worker. */
@Processor(QUEUES.MAINTENANCE)
export class CleanProcessor extends WorkerHost {
  constructor(private readonly runner: CleanRunnerService) {
    super();
  }

  async process(job: Job<CleanJobData>): Promise<CleanProgress> {
    if (job.name !== CLEAN_JOB) throw new UnrecoverableError(`Unknown maintenance job ${job.name}`);
    return this.runner.run(job);
  }
}
