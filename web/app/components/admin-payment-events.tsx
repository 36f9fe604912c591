import { Form } from '@remix-run/react';
import type { StuckPaymentEvent } from '~/lib/admin/payment-events.server';
import { FormErrors } from '~/components/form-layout';
import { buttonClass } from '~/components/ui';

export interface StuckPaymentEventsProps {
  failed: StuckPaymentEvent[];
  failedTotal: number;
  waiting: StuckPaymentEvent[];
  waitingTotal: number;
  /** The admin page as it was searched, to come back to after a retry. */
  back: string;
  loadError: string | null;
  /** Why the last retry was refused, if it was. */
  retryErrors?: string[];
}

const GATEWAY_NAMES: Record<string, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  'cash-free': 'Cashfree',
  cash: 'Cash',
};

function EventRow({ event, back }: { event: StuckPaymentEvent; back: string }) {
  const received = new Date(event.receivedAt);
  return (
    <li className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0 text-sm text-cocoa-800">
        <p className="font-semibold text-cocoa-900">
          {GATEWAY_NAMES[event.gateway] ?? event.gateway} · <code>{event.type}</code>
        </p>
        <p>
          Event <code className="break-all">{event.eventId}</code>
          {event.orderNumber ? <> · order {event.orderNumber}</> : null}
        </p>
        <p>
          Received{' '}
          <time dateTime={event.receivedAt}>{received.toISOString().replace('T', ' ').slice(0, 16)} UTC</time>
          {' · '}
          {event.attempts === 1 ? '1 attempt' : `${event.attempts} attempts`}
        </p>
        {event.error ? <p className="mt-1 break-words text-ember-800">Last error: {event.error}</p> : null}
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="retry-payment-event" />
        <input type="hidden" name="paymentEventId" value={event.id} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className={buttonClass.secondary} aria-label={`Retry event ${event.eventId}`}>
          Retry
        </button>
      </Form>
    </li>
  );
}

function EventList({
  label,
  events,
  total,
  back,
}: {
  label: string;
  events: StuckPaymentEvent[];
  total: number;
  back: string;
}) {
  return (
    <>
      <h3 className="mt-5 font-semibold text-cocoa-900">
        {label} ({total})
      </h3>
      {events.length > 0 ? (
        <ul
          className="mt-2 divide-y divide-cocoa-700/10 overflow-hidden rounded-3xl bg-white shadow-card"
          aria-label={label}
        >
          {events.map((event) => (
            <EventRow key={event.id} event={event} back={back} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-cocoa-700">None.</p>
      )}
      {total > events.length ? (
        <p className="mt-2 text-sm text-cocoa-700">The oldest {events.length} are shown.</p>
      ) : null}
    </>
  );
}

/**
 * The admin page's "Payment events" section: gateway callbacks that failed after every retry, and those
 * still waiting to be applied, each with a plain form to queue it again (works without JavaScript).
 */
export function StuckPaymentEvents(props: StuckPaymentEventsProps) {
  return (
    <section aria-labelledby="payment-events-heading" className="mt-10">
      <h2 id="payment-events-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Payment events
      </h2>
      <p className="mt-2 text-sm text-cocoa-700">
        Callbacks from the payment gateways are applied by the worker, retried with backoff. Those below did
        not apply.
      </p>
      {props.retryErrors && props.retryErrors.length > 0 ? (
        <div className="mt-3">
          <FormErrors errors={props.retryErrors} />
        </div>
      ) : null}
      {props.loadError ? (
        <p className="mt-3 text-sm text-ember-800" role="alert">
          {props.loadError}
        </p>
      ) : (
        <>
          <EventList label="Failed" events={props.failed} total={props.failedTotal} back={props.back} />
          <EventList
            label="Waiting to be applied"
            events={props.waiting}
            total={props.waitingTotal}
            back={props.back}
          />
        </>
      )}
    </section>
  );
}
