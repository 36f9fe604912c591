import { OrderStatus, Settlement, dayLabel } from '@hearth/shared';
import type { DeliveryOption } from '@hearth/shared';
import { slotsLabel } from '~/lib/format/dates';
import { formatAmount, isPositiveAmount } from '~/lib/format/money';
import { PAYMENT_METHOD_LABELS, settlementWords, statusLabel } from '~/lib/orders/orders';
import type { DateSelection, Order, OrderedItem } from '~/lib/orders/orders';

const STATUS_STYLE: Record<string, string> = {
  CANCELLED: 'bg-red-50 text-red-900 ring-red-700/20',
  DELIVERED: 'bg-sage-100 text-sage-700 ring-sage-500/30',
};

/** The status of a date selection as a badge, in the shared words (a collected pickup: "Picked up"). */
export function StatusBadge({ status, deliveryOption }: { status: string; deliveryOption?: DeliveryOption }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
        STATUS_STYLE[status] ?? 'bg-ember-50 text-ember-800 ring-ember-200'
      }`}
      data-testid="order-status"
    >
      {statusLabel(status, deliveryOption)}
    </span>
  );
}

const SETTLEMENT_STYLE: Record<string, string> = {
  [Settlement.PAID]: 'text-sage-700',
  [Settlement.REFUNDED]: 'text-sage-700',
  [Settlement.NONE]: 'text-cocoa-600',
};

/** "Due $13.99", "Paid $13.99", "Refunded $13.99", "Nothing due": where this date's money stands. */
export function SettlementLabel({
  settlement,
  currencyCode,
}: {
  settlement: DateSelection['settlement'];
  currencyCode: string;
}) {
  return (
    <span
      className={`text-sm font-semibold ${SETTLEMENT_STYLE[settlement.state] ?? 'text-cocoa-900'}`}
      data-testid="settlement"
    >
      {settlementWords(settlement, currencyCode)}
    </span>
  );
}

/**
 * The amounts of one ordered date: its items and, on their own row, the delivery fee it carries. A
 * cancelled date's amounts are struck through (they count under "Cancelled" in the order's totals).
 * Every amount is marked (`data-amount`) so tests can check that what is shown adds up.
 */
export function DateAmounts({
  line,
  selection,
  currencyCode,
}: {
  line: Pick<OrderedItem, 'itemName' | 'orderQuantity'>;
  selection: Pick<DateSelection, 'itemTotal' | 'deliveryFee' | 'orderStatus' | 'date'>;
  currencyCode: string;
}) {
  const cancelled = selection.orderStatus === OrderStatus.CANCELLED;
  const Amount = cancelled ? 's' : 'span';
  const hasFee = isPositiveAmount(selection.deliveryFee, currencyCode);
  return (
    <dl className="text-sm" data-testid="date-amounts" data-cancelled={cancelled || undefined}>
      <div className="flex justify-between gap-3">
        <dt className="text-cocoa-700">
          {line.orderQuantity} × {line.itemName}
        </dt>
        <dd className="font-semibold text-cocoa-900">
          <Amount data-amount="item">{formatAmount(selection.itemTotal, currencyCode)}</Amount>
        </dd>
      </div>
      {hasFee ? (
        <div className="flex justify-between gap-3">
          <dt className="text-cocoa-700">Delivery fee · {dayLabel(selection.date)}</dt>
          <dd className="font-semibold text-cocoa-900">
            <Amount data-amount="fee">{formatAmount(selection.deliveryFee, currencyCode)}</Amount>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** "Tue, Nov 24 · 5 PM – 7 PM · Delivery" with status, where its money stands, and its amounts. */
export function DateSelectionSummary({
  line,
  selection,
  currencyCode,
}: {
  line: OrderedItem;
  selection: DateSelection;
  currencyCode: string;
}) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-cocoa-800">
          <span className="font-semibold text-cocoa-900">{dayLabel(selection.date)}</span> ·{' '}
          {slotsLabel(selection.timeSlots)} · {selection.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'}
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={selection.orderStatus} deliveryOption={selection.deliveryOption} />
          <SettlementLabel settlement={selection.settlement} currencyCode={currencyCode} />
        </span>
      </div>
      <DateAmounts line={line} selection={selection} currencyCode={currencyCode} />
    </div>
  );
}

/**
 * The order's totals, from the API's sums of its dates: items and delivery fees as ordered, minus what
 * cancelled dates came to, is the total; then what of it is due or paid, and any refund.
 */
export function OrderTotals({
  order,
}: {
  order: Pick<Order, 'amounts' | 'currencyCode' | 'paymentDetails'>;
}) {
  const a = order.amounts;
  const money = (amount: string) => formatAmount(amount, order.currencyCode);
  const positive = (amount: string) => isPositiveAmount(amount, order.currencyCode);
  const method = order.paymentDetails
    ? (PAYMENT_METHOD_LABELS[order.paymentDetails.paymentMethod] ?? order.paymentDetails.paymentMethod)
    : null;
  const row = (label: string, amount: string, kind: string, className = 'text-cocoa-700') => (
    <div className={`flex justify-between gap-3 ${className}`}>
      <dt>{label}</dt>
      <dd data-amount={kind}>{amount}</dd>
    </div>
  );
  return (
    <div className="space-y-3 text-sm" data-testid="order-totals">
      <dl className="space-y-1">
        {row('Items', money(a.itemsTotal), 'items')}
        {row('Delivery fees', money(a.deliveryFeesTotal), 'fees')}
        {positive(a.cancelledTotal) ? row('Cancelled', `−${money(a.cancelledTotal)}`, 'cancelled') : null}
        {row(
          'Total',
          money(a.total),
          'total',
          'border-t border-cocoa-700/15 pt-1 text-base font-semibold text-cocoa-900',
        )}
      </dl>
      <dl className="space-y-1" aria-label="Payment">
        {positive(a.due)
          ? row(method ? `Due (${method})` : 'Due', money(a.due), 'due', 'text-cocoa-900')
          : null}
        {positive(a.paid) ? row('Paid', money(a.paid), 'paid', 'text-sage-700') : null}
        {positive(a.refundPending) ? row('Refund pending', money(a.refundPending), 'refund-pending') : null}
        {positive(a.refunded) ? row('Refunded', money(a.refunded), 'refunded', 'text-sage-700') : null}
        {!positive(a.due) && !positive(a.paid) && !positive(a.refunded) && !positive(a.refundPending)
          ? row('Payment', 'Nothing due', 'nothing-due')
          : null}
      </dl>
    </div>
  );
}
