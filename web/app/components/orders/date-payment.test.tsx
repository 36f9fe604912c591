// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DatePayment } from './date-payment';

afterEach(cleanup);

const refunded = {
  orderStatus: 'CANCELLED',
  paymentStatus: 'COMPLETED',
  deliveryOption: 'DELIVERY',
  payoutRefundStatus: 'REFUNDED',
  payoutRefundAmount: '17.98',
  payoutRefundAt: '2026-12-03T15:00:00.000Z',
};

describe('DatePayment', () => {
  it('names the payment and the refund of a cancelled card-paid date as terms and definitions', () => {
    render(
      <DatePayment
        selection={refunded}
        paymentMethod="STRIPE_CARD"
        currencyCode="USD"
        timeZone="America/New_York"
      />,
    );
    expect(screen.getByText('Paid by card').tagName).toBe('DD');
    expect(screen.getByTestId('date-refund').textContent).toBe('Refunded $17.98 to your card on Dec 3');
  });

  it('shows no refund row for a live cash date', () => {
    render(
      <DatePayment
        selection={{
          ...refunded,
          orderStatus: 'PLACED',
          paymentStatus: 'PENDING',
          payoutRefundStatus: 'DEFAULT',
        }}
        paymentMethod="CASH_ON_PICKUP_DELIVERY"
        currencyCode="USD"
        timeZone="America/New_York"
      />,
    );
    expect(screen.getByTestId('date-payment').textContent).toBe('Payment: Cash on delivery');
    expect(screen.queryByTestId('date-refund')).toBeNull();
  });
});
