import { Module } from '@nestjs/common';
import { PaymentGatewaysService } from './payment-gateways.service.js';

/** Provides {@link PaymentGatewaysService} to the payment modules (checkout, callbacks, settlements, accounts). */
@Module({ providers: [PaymentGatewaysService], exports: [PaymentGatewaysService] })
export class PaymentGatewaysModule {}
