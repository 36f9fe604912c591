import { Module } from '@nestjs/common';
import { QueueModule } from '../../queue/queue.module.js';
import { PaymentEventsAdminController } from './admin/payment-events-admin.controller.js';
import { PaymentEventsAdminService } from './admin/payment-events-admin.service.js';
import { PaymentCallbackController } from './callbacks/payment-callback.controller.js';
import { PaymentEventIntakeService } from './callbacks/payment-event-intake.service.js';
import { PaymentGatewaysModule } from './gateways/payment-gateways.module.js';

/**
 * The API side of payments: the gateways' callbacks (verified, stored, enqueued) and the admins' view of
 * stuck payment events. The events are applied by the worker (PaymentWorkerModule).
 */
@Module({
  imports: [QueueModule, PaymentGatewaysModule],
  controllers: [PaymentCallbackController, PaymentEventsAdminController],
  providers: [PaymentEventIntakeService, PaymentEventsAdminService],
  exports: [PaymentEventIntakeService],
})
export class PaymentModule {}
