import { Form, Link, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { slotsLabel } from '~/lib/format/dates';
import type { Fulfilment } from '~/lib/orders/orders';

/** Most characters of a cancellation reason (the API's limit). */
export const MAX_REASON_LENGTH = 500;

/** The list page with `?cancel={id}`: the confirm step of cancelling that date (a plain link, no script needed). */
export function cancelHref(listPath: string, dateSelectionId: string): string {
  const url = new URL(listPath, 'http://x');
  url.searchParams.set('cancel', dateSelectionId);
  return `${url.pathname}${url.search}#cancel-${dateSelectionId}`;
}

/** The first step: a link to the confirm step, never a one-click cancel. */
export function CancelLink({ f, listPath }: { f: Fulfilment; listPath: string }) {
  return (
    <Link to={cancelHref(listPath, f.dateSelectionId)} preventScrollReset className={buttonClass.ghost}>
      Cancel…
      <span className="sr-only">
        {' '}
        {f.itemName} on {dayLabel(f.date)}
      </span>
    </Link>
  );
}

/**
 * The second step, inside the date's card: what is being cancelled and for whom, what the customer will be
 * told, a required reason, then "Cancel this date" or "Keep it". Works as a plain form without JavaScript.
 */
export function CancelConfirm({
  f,
  listPath,
  customer,
  reason,
  reasonError,
}: {
  f: Fulfilment;
  listPath: string;
  customer: string;
  reason: string;
  reasonError: string | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('dateSelectionId') === f.dateSelectionId;
  const id = `cancel-${f.dateSelectionId}`;
  const day = dayLabel(f.date);
  const confirmUrl = cancelHref(listPath, f.dateSelectionId).split('#')[0];
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-2xl border border-red-700/30 bg-red-50 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-cocoa-900">
        Cancel {f.orderQuantity} × {f.itemName} on {day}?
      </h3>
      <p className="mt-1 text-sm text-cocoa-800">
        {customer ? `${customer} ordered it` : 'The customer ordered it'} for {slotsLabel(f.timeSlots)} (
        {f.deliveryOption === 'PICKUP' ? 'pickup' : 'delivery'}
        ), order {f.orderNumber}. They get an e-mail with your reason, which also shows on their order page,
        and the portions go back on sale. This cannot be undone.
      </p>
      <Form method="post" action={confirmUrl} className="mt-3" aria-label={`Cancel ${f.itemName} on ${day}`}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="status" value="CANCELLED" />
        <input type="hidden" name="orderNumber" value={f.orderNumber} />
        <input type="hidden" name="cartItemId" value={f.cartItemId} />
        <input type="hidden" name="itemId" value={f.itemId ?? ''} />
        <input type="hidden" name="itemName" value={f.itemName} />
        <input type="hidden" name="dateSelectionId" value={f.dateSelectionId} />
        <input type="hidden" name="redirectTo" value={listPath} />
        <label htmlFor={`${id}-reason`} className={labelClass}>
          Reason for the customer
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          required
          maxLength={MAX_REASON_LENGTH}
          defaultValue={reason}
          autoFocus
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-reason-error`} message={reasonError} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.danger} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel this date'}
          </button>
          <Link to={listPath} preventScrollReset className={buttonClass.secondary}>
            Keep it
          </Link>
        </div>
      </Form>
    </section>
  );
}
