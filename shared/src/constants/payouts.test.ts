import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../enums/index.js';
import { paymentMethodsFor, payoutGatewaysFor } from './payouts.js';

describe('payoutGatewaysFor', () => {
  it('pays Indian kitchens through Cashfree (account number and IFSC), the others through Stripe or PayPal', () => {
    expect(payoutGatewaysFor('India')).toEqual(['CASH_FREE']);
    expect(payoutGatewaysFor('IN')).toEqual(['CASH_FREE']);
    for (const country of ['United States', 'CA', 'Singapore', 'Malaysia', 'Australia']) {
      expect(payoutGatewaysFor(country)).toEqual(['STRIPE', 'PAYPAL']);
    }
  });
});

describe('paymentMethodsFor', () => {
  it('offers Paytm and Cashfree only in India, PayPal and Stripe cards only elsewhere, cash and Google Pay everywhere', () => {
    expect(paymentMethodsFor('India')).toEqual([
      PaymentMethod.PAYTM,
      PaymentMethod.GOOGLE,
      PaymentMethod.CASH_FREE,
      PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    ]);
    expect(paymentMethodsFor('United States')).toEqual([
      PaymentMethod.PAYPAL,
      PaymentMethod.GOOGLE,
      PaymentMethod.STRIPE_CARD,
      PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    ]);
  });
});
