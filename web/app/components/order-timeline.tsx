import { ORDER_STATUS_LABELS } from '@hearth/shared';
import type { DeliveryOption, TimelineStep } from '@hearth/shared';
import { instantLabel } from '~/lib/format/dates';
import { ACTOR_WORDS, statusLabel } from '~/lib/orders/orders';
import type { StatusChange } from '~/lib/orders/orders';

const DOT: Record<TimelineStep['state'], string> = {
  done: 'bg-sage-500 text-white',
  current: 'bg-ember-700 text-white ring-4 ring-ember-200',
  upcoming: 'bg-cream-200 text-cocoa-600',
};

const STATE_WORDS: Record<TimelineStep['state'], string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'to come',
};

/** A known status in the shared words the steps use; the API's label only for a status this build does not know. */
function historyLabel(change: StatusChange, deliveryOption: DeliveryOption): string {
  return change.status in ORDER_STATUS_LABELS
    ? statusLabel(change.status, deliveryOption)
    : change.label || change.status;
}

/**
 * The life cycle of one date selection (the shared `orderTimeline` steps), then every recorded change, named
 * by the same shared words as the steps (a collected pickup is "Picked up" in both).
 */
export function OrderTimeline({
  steps,
  deliveryOption,
  changes,
  timeZone,
}: {
  steps: TimelineStep[] | null;
  deliveryOption: DeliveryOption;
  changes: StatusChange[];
  timeZone: string;
}) {
  // A date the kitchen (or support) cancelled says why, above everything else: the customer did not choose it.
  const cancelled = changes.findLast((c) => c.status === 'CANCELLED');
  const kitchenReason = cancelled && cancelled.by !== 'CUSTOMER' && cancelled.reason ? cancelled : null;
  return (
    <div>
      {kitchenReason ? (
        <p className="mb-4 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="cancel-reason">
          <strong>Cancelled by {ACTOR_WORDS[kitchenReason.by ?? ''] ?? 'the kitchen'}:</strong> “
          {kitchenReason.reason}”
        </p>
      ) : null}
      {steps ? (
        <ol className="flex flex-col gap-3 sm:flex-row sm:gap-0" aria-label="Progress" data-testid="timeline">
          {steps.map((step, i) => (
            <li
              key={step.status}
              className="flex items-center gap-3 sm:flex-1 sm:flex-col sm:gap-2 sm:text-center"
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${DOT[step.state]}`}
                aria-hidden="true"
              >
                {step.state === 'done' ? '✓' : i + 1}
              </span>
              <span
                className={`text-sm ${step.state === 'upcoming' ? 'text-cocoa-600' : 'font-semibold text-cocoa-900'}`}
              >
                {step.label}
                <span className="sr-only"> ({STATE_WORDS[step.state]})</span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {changes.length ? (
        <details className="mt-4" open>
          <summary className="cursor-pointer text-sm font-semibold text-cocoa-800">History</summary>
          <ol
            className="mt-2 space-y-1 border-l-2 border-cream-300 pl-4 text-sm"
            data-testid="status-history"
          >
            {changes.map((c, i) => (
              <li key={`${c.at}-${i}`}>
                <span className="font-semibold text-cocoa-900">{historyLabel(c, deliveryOption)}</span>
                <span className="text-cocoa-700">
                  {' '}
                  · {instantLabel(c.at, timeZone)}
                  {c.by ? ` · by ${ACTOR_WORDS[c.by] ?? c.by}` : ''}
                </span>
                {c.reason ? <span className="block text-cocoa-700">“{c.reason}”</span> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
