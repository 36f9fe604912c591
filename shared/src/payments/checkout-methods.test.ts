import { describe, expect, it } from 'vitest';
import { PaymentMethod as M } from '../enums/index.js';
import { checkoutMethods, type CheckoutKitchenFacts, type CheckoutMethodFacts } from './checkout-methods.js';

const ALL = Object.values(M);
const kitchen = (over: Partial<CheckoutKitchenFacts> = {}): CheckoutKitchenFacts => ({
  kitchenName: 'Asha’s Kitchen',
  paymentPreferences: ALL,
  stripeReady: true,
  cashfreeBeneficiary: true,
  cashMaxOrderValue: null,
  ...over,
});
const facts = (over: Partial<CheckoutMethodFacts> = {}): CheckoutMethodFacts => ({
  currencyCode: 'USD',
  orderTotal: '42.50',
  kitchens: [kitchen()],
  gateways: { stripe: true, paypal: true, cashfree: true },
  noShows: { count: 0, limit: 2, windowDays: 180 },
  ...over,
});
const offered = (f: CheckoutMethodFacts) =>
  checkoutMethods(f)
    .filter((o) => o.offered)
    .map((o) => o.method);
const reason = (f: CheckoutMethodFacts, m: string) => checkoutMethods(f).find((o) => o.method === m)?.reason;

describe('checkoutMethods', () => {
  it('offers card, Google Pay, PayPal and cash in each non-INR currency, never Cashfree or Paytm', () => {
    for (const currencyCode of ['USD', 'CAD', 'SGD', 'MYR', 'AUD']) {
      expect(offered(facts({ currencyCode }))).toEqual([
        M.STRIPE_CARD,
        M.GOOGLE,
        M.PAYPAL,
        M.CASH_ON_PICKUP_DELIVERY,
      ]);
      expect(reason(facts({ currencyCode }), M.CASH_FREE)).toBe(
        "Cashfree isn't offered: it takes payments in INR only.",
      );
      expect(reason(facts({ currencyCode }), M.PAYTM)).toBe(
        "Paytm isn't offered: it takes payments in INR only.",
      );
    }
  });

  it('in INR offers Stripe, Cashfree, Paytm and cash, not PayPal', () => {
    const f = facts({ currencyCode: 'INR', orderTotal: '450.00' });
    expect(offered(f)).toEqual([M.STRIPE_CARD, M.GOOGLE, M.CASH_FREE, M.PAYTM, M.CASH_ON_PICKUP_DELIVERY]);
    expect(reason(f, M.PAYPAL)).toBe("PayPal isn't offered: it doesn't take payments in INR.");
  });

  it('needs every kitchen to accept the method', () => {
    const f = facts({
      kitchens: [
        kitchen(),
        kitchen({ kitchenName: 'Dosa Den', paymentPreferences: [M.CASH_ON_PICKUP_DELIVERY] }),
      ],
    });
    expect(offered(f)).toEqual([M.CASH_ON_PICKUP_DELIVERY]);
    expect(reason(f, M.STRIPE_CARD)).toBe("Card isn't offered: Dosa Den doesn't accept it.");
    const two = facts({
      kitchens: [
        kitchen({ kitchenName: 'A', paymentPreferences: [] }),
        kitchen({ kitchenName: 'B', paymentPreferences: [] }),
      ],
    });
    expect(reason(two, M.PAYPAL)).toBe("PayPal isn't offered: A and B don't accept it.");
  });

  it('needs the gateway configured on the platform', () => {
    const f = facts({ gateways: { stripe: false, paypal: false, cashfree: true } });
    expect(offered(f)).toEqual([M.CASH_ON_PICKUP_DELIVERY]);
    expect(reason(f, M.GOOGLE)).toBe(
      "Google Pay isn't offered: payments through Stripe are not set up on Hearth.",
    );
    const inr = facts({ currencyCode: 'INR', gateways: { stripe: true, paypal: true, cashfree: false } });
    expect(reason(inr, M.PAYTM)).toBe(
      "Paytm isn't offered: payments through Cashfree are not set up on Hearth.",
    );
  });

  it('needs a ready Stripe account and a Cashfree beneficiary for every kitchen', () => {
    const f = facts({
      currencyCode: 'INR',
      kitchens: [
        kitchen(),
        kitchen({ kitchenName: 'New Kitchen', stripeReady: false, cashfreeBeneficiary: false }),
      ],
    });
    expect(offered(f)).toEqual([M.CASH_ON_PICKUP_DELIVERY]);
    expect(reason(f, M.STRIPE_CARD)).toBe("Card isn't offered: New Kitchen can't receive card payments yet.");
    expect(reason(f, M.CASH_FREE)).toBe(
      "Cashfree isn't offered: New Kitchen can't receive Cashfree payments yet.",
    );
  });

  it('offers cash only up to every kitchen’s cash limit (exact, in minor units)', () => {
    const at = facts({ orderTotal: '100.00', kitchens: [kitchen({ cashMaxOrderValue: '100' })] });
    expect(reason(at, M.CASH_ON_PICKUP_DELIVERY)).toBeNull();
    const over = facts({
      orderTotal: '100.01',
      kitchens: [
        kitchen({ cashMaxOrderValue: null }),
        kitchen({ kitchenName: 'Dosa Den', cashMaxOrderValue: '100.00' }),
      ],
    });
    expect(reason(over, M.CASH_ON_PICKUP_DELIVERY)).toBe(
      "Cash isn't offered: the order total 100.01 USD is over Dosa Den's cash limit of 100.00 USD.",
    );
    expect(offered(over)).toContain(M.STRIPE_CARD);
  });

  it('refuses cash to a customer with as many no-shows as the limit', () => {
    expect(
      reason(facts({ noShows: { count: 1, limit: 2, windowDays: 180 } }), M.CASH_ON_PICKUP_DELIVERY),
    ).toBeNull();
    expect(
      reason(facts({ noShows: { count: 2, limit: 2, windowDays: 180 } }), M.CASH_ON_PICKUP_DELIVERY),
    ).toBe("Cash isn't offered: 2 orders were not collected in the last 180 days.");
  });

  it('cash needs no gateway', () => {
    const f = facts({ gateways: { stripe: false, paypal: false, cashfree: false } });
    expect(offered(f)).toEqual([M.CASH_ON_PICKUP_DELIVERY]);
  });

  it('offers nothing for an empty cart', () => {
    expect(offered(facts({ kitchens: [] }))).toEqual([]);
  });
});
