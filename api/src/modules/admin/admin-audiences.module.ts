import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/messaging.module.js';
import { TargetGroupAudiencesService } from './target-group-audiences.service.js';

/**
 * The eight target groups of spec §6 as audiences of bulk messages: loaded by the API (counts, previews)
 * and by the worker (the fan-out), which does not load the rest of the admin module.
 */
@Module({
  imports: [MessagingModule],
  providers: [TargetGroupAudiencesService],
})
export class AdminAudiencesModule {}
