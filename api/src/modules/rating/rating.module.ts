import { Module } from '@nestjs/common';
import { PublisherModule } from '../publisher/publisher.module.js';
import { RatingController } from './rating.controller.js';
import { RatingService } from './rating.service.js';

/** Reviews of delivered order dates and the kitchens' running averages. */
@Module({
  imports: [PublisherModule],
  controllers: [RatingController],
  providers: [RatingService],
})
export class RatingModule {}
