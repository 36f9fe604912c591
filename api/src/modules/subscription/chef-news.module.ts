import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/messaging.module.js';
import { ChefNewsService } from './chef-news.service.js';

/**
 * A chef's news (CHEF_NEWS bulk messages): the API imports it through SubscriptionModule (the menu module
 * calls ChefNewsService after publishing), the worker imports it so the fan-out finds the CHEF_NEWS audience.
 */
@Module({
  imports: [MessagingModule],
  providers: [ChefNewsService],
  exports: [ChefNewsService],
})
export class ChefNewsModule {}
