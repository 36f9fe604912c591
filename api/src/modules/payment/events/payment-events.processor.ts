import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES } from '../../../queue/queues.js';
import {
  APPLY_PAYMENT_EVENT_JOB,
  PaymentEventIntakeService,
  REQUEUE_LOST_PAYMENT_EVENTS_JOB,
  type ApplyPaymentEventJob,
} from '../callbacks/payment-event-intake.service.js';
import { PaymentEventApplierService, type ApplyOutcome } from './payment-event-applier.service.js';

/**
 * The `payment-events` queue: one job per stored event (jobId = payment_event id), retried with
 * DEFAULT_JOB_OPTIONS' exponential backoff; and the housekeeping job that re-enqueues lost ones.
 */
@Processor(QUEUES.PAYMENT_EVENTS, { concurrency: 4 })
export class PaymentEventsProcessor extends WorkerHost {
  constructor(
    private readonly applier: PaymentEventApplierService,
    private readonly intake: PaymentEventIntakeService,
  ) {
    super();
  }

  async process(job: Job): Promise<ApplyOutcome | number> {
    if (job.name === REQUEUE_LOST_PAYMENT_EVENTS_JOB) return this.intake.requeueLost();
    if (job.name !== APPLY_PAYMENT_EVENT_JOB) throw new UnrecoverableError(`Unknown payment job ${job.name}`);
    const { paymentEventId } = job.data as ApplyPaymentEventJob;
    if (typeof paymentEventId !== 'string')
      throw new UnrecoverableError('A payment job needs a paymentEventId');
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.applier.apply(paymentEventId, { lastAttempt });
  }
}
