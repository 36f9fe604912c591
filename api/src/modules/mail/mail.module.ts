import { Module } from '@nestjs/common';
import { QueueModule } from '../../queue/queue.module.js';
import { OutboxService } from './outbox.service.js';

/** The e-mail outbox as other modules write to it (rows in their transaction, jobs after commit). */
@Module({
  imports: [QueueModule],
  providers: [OutboxService],
  exports: [OutboxService],
})
export class MailModule {}
