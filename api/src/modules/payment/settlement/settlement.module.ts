import { Module } from '@nestjs/common';
import { OrderModule } from '../../order/order.module.js';
import { PaymentGatewaysModule } from '../gateways/payment-gateways.module.js';
import { SettlementEventsService } from './settlement-events.service.js';
import { SettlementController } from './settlement.controller.js';
import { SettlementService } from './settlement.service.js';

/**
 * Refunds and payouts (issue 15 item 6): the gateway calls (SettlementService, also the scheduled sweep), the
 * gateway events that confirm or correct them (SettlementEventsService, run by the payment-events worker)
 * and the admin's list of FAILED ones with a retry.
 */
@Module({
  imports: [OrderModule, PaymentGatewaysModule],
  controllers: [SettlementController],
  providers: [SettlementService, SettlementEventsService],
  exports: [SettlementService, SettlementEventsService],
})
export class SettlementModule {}
