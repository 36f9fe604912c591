import { Link } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { instantLabel, slotsLabel } from '~/lib/format/dates';
import { distanceLabel, pageHref } from '~/lib/search/search';
import type { OrderableDate, SearchOutcome } from '~/lib/search/search';
import { Notice } from './form-feedback';
import { buttonClass } from './ui';

export function itemHref(id: string): string {
  return `/items/${encodeURIComponent(id)}`;
}

export function kitchenHref(id: string): string {
  return `/kitchen/${encodeURIComponent(id)}`;
}

/** A rating as "★ 4.5 (12)", or "New on Hearth" before the first review. */
export function Stars({ rating }: { rating: { value: number; count: number } }) {
  if (!rating.count) return <span className="text-cocoa-600">New on Hearth</span>;
  return (
    <span className="font-semibold text-cocoa-900">
      <span aria-hidden="true" className="text-ember-600">
        ★{' '}
      </span>
      {rating.value.toFixed(1)}
      <span className="sr-only"> out of 5</span>
      <span className="font-normal text-cocoa-600"> ({rating.count})</span>
    </span>
  );
}

/**
 * "Next: Tue, Nov 24 · 5 PM – 7 PM · order by Mon, Nov 23, 5:00 AM EST". `timeZone` is the kitchen's
 * (one clock: see `displayZone`); the cut-off names it.
 */
export function NextDate({
  date,
  timeZone,
  prefix = 'Next',
}: {
  date: OrderableDate;
  timeZone: string;
  prefix?: string;
}) {
  return (
    <p className="text-sm text-cocoa-700">
      <span className="font-semibold text-cocoa-900">
        {prefix}: {dayLabel(date.date)}
      </span>
      {date.timeSlots.length ? ` · ${slotsLabel(date.timeSlots)}` : null}
      {date.orderBefore ? (
        <span className="block text-xs text-cocoa-600">
          Order by {instantLabel(date.orderBefore, timeZone)}
        </span>
      ) : null}
    </p>
  );
}

/** Previous/next links of a paged list (plain links: each page has its own URL). `path` is path + query. */
export function Paging({
  path,
  page,
  total,
  size,
}: {
  path: string;
  page: number;
  total: number;
  size: number;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const current = new URL(path, 'http://hearth.invalid');
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
      {page > 0 ? (
        <Link to={pageHref(current, page - 1)} className={buttonClass.secondary} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-cocoa-700">
        Page {Math.min(page + 1, pages)} of {pages}
      </p>
      {page + 1 < pages ? (
        <Link to={pageHref(current, page + 1)} className={buttonClass.secondary} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const SOURCE_WORDS: Record<string, string> = {
  zip: '',
  position: 'your location',
  'saved-address': 'your saved address',
};

/** What the search found and where it looked, or why it could not look. */
export function SearchSummary({
  outcome,
  noun,
  page,
  size,
}: {
  outcome: SearchOutcome<unknown>;
  noun: [string, string];
  /** With the page shown and its size, a total over one page reads "Showing 13–24 of 30 …". */
  page?: number;
  size?: number;
}) {
  if (outcome.needsPlace) {
    return (
      <Notice>
        <p className="font-semibold text-cocoa-900">Where should we look?</p>
        <p className="mt-1">
          {outcome.message ??
            'Enter your zip or postal code above to see what home chefs near you are cooking.'}
        </p>
      </Notice>
    );
  }
  if (outcome.message) {
    return (
      <Notice tone="warning">
        <p role="alert" className="font-semibold">
          {outcome.message}
        </p>
        <p className="mt-1 text-sm">Check the zip code and country, or use another nearby code.</p>
      </Notice>
    );
  }
  if (outcome.status !== 200) return null;
  const { where } = outcome;
  const place =
    where.source && SOURCE_WORDS[where.source]
      ? `${SOURCE_WORDS[where.source]}${where.zip ? ` (${where.zip})` : ''}`
      : where.zip;
  return (
    <p className="text-cocoa-800" data-testid="search-summary">
      {page !== undefined && size && outcome.total > size && outcome.results.length ? (
        <>
          Showing {page * size + 1}–{page * size + outcome.results.length} of{' '}
        </>
      ) : null}
      <strong className="font-semibold text-cocoa-900">
        {outcome.total} {outcome.total === 1 ? noun[0] : noun[1]}
      </strong>{' '}
      within {distanceLabel(where.distance, where.unit)}
      {place ? ` of ${place}` : ''}.
    </p>
  );
}
