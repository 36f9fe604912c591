import { Form, useNavigation } from '@remix-run/react';
import { dayLabel, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { ORDER_MESSAGE_MAX } from './order-thread';

/** What the page's action answers for a date's message: the confirm step (who it reaches) or a refusal. */
export type DateMessageResult =
  | {
      intent: 'date-message-preview';
      date: string;
      timeSlot: string;
      fulfilment: string;
      message: string;
      customers: number;
      orders: string[];
    }
  | {
      intent: 'date-message-error';
      date: string;
      timeSlot: string;
      fulfilment: string;
      message: string;
      error: string;
    };

const FULFILMENTS = [
  { value: '', label: 'Pickups and deliveries' },
  { value: 'PICKUP', label: 'Pickups only' },
  { value: 'DELIVERY', label: 'Deliveries only' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "… on Fri, Nov 27, 5 PM – 7 PM, deliveries only". */
function narrowing(date: string, timeSlot: string, fulfilment: string): string {
  const slot = timeSlot ? `, ${TIME_SLOTS[timeSlot as TimeSlot]?.label ?? timeSlot}` : '';
  const way =
    fulfilment === 'PICKUP' ? ', pickups only' : fulfilment === 'DELIVERY' ? ', deliveries only' : '';
  return `${dayLabel(date)}${slot}${way}`;
}

/**
 * "Message all customers of this date": the chef writes once to every customer with a live order of their
 * kitchen on one date (optionally one time slot, pickups or deliveries). Two steps, no script needed: the
 * first asks the API who it would reach (a dry run), the second, after the chef saw how many customers,
 * sends it.
 */
export function DateMessageForm({
  date,
  timeSlots,
  result,
  redirectTo,
}: {
  date: string;
  /** The time slots of this date's orders, to narrow to one. */
  timeSlots: readonly string[];
  result: DateMessageResult | undefined;
  redirectTo: string;
}) {
  const navigation = useNavigation();
  const mine = result?.date === date ? result : undefined;
  const busy =
    navigation.state === 'submitting' &&
    String(navigation.formData?.get('intent') ?? '').startsWith('date-message') &&
    navigation.formData?.get('date') === date;
  const id = `date-message-${date}`;
  const error = mine?.intent === 'date-message-error' ? mine.error : undefined;
  const preview = mine?.intent === 'date-message-preview' ? mine : undefined;
  return (
    <details
      className="rounded-2xl bg-cream-100 p-4"
      open={mine ? true : undefined}
      data-testid="date-message"
    >
      <summary className="cursor-pointer font-semibold text-cocoa-900">
        Message all customers of {dayLabel(date)}…
      </summary>
      {preview ? (
        <Form
          method="post"
          className="mt-3"
          aria-label={`Confirm the message to the customers of ${dayLabel(date)}`}
        >
          <input type="hidden" name="intent" value="date-message" />
          <input type="hidden" name="date" value={date} />
          <input type="hidden" name="timeSlot" value={preview.timeSlot} />
          <input type="hidden" name="fulfilment" value={preview.fulfilment} />
          <input type="hidden" name="message" value={preview.message} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <p className="text-sm text-cocoa-900" role="status" data-testid="date-message-reach">
            This message goes to {plural(preview.customers, 'customer', 'customers')} (
            {plural(preview.orders.length, 'order', 'orders')}: {preview.orders.join(', ')}) with orders on{' '}
            {narrowing(date, preview.timeSlot, preview.fulfilment)}. Each gets it by e-mail and on their order
            page.
          </p>
          <blockquote className="mt-2 whitespace-pre-wrap border-l-4 border-ember-300 pl-3 text-sm text-cocoa-800">
            {preview.message}
          </blockquote>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? 'Sending…' : `Send to ${plural(preview.customers, 'customer', 'customers')}`}
            </button>
          </div>
        </Form>
      ) : null}
      <Form method="post" className="mt-3" aria-label={`Message all customers of ${dayLabel(date)}`}>
        <input type="hidden" name="intent" value="date-message-preview" />
        <input type="hidden" name="date" value={date} />
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-slot`} className={labelClass}>
              Time slot
            </label>
            <select
              id={`${id}-slot`}
              name="timeSlot"
              defaultValue={mine?.timeSlot ?? ''}
              className={inputClass}
            >
              <option value="">All time slots</option>
              {timeSlots.map((s) => (
                <option key={s} value={s}>
                  {TIME_SLOTS[s as TimeSlot]?.label ?? s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-way`} className={labelClass}>
              Who
            </label>
            <select
              id={`${id}-way`}
              name="fulfilment"
              defaultValue={mine?.fulfilment ?? ''}
              className={inputClass}
            >
              {FULFILMENTS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label htmlFor={`${id}-text`} className={`${labelClass} mt-3`}>
          Message to every customer of {dayLabel(date)}
        </label>
        <textarea
          id={`${id}-text`}
          name="message"
          rows={2}
          required
          maxLength={ORDER_MESSAGE_MAX}
          defaultValue={mine?.message ?? ''}
          placeholder="Running 20 minutes late, sorry!"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-error`} message={error} />
        <button type="submit" className={`${buttonClass.secondary} mt-2`} disabled={busy}>
          {preview ? 'Check again' : 'Check who it reaches'}
        </button>
      </Form>
    </details>
  );
}
