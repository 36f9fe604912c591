import { Module } from '@nestjs/common';
import { OutboxRetentionService } from './outbox-retention.service.js';

/** The outbox's retention, for the admin's clean (its only user): no queue, no transport. */
@Module({ providers: [OutboxRetentionService], exports: [OutboxRetentionService] })
export class OutboxRetentionModule {}
