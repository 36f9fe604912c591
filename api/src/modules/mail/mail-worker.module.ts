import { InjectQueue } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueModule } from '../../queue/queue.module.js';
import { QUEUES } from '../../queue/queues.js';
import { MailDeliveryService } from './mail-delivery.service.js';
import { MailProcessor } from './mail.processor.js';
import { MailTransportAdapter } from './mail-transport.adapter.js';
import { LOST_AFTER_MS, OutboxService, REQUEUE_LOST_MAIL_JOB } from './outbox.service.js';

/** The worker's mail sender: the MAIL queue processor, the SMTP transport and the lost-job housekeeping. */
@Module({
  imports: [QueueModule],
  providers: [OutboxService, MailTransportAdapter, MailDeliveryService, MailProcessor],
  exports: [MailDeliveryService],
})
export class MailWorkerModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(MailWorkerModule.name);

  constructor(@InjectQueue(QUEUES.MAIL) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      // One schedule however many workers run (upsert by id).
      await this.queue.upsertJobScheduler(
        'mail-requeue-lost',
        { every: LOST_AFTER_MS },
        { name: REQUEUE_LOST_MAIL_JOB, data: {} },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not schedule the lost e-mail housekeeping');
    }
  }
}
