import type { DeliveryOption } from '@hearth/shared';
import { dayLabel, slotsLabel } from '~/lib/dates';
import { formatAmount } from '~/lib/money';
import { PAYMENT_STATUS_LABELS, statusLabel } from '~/lib/orders';
import type { DateSelection, OrderedItem } from '~/lib/orders';

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

/** "Tue, Nov 24 · 5 PM – 7 PM · Delivery" with status, payment and the date's amount. */
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
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-cocoa-800">
        <span className="font-semibold text-cocoa-900">{dayLabel(selection.date)}</span> ·{' '}
        {slotsLabel(selection.timeSlots)} · {selection.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'}
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <StatusBadge status={selection.orderStatus} deliveryOption={selection.deliveryOption} />
        <span className="text-cocoa-700">
          {PAYMENT_STATUS_LABELS[selection.paymentStatus] ?? selection.paymentStatus}
        </span>
        <span className="font-semibold text-cocoa-900">
          {formatAmount(line.netAmountPerDate, currencyCode)}
        </span>
      </span>
    </div>
  );
}
