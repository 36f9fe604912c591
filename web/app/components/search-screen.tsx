import type { ReactNode } from 'react';
import { Notice } from '~/components/form-feedback';
import { SearchFilters } from '~/components/search-filters';
import { Paging } from '~/components/search-results';
import { container, linkClass } from '~/components/ui';
import { SEARCH_PAGE_SIZE, distanceLabel } from '~/lib/search/search';
import type { SearchForm, SearchOutcome } from '~/lib/search/search';
import { LocationCheckForm } from './follow-toggle';

/**
 * The page of both searches (/l/find-items, /l/find-chefs): heading, the GET filters, what was searched,
 * the cards and their pages, or why nothing matched.
 */
export function SearchScreen<T>({
  id,
  title,
  intro,
  other,
  filtersHeading,
  form,
  outcome,
  path,
  summary,
  cards,
  nothing,
}: {
  /** The page's path without `/l/` (`find-items`): the form's action and the heading's id. */
  id: 'find-items' | 'find-chefs';
  title: string;
  intro: string;
  /** The other search, linked after the intro. */
  other: { href: string; label: string };
  filtersHeading: string;
  form: SearchForm;
  outcome: SearchOutcome<T>;
  path: string;
  /** What was searched and found (`SearchSummary`, and any note under it). */
  summary: ReactNode;
  /** One card per result, keyed. */
  cards: ReactNode[];
  /** When nothing matched: a title, and the sentence for the distance searched. */
  nothing: { title: string; text: (distance: string) => string };
}) {
  const headingId = `${id}-heading`;
  return (
    <section className={`${container} py-10 md:py-14`} aria-labelledby={headingId}>
      <h1 id={headingId} className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">
        {title}
      </h1>
      <p className="mt-2 text-cocoa-700">
        {intro}{' '}
        <a href={other.href} className={linkClass}>
          {other.label}
        </a>
      </p>
      <div className="mt-6">
        <SearchFilters
          action={`/l/${id}`}
          form={form}
          fieldErrors={outcome.fieldErrors}
          heading={filtersHeading}
        />
      </div>
      <div className="mt-8" aria-live="polite">
        {summary}
        {cards.length > 0 ? (
          <>
            {/* The cards' names are h3: this keeps the heading levels in order under the page's h1. */}
            <h2 id={`${id}-results`} className="sr-only">
              Results
            </h2>
            <ul aria-labelledby={`${id}-results`} className="mt-5 grid gap-5 sm:grid-cols-2 md:grid-cols-3">
              {cards}
            </ul>
            <Paging path={path} page={form.page} total={outcome.total} size={SEARCH_PAGE_SIZE} />
          </>
        ) : !outcome.needsPlace && !outcome.message && outcome.status === 200 ? (
          <div className="mt-5">
            <Notice>
              <p className="font-semibold text-cocoa-900">{nothing.title}</p>
              <p className="mt-1">
                {nothing.text(distanceLabel(outcome.where.distance, outcome.where.unit))}
              </p>
            </Notice>
            <LocationCheckForm zipcode={form.zip} country={form.country} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
