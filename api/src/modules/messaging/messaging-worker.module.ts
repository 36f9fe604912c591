import { InjectQueue } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Queue } from 'bullmq';
import type { Env } from '../../config/env.js';
import { QueueModule } from '../../queue/queue.module.js';
import { QUEUES } from '../../queue/queues.js';
import { BulkMailTransportAdapter } from './bulk-mail-transport.adapter.js';
import { BulkMessagesProcessor } from './bulk-messages.processor.js';
import { BulkSendingService, SWEEP_JOB } from './bulk-sending.service.js';
import { MessagingModule } from './messaging.module.js';

/**
 * The worker's bulk sender (ADR 021): the `bulk-messages` processor, its pooled SMTP transport and the
 * housekeeping sweep. The audiences come from the modules that register them (the worker loads them too).
 */
@Module({
  imports: [QueueModule, MessagingModule],
  providers: [BulkMailTransportAdapter, BulkSendingService, BulkMessagesProcessor],
})
export class MessagingWorkerModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(MessagingWorkerModule.name);

  constructor(
    @InjectQueue(QUEUES.BULK_MESSAGES) private readonly queue: Queue,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.upsertJobScheduler(
        'bulk-messages-sweep',
        { every: this.config.get('BULK_SWEEP_MS', { infer: true }) },
        { name: SWEEP_JOB, data: {} },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not schedule the bulk-message housekeeping');
    }
  }
}
