import { datePaymentWords } from '~/lib/orders/payment-words';
import type { DatePaymentFacts } from '~/lib/orders/payment-words';

const REFUND_STYLE = {
  done: 'text-sage-700',
  pending: 'text-cocoa-700',
  failed: 'text-ember-800',
} as const;

/** How this date is paid and, once cancelled after paying online, where its refund stands. */
export function DatePayment({
  selection,
  paymentMethod,
  currencyCode,
  timeZone,
}: {
  selection: Omit<DatePaymentFacts, 'paymentMethod'>;
  paymentMethod: string | null;
  currencyCode: string;
  timeZone: string;
}) {
  const words = datePaymentWords({ ...selection, paymentMethod }, currencyCode, timeZone);
  return (
    <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="date-payment">
      <div>
        <dt className="inline text-cocoa-700">Payment: </dt>
        <dd className="inline font-semibold text-cocoa-900">{words.payment}</dd>
      </div>
      {words.refund && words.refundState ? (
        <div>
          <dt className="inline text-cocoa-700">Refund: </dt>
          <dd className={`inline font-semibold ${REFUND_STYLE[words.refundState]}`} data-testid="date-refund">
            {words.refund}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
