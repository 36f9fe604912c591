import { Form, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { CancelConfirm, CancelLink } from '~/components/kitchen-cancel';
import { CashButtons, NoShowConfirm, PaymentLine } from '~/components/orders/cash-actions';
import { DateAmounts, SettlementLabel, StatusBadge } from '~/components/order-bits';
import { buttonClass } from '~/components/ui';
import { formatAddress } from '~/lib/account/address';
import { instantLabel, slotsLabel } from '~/lib/format/dates';
import { formatAmount } from '~/lib/format/money';
import { statusLabel } from '~/lib/orders/orders';
import type { Fulfilment } from '~/lib/orders/orders';

/** What the action answers when moving a date failed, for that date. */
export interface MoveResult {
  dateSelectionId: string;
  /** Why the move was refused (shown under the date's buttons). */
  error: string | null;
  /** A cancel without a reason: said beside the reason, which comes back as typed. */
  reasonError?: string | null;
  reason?: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function placeOf(f: Fulfilment): string {
  const place = f.deliveryOption === 'PICKUP' ? f.pickupLocation : f.deliveryAddress;
  if (!place) return '';
  const street = formatAddress(
    {
      addressLine1: text(place.addressLine1),
      city: text(place.city),
      state: text(place.state),
      zipcode: text(place.zipcode),
    },
    { withCountry: false },
  );
  return [text(place.name), street].filter(Boolean).join(', ');
}

/** One date of an order the kitchen fulfils: what, for whom, where, what is due, and the next statuses. */
export function FulfilmentCard({
  f,
  result,
  path,
  confirming,
  confirmingNoShow = false,
  timeZone,
  headingLevel = 2,
}: {
  f: Fulfilment;
  result: MoveResult | undefined;
  path: string;
  /** The chef pressed Cancel on this date: show the confirm step instead of the buttons. */
  confirming: boolean;
  /** The chef pressed "Not collected…" on this (cash) date: show its confirm step. */
  confirmingNoShow?: boolean;
  timeZone: string;
  /** The card's heading level: 2 on its own, 5 under the board's date, slot and pickup/delivery headings. */
  headingLevel?: 2 | 5;
}) {
  const Heading = headingLevel === 5 ? 'h5' : 'h2';
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('dateSelectionId') === f.dateSelectionId
      ? navigation.formData.get('status')
      : null;
  const mine = result?.dateSelectionId === f.dateSelectionId ? result : undefined;
  const error = mine?.error ?? null;
  const customer = f.customer
    ? [text(f.customer.name), text(f.customer.phone)].filter(Boolean).join(' · ')
    : '';
  const errorId = `move-${f.dateSelectionId}-error`;
  return (
    <article
      className="rounded-3xl bg-white p-5 shadow-card"
      aria-labelledby={`f-${f.dateSelectionId}`}
      data-testid="fulfilment"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading
            id={`f-${f.dateSelectionId}`}
            className="font-display text-xl font-semibold text-cocoa-900"
          >
            {f.orderQuantity} × {f.itemName} · {dayLabel(f.date)}
          </Heading>
          <p className="text-sm text-cocoa-700">
            {f.pricingOption ? <>Option {f.pricingOption} · </> : null}
            {slotsLabel(f.timeSlots)} · {f.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'} · Order{' '}
            {f.orderNumber}, placed {instantLabel(f.orderedDate, timeZone)}
          </p>
          {customer ? <p className="text-sm text-cocoa-700">For {customer}</p> : null}
          {placeOf(f) ? <p className="text-sm text-cocoa-700">{placeOf(f)}</p> : null}
          {f.note ? <p className="text-sm text-cocoa-700">Note: “{f.note}”</p> : null}
        </div>
        <div className="flex flex-col items-start gap-1 text-sm sm:items-end sm:text-right">
          <StatusBadge status={f.orderStatus} deliveryOption={f.deliveryOption} />
          <SettlementLabel settlement={f.settlement} currencyCode={f.currencyCode} />
        </div>
      </div>
      <div className="mt-3 max-w-sm">
        <DateAmounts line={f} selection={f} currencyCode={f.currencyCode} />
        <p className="mt-1 flex justify-between gap-3 border-t border-cocoa-700/10 pt-1 text-sm font-semibold text-cocoa-900">
          <span>For this date</span>
          {f.orderStatus === 'CANCELLED' ? (
            <s data-amount="date-total">{formatAmount(f.netAmountPerDate, f.currencyCode)}</s>
          ) : (
            <span data-amount="date-total">{formatAmount(f.netAmountPerDate, f.currencyCode)}</span>
          )}
        </p>
      </div>
      <PaymentLine f={f} timeZone={timeZone} />
      {confirmingNoShow ? (
        <NoShowConfirm f={f} listPath={path} customer={f.customer ? text(f.customer.name) : ''} />
      ) : confirming ? (
        <CancelConfirm
          f={f}
          listPath={path}
          customer={f.customer ? text(f.customer.name) : ''}
          reason={mine?.reason ?? ''}
          reasonError={mine?.reasonError ?? null}
        />
      ) : f.nextStatuses.length || f.canRecordCash || f.canMarkNoShow ? (
        <div
          className="mt-4 flex flex-wrap gap-2"
          role="group"
          aria-label={`Move ${f.itemName} on ${dayLabel(f.date)} to`}
          aria-describedby={error ? errorId : undefined}
        >
          {f.nextStatuses.map((status) =>
            status === 'CANCELLED' ? (
              <CancelLink key={status} f={f} listPath={path} />
            ) : (
              <Form method="post" key={status}>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="orderNumber" value={f.orderNumber} />
                <input type="hidden" name="cartItemId" value={f.cartItemId} />
                <input type="hidden" name="itemId" value={f.itemId ?? ''} />
                <input type="hidden" name="dateSelectionId" value={f.dateSelectionId} />
                <input type="hidden" name="status" value={status} />
                <input type="hidden" name="itemName" value={f.itemName} />
                <input type="hidden" name="redirectTo" value={path} />
                <button type="submit" className={buttonClass.secondary} disabled={pending !== null}>
                  {pending === status ? 'Saving…' : statusLabel(status, f.deliveryOption)}
                </button>
              </Form>
            ),
          )}
          <CashButtons f={f} listPath={path} />
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </article>
  );
}
