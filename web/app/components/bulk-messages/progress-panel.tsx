import { STATUS_LABELS, durationText } from '~/lib/admin/bulk-message-types';
import type { BulkMessage } from '~/lib/admin/bulk-message-types';

/** "12 of 40 sent (30%), 1 failed, 2 skipped." — the bar's text equivalent and the live region's words. */
export function progressSentence(message: BulkMessage): string {
  const p = message.progress;
  const status = STATUS_LABELS[message.status] ?? message.status;
  const counting =
    !p.fanoutDone && p.total === 0
      ? 'recipients being counted'
      : `${p.sent} of ${p.total} sent (${Math.floor(p.percent)}%)`;
  return `${status}: ${counting}, ${p.failed} failed, ${p.skipped} skipped.`;
}

/**
 * The progress of one message: a bar (a native <progress> with its figures as text), sent / failed /
 * skipped / total, the rate and the time left. The figures sit in a polite live region, so a screen reader
 * hears the new numbers when the page updates itself (with JavaScript).
 */
export function ProgressPanel({ message }: { message: BulkMessage }) {
  const p = message.progress;
  const percent = Math.max(0, Math.min(100, p.percent));
  return (
    <section aria-labelledby="progress-heading" className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id="progress-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Progress
      </h2>
      <div className="mt-4">
        <label htmlFor="bulk-progress" className="text-sm font-semibold text-cocoa-800">
          Delivered
        </label>
        <progress
          id="bulk-progress"
          max={100}
          value={percent}
          aria-valuetext={`${Math.floor(percent)}%`}
          className="mt-1 block h-4 w-full overflow-hidden rounded-full accent-ember-700"
        >
          {Math.floor(percent)}%
        </progress>
      </div>
      <p className="mt-3 text-cocoa-900" role="status" aria-live="polite" data-testid="progress-sentence">
        {progressSentence(message)}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-cocoa-700">Status</dt>
          <dd className="font-semibold text-cocoa-900" data-testid="progress-status">
            {STATUS_LABELS[message.status] ?? message.status}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Done</dt>
          <dd className="font-semibold text-cocoa-900" data-testid="progress-percent">
            {Math.floor(percent)}%
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Sent</dt>
          <dd className="font-semibold text-cocoa-900" data-testid="progress-sent">
            {p.sent}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Total</dt>
          <dd className="font-semibold text-cocoa-900" data-testid="progress-total">
            {p.total}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Failed</dt>
          <dd className="font-semibold text-cocoa-900" data-testid="progress-failed">
            {p.failed}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Skipped (unsubscribed or cancelled)</dt>
          <dd className="font-semibold text-cocoa-900" data-testid="progress-skipped">
            {p.skipped}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Rate</dt>
          <dd className="font-semibold text-cocoa-900">{Math.round(p.ratePerSecond * 10) / 10} per second</dd>
        </div>
        <div>
          <dt className="text-cocoa-700">Time left</dt>
          <dd className="font-semibold text-cocoa-900">
            {p.secondsLeft === null || p.secondsLeft === undefined ? '—' : durationText(p.secondsLeft)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
