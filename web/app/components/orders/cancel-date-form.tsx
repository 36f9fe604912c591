import { Form, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { instantLabel } from '~/lib/format/dates';
import type { DateSelection, Order, OrderedItem } from '~/lib/orders/orders';

/** What the page's action answers when cancelling a date failed (the reason typed is kept). */
export interface CancelResult {
  intent: 'cancel';
  dateSelectionId: string;
  reason: string;
  error: string;
}

/** The customer cancelling one date of an order, while its cut-off allows. */
export function CancelForm({
  order,
  line,
  selection,
  result,
  timeZone,
}: {
  order: Order;
  line: OrderedItem;
  selection: DateSelection;
  result: CancelResult | undefined;
  timeZone: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('dateSelectionId') === selection.id &&
    navigation.formData?.get('intent') === 'cancel';
  const id = `cancel-${selection.id}`;
  const error = result?.error;
  // Folded away until wanted (no script needed); open again when the cancellation was refused.
  return (
    <details className="mt-4 rounded-2xl bg-cream-100 p-4" open={Boolean(error) || undefined}>
      <summary className="cursor-pointer font-semibold text-cocoa-900">
        Cancel {dayLabel(selection.date)}…<span className="sr-only"> ({line.itemName})</span>
      </summary>
      <Form
        method="post"
        className="mt-2"
        aria-label={`Cancel ${line.itemName} on ${dayLabel(selection.date)}`}
      >
        {selection.cancelBefore ? (
          <p className="text-sm text-cocoa-700">
            You can cancel this date until {instantLabel(selection.cancelBefore, timeZone)}.
          </p>
        ) : null}
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderNumber" value={order.orderNumber} />
        <input type="hidden" name="cartItemId" value={line.cartItemId} />
        <input type="hidden" name="dateSelectionId" value={selection.id} />
        <label htmlFor={`${id}-reason`} className={`${labelClass} mt-3`}>
          Reason (optional)
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          maxLength={500}
          defaultValue={result?.reason ?? ''}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-error`} message={error} />
        <button type="submit" className={`${buttonClass.secondary} mt-3`} disabled={busy}>
          {busy ? 'Cancelling…' : 'Cancel this date'}
          <span className="sr-only">
            : {line.itemName} on {dayLabel(selection.date)}
          </span>
        </button>
      </Form>
    </details>
  );
}
