import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { Cashfree } from 'cashfree-pg';
import { CashfreePayoutClient, createCashfreePgClient } from './cashfree-client.js';
import { loadGatewayConfig, type GatewayConfig } from './gateway-config.js';
import { PayPalClient } from './paypal-client.js';
import { createStripeClient } from './stripe-client.js';

/**
 * The payment gateways this process talks to, built once from the environment (gateway-config.ts). A
 * gateway whose keys are unset is null: its methods are not offered and its callbacks are refused.
 */
@Injectable()
export class PaymentGatewaysService {
  readonly config: GatewayConfig;
  readonly stripe: Stripe | null;
  readonly paypal: PayPalClient | null;
  readonly cashfree: Cashfree | null;
  readonly cashfreePayout: CashfreePayoutClient | null;

  constructor() {
    this.config = loadGatewayConfig(process.env);
    this.stripe = this.config.stripe ? createStripeClient(this.config.stripe) : null;
    this.paypal = this.config.paypal ? new PayPalClient(this.config.paypal) : null;
    this.cashfree = this.config.cashfree ? createCashfreePgClient(this.config.cashfree) : null;
    this.cashfreePayout = this.config.cashfreePayout
      ? new CashfreePayoutClient(this.config.cashfreePayout)
      : null;
  }
}
