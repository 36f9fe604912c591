import { Module } from '@nestjs/common';
import { StripeAccountEvents } from './stripe-account.events.js';

/**
 * The payment-events handlers of chefs' accounts, without routes or gateway clients: what the worker imports
 * so that PaymentEventRegistry finds `StripeAccountEvents.onAccountUpdated` (`account.updated`).
 */
@Module({ providers: [StripeAccountEvents] })
export class PaymentAccountEventsModule {}
