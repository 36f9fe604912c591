import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../enums/index.js';
import { computePaymentAmounts as sut, DEFAULT_PLATFORM_FEE_RATE, platformFeeRate } from './payment.js';

describe('platformFeeRate', () => {
  it('is the spec default 0.2 without a kitchen percentage', () => {
    expect(DEFAULT_PLATFORM_FEE_RATE).toBe('0.2');
    expect(platformFeeRate()).toBe('0.2');
    expect(platformFeeRate(null)).toBe('0.2');
    expect(platformFeeRate(' ')).toBe('0.2');
  });

  it('turns a kitchen percentage into a rate', () => {
    expect(platformFeeRate(15)).toBe('0.15');
    expect(platformFeeRate('12.5')).toBe('0.125');
    expect(platformFeeRate(0)).toBe('0');
    expect(platformFeeRate(100)).toBe('1');
  });

  it.each([-1, 100.01, '150'])('refuses the percentage %j', (p) => {
    expect(() => platformFeeRate(p)).toThrow(RangeError);
  });
});

describe('computePaymentAmounts', () => {
  it('card payment: the chef bears the gateway fee, the platform takes 20 % of the rest', () => {
    // gross 140.91, gateway 4.39 → net 136.52; 20 % = 27.304 → 27.30; chef keeps 109.22.
    expect(
      sut({
        grossAmount: 14091,
        currencyCode: 'USD',
        paymentMethod: PaymentMethod.STRIPE_CARD,
        transactionFees: 439,
      }),
    ).toEqual({
      currencyCode: 'USD',
      paymentMethod: 'STRIPE_CARD',
      grossAmount: 14091,
      transactionFees: 439,
      netAmount: 13652,
      vsFeeRate: '0.2',
      vsFees: 2730,
      vsNet: 10922,
    });
  });

  it('cash: no transaction fees; 20 % of 19.99 = 3.998 → 4.00, chef keeps 15.99', () => {
    const amounts = sut({
      grossAmount: 1999,
      currencyCode: 'USD',
      paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    });
    expect([amounts.transactionFees, amounts.netAmount, amounts.vsFees, amounts.vsNet]).toEqual([
      0, 1999, 400, 1599,
    ]);
  });

  it('rounds the platform share half away from zero', () => {
    // 12.5 % of 10.04 = 1.255 → 1.26; of 10.01 = 1.25125 → 1.25.
    const base = {
      currencyCode: 'USD',
      paymentMethod: PaymentMethod.PAYPAL,
      vsFeeRate: platformFeeRate(12.5),
    };
    expect(sut({ ...base, grossAmount: 1004 }).vsFees).toBe(126);
    expect(sut({ ...base, grossAmount: 1001 }).vsFees).toBe(125);
  });

  it('uses a per-kitchen rate: 15 % of ₹520.00 = ₹78.00', () => {
    const amounts = sut({
      grossAmount: 52000,
      currencyCode: 'INR',
      paymentMethod: PaymentMethod.CASH_FREE,
      vsFeeRate: platformFeeRate(15),
    });
    expect([amounts.vsFeeRate, amounts.vsFees, amounts.vsNet]).toEqual(['0.15', 7800, 44200]);
  });

  it('never loses a minor unit: vsFees + vsNet = netAmount', () => {
    for (const grossAmount of [0, 1, 2, 3, 7, 99, 1001, 123457]) {
      const a = sut({
        grossAmount,
        currencyCode: 'USD',
        paymentMethod: PaymentMethod.PAYTM,
        vsFeeRate: '0.175',
      });
      expect(a.vsFees + a.vsNet).toBe(a.netAmount);
    }
  });

  it('refuses fees on a cash payment, fees above the gross, negative or fractional amounts and rates outside 0..1', () => {
    const ok = { grossAmount: 1000, currencyCode: 'USD', paymentMethod: PaymentMethod.STRIPE_CARD };
    expect(() =>
      sut({ ...ok, paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY, transactionFees: 30 }),
    ).toThrow(RangeError);
    expect(() => sut({ ...ok, transactionFees: 1001 })).toThrow(RangeError);
    expect(() => sut({ ...ok, transactionFees: -1 })).toThrow(RangeError);
    expect(() => sut({ ...ok, grossAmount: -1 })).toThrow(RangeError);
    expect(() => sut({ ...ok, grossAmount: 10.5 })).toThrow(RangeError);
    expect(() => sut({ ...ok, vsFeeRate: 1.2 })).toThrow(RangeError);
    expect(() => sut({ ...ok, vsFeeRate: -0.1 })).toThrow(RangeError);
  });
});
