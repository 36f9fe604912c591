import { formatAmount } from '~/lib/format/money';

/** What {@link datePaymentWords} reads of one date and its order. */
export interface DatePaymentFacts {
  orderStatus: string;
  paymentStatus: string;
  deliveryOption: string;
  payoutRefundStatus: string;
  payoutRefundAmount: string | null;
  payoutRefundAt: string | null;
  /** The order's payment method (CASH_ON_PICKUP_DELIVERY, STRIPE_CARD, PAYPAL, …), null when unknown. */
  paymentMethod: string | null;
}

/** Where an online payment was made, as the customer would say it ("to your card"). */
const PAID_WITH: Record<string, { paid: string; to: string }> = {
  STRIPE_CARD: { paid: 'Paid by card', to: 'to your card' },
  GOOGLE: { paid: 'Paid with Google Pay', to: 'to your Google Pay card' },
  PAYPAL: { paid: 'Paid with PayPal', to: 'to your PayPal account' },
  CASH_FREE: { paid: 'Paid with Cashfree', to: 'to your original payment method' },
  PAYTM: { paid: 'Paid with Paytm', to: 'to your Paytm account' },
};

/** "Dec 3" in the viewer's zone. */
function shortDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(new Date(iso));
}

/**
 * The customer's words for one date's money, beyond the amounts: how it is paid ("Paid by card",
 * "Awaiting payment", "Cash on pickup") and, for a cancelled paid date, where its refund stands ("Refunded
 * $17.98 to your card on Dec 3", "Refund pending", "Refund failed — we're retrying"). `refund` is null when
 * nothing is refunded.
 */
export function datePaymentWords(
  d: DatePaymentFacts,
  currencyCode: string,
  timeZone: string,
): { payment: string; refund: string | null; refundState: 'done' | 'pending' | 'failed' | null } {
  const cash = d.paymentMethod === 'CASH_ON_PICKUP_DELIVERY';
  const paid = d.paymentStatus === 'COMPLETED';
  const online = d.paymentMethod ? PAID_WITH[d.paymentMethod] : undefined;
  const payment = cash
    ? paid
      ? 'Paid in cash'
      : d.deliveryOption === 'PICKUP'
        ? 'Cash on pickup'
        : 'Cash on delivery'
    : paid
      ? (online?.paid ?? 'Paid')
      : d.orderStatus === 'CANCELLED'
        ? 'Not paid'
        : 'Awaiting payment';
  if (cash || !paid || d.orderStatus !== 'CANCELLED') return { payment, refund: null, refundState: null };
  switch (d.payoutRefundStatus) {
    case 'REFUNDED': {
      const amount = d.payoutRefundAmount ? `${formatAmount(d.payoutRefundAmount, currencyCode)} ` : '';
      const when = d.payoutRefundAt ? ` on ${shortDay(d.payoutRefundAt, timeZone)}` : '';
      return {
        payment,
        refund: `Refunded ${amount}${online?.to ?? 'to your original payment method'}${when}`,
        refundState: 'done',
      };
    }
    case 'FAILED':
      return { payment, refund: 'Refund failed — we’re retrying', refundState: 'failed' };
    default:
      return { payment, refund: 'Refund pending', refundState: 'pending' };
  }
}
