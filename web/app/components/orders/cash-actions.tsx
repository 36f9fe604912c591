import { Form, Link, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { buttonClass } from '~/components/ui';
import { instantLabel } from '~/lib/format/dates';
import { formatAmount } from '~/lib/format/money';
import type { Fulfilment } from '~/lib/orders/orders';

/** The list page with `?noShow={id}`: the confirm step of marking that date not collected (a plain link). */
export function noShowHref(listPath: string, dateSelectionId: string): string {
  const url = new URL(listPath, 'http://x');
  url.searchParams.set('noShow', dateSelectionId);
  return `${url.pathname}${url.search}#no-show-${dateSelectionId}`;
}

const PAYOUT_WORDS: Record<string, string> = {
  DEFAULT: 'not paid out yet',
  DRAFTED: 'being processed',
  COMPLETED: 'paid out to you',
  FAILED: 'failed',
  REFUNDED: 'refunded to the customer',
};

/**
 * How this date is paid, in the chef's words: cash due / received / not collected, or the online payment with
 * its payout or refund (payoutRefundError and payoutRefundAt shown when the API sends them).
 */
export function PaymentLine({ f, timeZone }: { f: Fulfilment; timeZone: string }) {
  const extra = f as Fulfilment & { payoutRefundError?: string | null; payoutRefundAt?: string | null };
  if (f.paymentMethod === 'CASH_ON_PICKUP_DELIVERY') {
    return (
      <p className="mt-2 text-sm text-cocoa-800" data-testid="payment-line">
        {f.noShowAt
          ? `Cash: not collected (marked ${instantLabel(f.noShowAt, timeZone)}).`
          : f.cashReceivedAt
            ? `Cash received ${instantLabel(f.cashReceivedAt, timeZone)}.`
            : f.paymentStatus === 'COMPLETED'
              ? 'Cash: paid.'
              : `Cash due: ${formatAmount(f.netAmountPerDate, f.currencyCode)}.`}
      </p>
    );
  }
  if (!f.paymentMethod) return null;
  const paid = f.paymentStatus === 'COMPLETED' ? 'Paid online' : 'Online payment not completed yet';
  const payout = PAYOUT_WORDS[f.payoutRefundStatus] ?? f.payoutRefundStatus;
  return (
    <p className="mt-2 text-sm text-cocoa-800" data-testid="payment-line">
      {paid}
      {f.paymentStatus === 'COMPLETED' ? (
        <>
          {' '}
          · {f.payoutRefundStatus === 'REFUNDED' ? 'Refund' : 'Payout'}: {payout}
          {f.payoutRefundAmount ? ` (${formatAmount(f.payoutRefundAmount, f.currencyCode)})` : ''}
          {extra.payoutRefundAt ? `, ${instantLabel(extra.payoutRefundAt, timeZone)}` : ''}
          {extra.payoutRefundError ? ` — ${extra.payoutRefundError}` : ''}
        </>
      ) : null}
      .
    </p>
  );
}

/** "Cash received" (one click: it only records money the chef holds) and the link to "Not collected…". */
export function CashButtons({ f, listPath }: { f: Fulfilment; listPath: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'cash' &&
    navigation.formData.get('dateSelectionId') === f.dateSelectionId;
  if (!f.canRecordCash && !f.canMarkNoShow) return null;
  return (
    <>
      {f.canRecordCash ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cash" />
          <input type="hidden" name="orderNumber" value={f.orderNumber} />
          <input type="hidden" name="dateSelectionId" value={f.dateSelectionId} />
          <input type="hidden" name="itemName" value={f.itemName} />
          <input type="hidden" name="date" value={f.date} />
          <input type="hidden" name="redirectTo" value={listPath} />
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            {busy ? 'Saving…' : 'Cash received'}
            <span className="sr-only">
              {' '}
              for {f.itemName} on {dayLabel(f.date)}
            </span>
          </button>
        </Form>
      ) : null}
      {f.canMarkNoShow ? (
        <Link to={noShowHref(listPath, f.dateSelectionId)} preventScrollReset className={buttonClass.ghost}>
          Not collected…
          <span className="sr-only">
            {' '}
            {f.itemName} on {dayLabel(f.date)}
          </span>
        </Link>
      ) : null}
    </>
  );
}

/** The confirm step of a no-show: it counts against the customer, so it is never one click. */
export function NoShowConfirm({
  f,
  listPath,
  customer,
}: {
  f: Fulfilment;
  listPath: string;
  customer: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'no-show' &&
    navigation.formData.get('dateSelectionId') === f.dateSelectionId;
  const id = `no-show-${f.dateSelectionId}`;
  const day = dayLabel(f.date);
  const confirmUrl = noShowHref(listPath, f.dateSelectionId).split('#')[0];
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-2xl border border-red-700/30 bg-red-50 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-cocoa-900">
        Mark {f.orderQuantity} × {f.itemName} on {day} as not collected?
      </h3>
      <p className="mt-1 text-sm text-cocoa-800">
        {customer ? `${customer} did` : 'The customer did'} not collect or pay for order {f.orderNumber}. The
        date is closed as “Not collected” and the customer sees it on their order page. It counts against
        them: after a few dates not collected, they can only pay online. This cannot be undone.
      </p>
      <Form
        method="post"
        action={confirmUrl}
        className="mt-3"
        aria-label={`Mark ${f.itemName} on ${day} as not collected`}
      >
        <input type="hidden" name="intent" value="no-show" />
        <input type="hidden" name="orderNumber" value={f.orderNumber} />
        <input type="hidden" name="cartItemId" value={f.cartItemId} />
        <input type="hidden" name="dateSelectionId" value={f.dateSelectionId} />
        <input type="hidden" name="itemName" value={f.itemName} />
        <input type="hidden" name="date" value={f.date} />
        <input type="hidden" name="redirectTo" value={listPath} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.danger} disabled={busy}>
            {busy ? 'Saving…' : 'Mark as not collected'}
          </button>
          <Link to={listPath} preventScrollReset className={buttonClass.secondary}>
            Keep it open
          </Link>
        </div>
      </Form>
    </section>
  );
}
