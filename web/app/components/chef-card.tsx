import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ChefSummary } from '~/lib/catalog/catalog';
import { initials } from './initials';
import { focusRing } from './ui';

export { initials };

/** What a card shows of a kitchen (a page may pass only these fields to keep its data small). */
export type ChefCardData = Pick<
  ChefSummary,
  | 'id'
  | 'kitchenName'
  | 'brandDisplayName'
  | 'speciality'
  | 'profileDescription'
  | 'logo'
  | 'rating'
  | 'city'
  | 'state'
  | 'country'
>;

export function chefName(chef: Pick<ChefSummary, 'brandDisplayName' | 'kitchenName'>): string {
  return chef.brandDisplayName?.trim() || chef.kitchenName;
}

function place(chef: ChefCardData): string | null {
  const parts = [chef.city, chef.state].filter((p): p is string => Boolean(p?.trim()));
  return parts.length ? parts.join(', ') : chef.country;
}

function Rating({ rating }: { rating: ChefSummary['rating'] }) {
  if (!rating || !rating.count) return <span className="text-cocoa-600">New on Hearth</span>;
  const value = Math.round(rating.value * 10) / 10;
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-cocoa-900">
      <svg viewBox="0 0 20 20" className="h-4 w-4 text-ember-600" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8L10 1.8z"
        />
      </svg>
      <span>
        {value.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
      <span className="font-normal text-cocoa-600">
        ({rating.count} {rating.count === 1 ? 'rating' : 'ratings'})
      </span>
    </span>
  );
}

/**
 * A kitchen as a card linking to its page. `actions` (e.g. the favourite toggle) sit over the card's
 * top-right corner, outside the link, since a form cannot live inside a link.
 */
export function ChefCard({ chef, actions }: { chef: ChefCardData; actions?: ReactNode }) {
  const card = <ChefCardLink chef={chef} reserveCorner={Boolean(actions)} />;
  if (!actions) return card;
  return (
    <div className="relative h-full">
      {card}
      <div className="absolute right-3 top-3">{actions}</div>
    </div>
  );
}

function ChefCardLink({ chef, reserveCorner }: { chef: ChefCardData; reserveCorner: boolean }) {
  const name = chefName(chef);
  const where = place(chef);
  return (
    <Link
      to={`/kitchen/${encodeURIComponent(String(chef.id))}`}
      className={`group flex h-full flex-col rounded-3xl border border-cocoa-700/10 bg-white p-5 shadow-card transition hover:-translate-y-0.5 hover:border-ember-300 ${focusRing}`}
      data-testid="chef-card"
    >
      <div className={`flex items-center gap-4 ${reserveCorner ? 'pr-10' : ''}`}>
        {chef.logo ? (
          <img
            src={chef.logo}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="h-16 w-16 shrink-0 rounded-2xl bg-cream-200 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-ember-100 font-display text-xl font-semibold text-ember-800"
          >
            {initials(name)}
          </span>
        )}
        <div className="min-w-0">
          <h3 className="truncate font-display text-lg font-semibold text-cocoa-900 group-hover:text-ember-800">
            {name}
          </h3>
          {chef.speciality ? <p className="truncate text-sm text-cocoa-700">{chef.speciality}</p> : null}
        </div>
      </div>
      {chef.profileDescription ? (
        <p className="mt-4 line-clamp-2 text-sm leading-relaxed text-cocoa-700">{chef.profileDescription}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4 text-sm">
        <Rating rating={chef.rating} />
        {where ? (
          <span className="inline-flex items-center gap-1 text-cocoa-600">
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path
                fill="currentColor"
                d="M10 2a6 6 0 0 0-6 6c0 4.4 6 10 6 10s6-5.6 6-10a6 6 0 0 0-6-6zm0 8.2A2.2 2.2 0 1 1 10 5.8a2.2 2.2 0 0 1 0 4.4z"
              />
            </svg>
            {where}
          </span>
        ) : null}
      </div>
    </Link>
  );
}
