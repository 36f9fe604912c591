import { Form } from '@remix-run/react';
import { buttonClass, focusRing } from '~/components/ui';
import { statusLabel } from '~/lib/orders/orders';
import type { BulkRowResult } from '~/lib/orders/orders';
import { BULK_STATUSES } from '~/lib/orders/board';

export const BULK_FORM_ID = 'board-bulk';

/** What the board's action answers after a bulk move: each selected row, moved or refused and why. */
export interface BulkAnswer {
  intent: 'bulk';
  status: string;
  reason: string;
  moved: number;
  refused: number;
  results: Array<BulkRowResult & { label: string }>;
  /** The rows to keep selected (the refused ones), so the chef can try again. */
  keep: string[];
  error: string | null;
  /** When answered: a new answer re-mounts the checkboxes with only `keep` ticked. */
  stamp: number;
}

/**
 * The board's one bulk form: the rows' checkboxes (`name="sel"`, in the cards) belong to it by `form=`, so
 * it works without JavaScript while every card keeps its own forms.
 */
export function BulkForm({ answer, redirectTo }: { answer: BulkAnswer | undefined; redirectTo: string }) {
  return (
    <Form
      method="post"
      id={BULK_FORM_ID}
      aria-labelledby="bulk-heading"
      className="mb-6 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id="bulk-heading" className="text-lg font-semibold text-cocoa-900">
        Move the selected orders
      </h2>
      <p className="mt-1 text-sm text-cocoa-700">
        Tick orders below, choose a status and press Move. Each order is checked on its own: what cannot move
        stays selected and says why.
      </p>
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-semibold text-cocoa-800">
          New status
          <select
            name="status"
            defaultValue={answer?.status ?? ''}
            required
            className={`mt-1 rounded-lg border border-cocoa-300 px-3 py-2 font-normal ${focusRing}`}
          >
            <option value="" disabled>
              Choose…
            </option>
            {BULK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-64 flex-1 flex-col text-sm font-semibold text-cocoa-800">
          Reason (needed to cancel; the customers read it)
          <input
            name="reason"
            maxLength={500}
            defaultValue={answer?.reason ?? ''}
            className={`mt-1 rounded-lg border border-cocoa-300 px-3 py-2 font-normal ${focusRing}`}
          />
        </label>
        <button type="submit" className={buttonClass.primary}>
          Move selected
        </button>
      </div>
    </Form>
  );
}

/** The answer of a bulk move, above the board: totals, then each row. */
export function BulkResults({ answer }: { answer: BulkAnswer }) {
  if (answer.error)
    return (
      <div role="alert" data-testid="bulk-results" className="mb-6 rounded-2xl bg-red-50 p-4 text-red-900">
        <p>{answer.error}</p>
      </div>
    );
  return (
    <section
      aria-labelledby="bulk-results-heading"
      data-testid="bulk-results"
      className="mb-6 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id="bulk-results-heading" role="status" className="font-semibold text-cocoa-900">
        {`${answer.moved} moved to ${statusLabel(answer.status)}, ${answer.refused} refused`}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {answer.results.map((r, i) => (
          <li
            key={`${r.ref}-${i}`}
            data-testid="bulk-row"
            data-outcome={r.outcome}
            className={r.outcome === 'moved' ? 'text-green-900' : 'text-red-900'}
          >
            <span className="font-semibold">{r.outcome === 'moved' ? 'Moved' : 'Refused'}</span>
            {`: ${r.label}`}
            {r.outcome === 'moved' && r.from && r.to
              ? ` — ${statusLabel(r.from)} → ${statusLabel(r.to)}`
              : r.reason
                ? ` — ${r.reason}`
                : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
