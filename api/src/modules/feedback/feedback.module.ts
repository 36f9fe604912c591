import { Module } from '@nestjs/common';
import { FeedbackController, FeedbackSearchController } from './feedback.controller.js';
import { FeedbackService } from './feedback.service.js';

/** Feedback about the site and about delivered orders; the admins' search over it. */
@Module({
  controllers: [FeedbackController, FeedbackSearchController],
  providers: [FeedbackService],
  exports: [FeedbackService],
})
export class FeedbackModule {}
