import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { OnPaymentEvent, type PaymentEventContext } from '../events/on-payment-event.decorator.js';
import { recordStripeAccount } from './stripe-connect.service.js';

/**
 * Stripe's `account.updated` (Connect events carry `account`), applied by the payment-events worker in its
 * transaction: the kitchen's charges/payouts flags follow the account, e.g. when Stripe disables charges
 * later for missing documents, card payment stops being offered.
 */
@Injectable()
export class StripeAccountListener {
  @OnPaymentEvent('stripe', 'account.updated')
  async onAccountUpdated(ctx: PaymentEventContext): Promise<void> {
    const account = (ctx.event.payload.data as { object?: Stripe.Account } | undefined)?.object;
    if (!account?.id) return;
    // An account that is no kitchen's (another platform's test account, a deleted kitchen): nothing to do.
    await recordStripeAccount(ctx.m, account);
  }
}
