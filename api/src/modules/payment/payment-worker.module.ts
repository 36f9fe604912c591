import { InjectQueue } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QueueModule } from '../../queue/queue.module.js';
import { QUEUES } from '../../queue/queues.js';
import { MailModule } from '../mail/mail.module.js';
import { OrderPaymentModule } from '../order/order-payment.module.js';
import {
  PAYMENT_EVENT_LOST_AFTER_MS,
  PaymentEventIntakeService,
  REQUEUE_LOST_PAYMENT_EVENTS_JOB,
} from './callbacks/payment-event-intake.service.js';
import { PaymentEventApplierService } from './events/payment-event-applier.service.js';
import { PaymentEventRegistry } from './events/payment-event.registry.js';
import { PaymentEventsProcessor } from './events/payment-events.processor.js';
import { PaymentGatewaysModule } from './gateways/payment-gateways.module.js';
import { PaymentCompletionListener } from './handlers/payment-completion.listener.js';

/**
 * The worker's `payment-events` pipeline: the processor, the applier, the registry of `@OnPaymentEvent`
 * handlers and the handlers themselves (payments completing here; refunds, payouts and Connect accounts add
 * theirs as providers of this module or of another module the worker imports), and the lost-event
 * housekeeping, scheduled once however many workers run.
 */
@Module({
  imports: [QueueModule, DiscoveryModule, PaymentGatewaysModule, OrderPaymentModule, MailModule],
  providers: [
    PaymentEventRegistry,
    PaymentEventApplierService,
    PaymentEventIntakeService,
    PaymentEventsProcessor,
    PaymentCompletionListener,
  ],
  exports: [PaymentEventApplierService, PaymentEventRegistry],
})
export class PaymentWorkerModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(PaymentWorkerModule.name);

  constructor(@InjectQueue(QUEUES.PAYMENT_EVENTS) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.upsertJobScheduler(
        'payment-events-requeue-lost',
        { every: PAYMENT_EVENT_LOST_AFTER_MS },
        { name: REQUEUE_LOST_PAYMENT_EVENTS_JOB, data: {} },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not schedule the lost payment-event housekeeping');
    }
  }
}
