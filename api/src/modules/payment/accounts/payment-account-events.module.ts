import { Module } from '@nestjs/common';
import { StripeAccountListener } from './stripe-account.listener.js';

/**
 * The payment-events handlers of chefs' accounts, without routes or gateway clients: what the worker imports
 * so that PaymentEventRegistry finds `StripeAccountListener.onAccountUpdated` (`account.updated`).
 */
@Module({ providers: [StripeAccountListener] })
export class PaymentAccountEventsModule {}
