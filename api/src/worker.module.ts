import { Module, type DynamicModule } from '@nestjs/common';
import { coreImports } from './app.module.js';
import { AuthWorkerModule } from './modules/auth/auth-worker.module.js';
import { CartWorkerModule } from './modules/cart/cart-worker.module.js';
import { MailWorkerModule } from './modules/mail/mail-worker.module.js';
import { AdminAudiencesModule } from './modules/admin/admin-audiences.module.js';
import { CleanWorkerModule } from './modules/admin/clean/clean-worker.module.js';
import { MessagingWorkerModule } from './modules/messaging/messaging-worker.module.js';
import { MenuDatesModule } from './modules/menu/menu-dates.module.js';
import { PaymentWorkerModule } from './modules/payment/payment-worker.module.js';
import { PaymentHoldWorkerModule } from './modules/payment/checkout/payment-checkout.module.js';
import { PaymentAccountEventsModule } from './modules/payment/accounts/payment-account-events.module.js';
import { ScheduledJobsModule } from './queue/scheduled-jobs.module.js';
import { ChefNewsModule } from './modules/subscription/chef-news.module.js';
import { SettlementWorkerModule } from './modules/payment/settlement/settlement-worker.module.js';

/**
 * The `scheduled` queue's one generic processor with the modules whose services declare its handlers
 * (`@OnScheduledJob`): the menu auto-extension (MenuDatesService), the guest cart expiry
 * (GuestCartExpiryService), the purge of ended sessions (SessionPurgeService) and the sweep of refunds and
 * payouts (SettlementService, which also brings the `settlements` queue's processor). A new scheduled job is a decorated service method plus, when its module is
 * not here yet, one line in this list.
 */
@Module({
  imports: [
    ScheduledJobsModule,
    MenuDatesModule,
    CartWorkerModule,
    AuthWorkerModule,
    PaymentHoldWorkerModule,
    SettlementWorkerModule,
  ],
})
export class ScheduledWorkModule {}

/** The worker: the same infrastructure as the API plus the BullMQ processors of each domain. */
@Module({})
export class WorkerModule {
  static register(): DynamicModule {
    // PaymentAccountEventsModule: `@OnPaymentEvent` handlers for the payment-events processor to find.
    return {
      module: WorkerModule,
      imports: [
        ...coreImports(),
        MailWorkerModule,
        PaymentWorkerModule,
        ScheduledWorkModule,
        PaymentAccountEventsModule,
        MessagingWorkerModule,
        AdminAudiencesModule,
        ChefNewsModule,
        CleanWorkerModule,
      ],
    };
  }
}
