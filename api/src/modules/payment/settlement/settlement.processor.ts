import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES } from '../../../queue/queues.js';
import { SETTLE_JOB, SETTLEMENT_MAX_ATTEMPTS, type SettleJob } from '../../order/order-settlement.service.js';
import { SettlementService, type SettleOutcome } from './settlement.service.js';

/**
 * The `settlements` queue: one job per refund or payout request (enqueued after the status move commits).
 * A failed attempt is recorded on the date selection first, then the job throws so BullMQ retries it with
 * backoff; past SETTLEMENT_MAX_ATTEMPTS refusals it stops and the date stays FAILED for an admin.
 */
@Processor(QUEUES.SETTLEMENTS, { concurrency: 2 })
export class SettlementProcessor extends WorkerHost {
  constructor(private readonly settlement: SettlementService) {
    super();
  }

  async process(job: Job): Promise<SettleOutcome> {
    if (job.name !== SETTLE_JOB) throw new UnrecoverableError(`Unknown settlement job ${job.name}`);
    const { selectionId } = job.data as SettleJob;
    if (typeof selectionId !== 'string') throw new UnrecoverableError('A settlement job needs a selectionId');
    const outcome = await this.settlement.settle(selectionId);
    if (outcome.state === 'failed') {
      if (!outcome.transient && outcome.attempts >= SETTLEMENT_MAX_ATTEMPTS)
        throw new UnrecoverableError(outcome.reason);
      throw new Error(outcome.reason);
    }
    return outcome;
  }
}
