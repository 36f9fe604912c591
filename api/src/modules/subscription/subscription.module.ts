import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { PublisherModule } from '../publisher/publisher.module.js';
import { AfterCommitRegistry } from './after-commit.registry.js';
import { ChefNewsModule } from './chef-news.module.js';
import { ConfirmationService } from './confirmation.service.js';
import { LocationCheckService } from './location-check.service.js';
import { SubscriptionKitchenListener } from './subscription-kitchen.listener.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionService } from './subscription.service.js';
import { UnsubscribeController } from './unsubscribe.controller.js';
import { UnsubscribeService } from './unsubscribe.service.js';

/**
 * Following kitchens, guests' double opt-in, location checks, chefs' news and the unsubscribe link
 * (issue 16 items 2 and 3; docs/messaging.md "Subscriptions", "Unsubscribing").
 */
@Module({
  imports: [MailModule, MessagingModule, PublisherModule, ChefNewsModule],
  controllers: [SubscriptionController, UnsubscribeController],
  providers: [
    AfterCommitRegistry,
    SubscriptionService,
    LocationCheckService,
    ConfirmationService,
    UnsubscribeService,
    SubscriptionKitchenListener,
  ],
  exports: [ChefNewsModule, LocationCheckService],
})
export class SubscriptionModule {}
