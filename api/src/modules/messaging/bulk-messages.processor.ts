import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES } from '../../queue/queues.js';
import { FAN_OUT_JOB, type FanOutJob } from './broadcast.service.js';
import { BATCH_JOB, BulkSendingService, SWEEP_JOB, type BatchJob } from './bulk-sending.service.js';

/**
 * The `bulk-messages` queue: fan-out jobs page a message's audience into recipients, batch jobs send
 * them, the sweep re-queues messages whose jobs were lost (ADR 021). Two at a time per worker, so a
 * batch sends while the fan-out still pages; the sending rate is capped inside BulkSendingService.
 */
@Processor(QUEUES.BULK_MESSAGES, { concurrency: 2 })
export class BulkMessagesProcessor extends WorkerHost {
  constructor(private readonly sending: BulkSendingService) {
    super();
  }

  async process(job: Job): Promise<number | void> {
    if (job.name === SWEEP_JOB) return this.sending.sweep();
    const id = (job.data as Partial<FanOutJob & BatchJob>).bulkMessageId;
    if (typeof id !== 'string') throw new UnrecoverableError(`A ${job.name} job needs a bulkMessageId`);
    if (job.name === FAN_OUT_JOB) return this.sending.fanOut(id);
    if (job.name === BATCH_JOB) return this.sending.sendBatch(id);
    throw new UnrecoverableError(`Unknown bulk-messages job ${job.name}`);
  }
}
