import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES } from '../../queue/queues.js';
import { MailDeliveryError, MailDeliveryService, type DeliveryOutcome } from './mail-delivery.service.js';
import { OutboxService, REQUEUE_LOST_MAIL_JOB, SEND_MAIL_JOB, type SendMailJob } from './outbox.service.js';

/** Worker side of the outbox: sends one row per job, and re-enqueues rows whose job was lost. */
@Processor(QUEUES.MAIL, { concurrency: 4 })
export class MailProcessor extends WorkerHost {
  constructor(
    private readonly delivery: MailDeliveryService,
    private readonly outbox: OutboxService,
  ) {
    super();
  }

  async process(job: Job): Promise<DeliveryOutcome | number> {
    if (job.name === REQUEUE_LOST_MAIL_JOB) return this.outbox.requeueLost();
    if (job.name !== SEND_MAIL_JOB) throw new UnrecoverableError(`Unknown mail job ${job.name}`);
    const { outboxId } = job.data as SendMailJob;
    if (typeof outboxId !== 'string') throw new UnrecoverableError('A mail job needs an outboxId');
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      return await this.delivery.deliver(outboxId, { lastAttempt });
    } catch (error) {
      // A permanent SMTP refusal is recorded on the row; retrying would only repeat it.
      if (error instanceof MailDeliveryError && error.permanent) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
