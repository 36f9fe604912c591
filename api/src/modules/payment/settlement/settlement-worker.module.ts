import { Module } from '@nestjs/common';
import { OrderModule } from '../../order/order.module.js';
import { PaymentGatewaysModule } from '../gateways/payment-gateways.module.js';
import { SettlementEventsService } from './settlement-events.service.js';
import { SettlementProcessor } from './settlement.processor.js';
import { SettlementService } from './settlement.service.js';

/** The worker's side: the `settlements` queue processor, the sweep (@OnScheduledJob) and the event handlers. */
@Module({
  imports: [OrderModule, PaymentGatewaysModule],
  providers: [SettlementService, SettlementEventsService, SettlementProcessor],
  exports: [SettlementService],
})
export class SettlementWorkerModule {}
