import { Module } from '@nestjs/common';
import { AuthWorkerModule } from '../../auth/auth-worker.module.js';
import { CartWorkerModule } from '../../cart/cart-worker.module.js';
import { OutboxRetentionModule } from '../../mail/outbox-retention.module.js';
import { StoredFilesModule } from '../../storage/stored-files.module.js';
import { UnconfirmedSubscriptionsModule } from '../../subscription/unconfirmed-subscriptions.module.js';
import { CleanSourcesService } from './clean-sources.service.js';

/** What the clean counts and removes, for the API (dry run) and the worker (the clean job). */
@Module({
  imports: [
    CartWorkerModule,
    AuthWorkerModule,
    OutboxRetentionModule,
    UnconfirmedSubscriptionsModule,
    StoredFilesModule,
  ],
  providers: [CleanSourcesService],
  exports: [CleanSourcesService],
})
export class CleanSourcesModule {}
