import { Module } from '@nestjs/common';
import { ClockModule } from '../../../common/clock/clock.module.js';
import { CartModule } from '../../cart/cart.module.js';
import { OrderModule } from '../../order/order.module.js';
import { PaymentGatewaysModule } from '../gateways/payment-gateways.module.js';
import { GatewayCheckoutService } from './gateway-checkout.service.js';
import { PaymentCheckoutController } from './payment-checkout.controller.js';
import { PaymentCheckoutService } from './payment-checkout.service.js';
import { PaymentHoldSweepService } from './payment-hold-sweep.service.js';
import { PaymentMethodsService } from './payment-methods.service.js';

/** The checkout and its payment: `POST order`, the methods offered, the gateways' hosted pages, holds. */
@Module({
  imports: [OrderModule, CartModule, PaymentGatewaysModule],
  controllers: [PaymentCheckoutController],
  providers: [PaymentCheckoutService, PaymentMethodsService, GatewayCheckoutService],
  exports: [PaymentMethodsService, GatewayCheckoutService],
})
export class PaymentCheckoutModule {}

/** The worker's side: the every-minute sweep of payment holds past their expiry. */
@Module({
  imports: [OrderModule, PaymentGatewaysModule, ClockModule],
  providers: [GatewayCheckoutService, PaymentHoldSweepService],
  exports: [PaymentHoldSweepService],
})
export class PaymentHoldWorkerModule {}
