import { describe, expect, it } from 'vitest';
import { PaymentMethod, sumMinor } from '@hearth/shared';
import { splitPayment } from './order-payment.service.js';

describe('splitPayment', () => {
  const kitchens = [
    { publisherId: 'a', weight: 4596, rate: '0.2' },
    { publisherId: 'b', weight: 1235, rate: '0.15' },
    { publisherId: 'c', weight: 1, rate: '0.2' },
  ];

  it('splits gross and fee by the kitchens’ shares so that gross = Σ chef net + Σ platform fee + fee exactly', () => {
    for (let fee = 0; fee <= 600; fee += 7) {
      const parts = splitPayment(5832, fee, kitchens, 'USD', PaymentMethod.PAYPAL);
      const sum = (f: (p: (typeof parts)[number]) => number) => sumMinor(parts.map(f));
      expect(sum((p) => p.amounts.grossAmount)).toBe(5832);
      expect(sum((p) => p.amounts.transactionFees)).toBe(fee);
      expect(sum((p) => p.amounts.vsNet) + sum((p) => p.amounts.vsFees) + fee).toBe(5832);
    }
  });

  it('applies each kitchen’s own rate to its own net', () => {
    const [a, b] = splitPayment(5831, 199, kitchens.slice(0, 2), 'USD', PaymentMethod.PAYPAL);
    // a: gross 4596, fee 157 (199 × 4596/5831 = 156.85 → 157), net 4439, 20 % = 887.8 → 888.
    expect(a.amounts).toMatchObject({ grossAmount: 4596, transactionFees: 157, vsFees: 888, vsNet: 3551 });
    // b: gross 1235, fee 42, net 1193, 15 % = 178.95 → 179.
    expect(b.amounts).toMatchObject({ grossAmount: 1235, transactionFees: 42, vsFees: 179, vsNet: 1014 });
  });

  it('splits evenly when no kitchen has a weight', () => {
    const parts = splitPayment(
      101,
      3,
      [
        { publisherId: 'a', weight: 0, rate: '0.2' },
        { publisherId: 'b', weight: 0, rate: '0.2' },
      ],
      'INR',
      PaymentMethod.CASH_FREE,
    );
    expect(parts.map((p) => p.amounts.grossAmount)).toEqual([51, 50]);
  });
});
