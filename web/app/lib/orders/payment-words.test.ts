import { describe, expect, it } from 'vitest';
import { datePaymentWords, type DatePaymentFacts } from './payment-words';

const base: DatePaymentFacts = {
  orderStatus: 'PLACED',
  paymentStatus: 'COMPLETED',
  deliveryOption: 'DELIVERY',
  payoutRefundStatus: 'DEFAULT',
  payoutRefundAmount: null,
  payoutRefundAt: null,
  paymentMethod: 'STRIPE_CARD',
};
const words = (d: Partial<DatePaymentFacts>) =>
  datePaymentWords({ ...base, ...d }, 'USD', 'America/New_York');

describe('datePaymentWords', () => {
  it('says how a date is paid', () => {
    expect(words({}).payment).toBe('Paid by card');
    expect(words({ paymentStatus: 'PENDING' }).payment).toBe('Awaiting payment');
    expect(
      words({ paymentMethod: 'CASH_ON_PICKUP_DELIVERY', paymentStatus: 'PENDING', deliveryOption: 'PICKUP' })
        .payment,
    ).toBe('Cash on pickup');
    expect(words({ paymentMethod: 'CASH_ON_PICKUP_DELIVERY' }).payment).toBe('Paid in cash');
  });

  it('says where the refund of a cancelled paid date stands', () => {
    expect(
      words({
        orderStatus: 'CANCELLED',
        payoutRefundStatus: 'REFUNDED',
        payoutRefundAmount: '17.98',
        payoutRefundAt: '2026-12-03T15:00:00Z',
      }),
    ).toEqual({
      payment: 'Paid by card',
      refund: 'Refunded $17.98 to your card on Dec 3',
      refundState: 'done',
    });
    expect(words({ orderStatus: 'CANCELLED', payoutRefundStatus: 'DRAFTED' }).refund).toBe('Refund pending');
    expect(words({ orderStatus: 'CANCELLED', payoutRefundStatus: 'FAILED' }).refund).toBe(
      'Refund failed — we’re retrying',
    );
    // Cash and unpaid dates have nothing to refund; a delivered date's payout is the chef's business.
    expect(words({ orderStatus: 'CANCELLED', paymentMethod: 'CASH_ON_PICKUP_DELIVERY' }).refund).toBeNull();
    expect(words({ orderStatus: 'CANCELLED', paymentStatus: 'PENDING' }).refund).toBeNull();
    expect(words({ orderStatus: 'DELIVERED', payoutRefundStatus: 'COMPLETED' }).refund).toBeNull();
  });
});
