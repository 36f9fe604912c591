import { Module } from '@nestjs/common';
import { QueueModule } from '../../queue/queue.module.js';
import { AudienceRegistry } from './audience.registry.js';
import { BroadcastService } from './broadcast.service.js';
import { BulkMessagesService } from './bulk-messages.service.js';
import { MailLinksService } from './mail-links.service.js';
import { SuppressionService } from './suppression.service.js';

/**
 * Bulk e-mail (issue 16, ADR 021): messages to many people, their audiences, the unsubscribe list and the
 * signed links of bulk and subscription e-mail. The fan-out and sending run in the worker.
 */
@Module({
  imports: [QueueModule],
  providers: [AudienceRegistry, BroadcastService, BulkMessagesService, MailLinksService, SuppressionService],
  exports: [AudienceRegistry, BroadcastService, BulkMessagesService, MailLinksService, SuppressionService],
})
export class MessagingModule {}
