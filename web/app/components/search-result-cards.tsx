import { Link } from '@remix-run/react';
import { displayZone } from '~/lib/format/dates';
import { formatAmount } from '~/lib/format/money';
import { FOOD_TYPE_LABELS, distanceLabel } from '~/lib/search/search';
import type { ItemResult, KitchenResult } from '~/lib/search/search';
import { initials } from './chef-card';
import { FavouriteToggle } from './favourite-toggle';
import { NextDate, Stars, itemHref, kitchenHref } from './search-results';
import { buttonClass, focusRing, linkClass } from './ui';

/** The kitchen's logo, else its initials. */
function KitchenBadge({ kitchen }: { kitchen: ItemResult['kitchen'] }) {
  return kitchen.logo ? (
    <img
      src={kitchen.logo}
      alt=""
      width={28}
      height={28}
      loading="lazy"
      className="h-7 w-7 rounded-full bg-cream-200 object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-7 w-7 items-center justify-center rounded-full bg-ember-100 text-xs font-bold text-ember-800"
    >
      {initials(kitchen.brandDisplayName || kitchen.kitchenName)}
    </span>
  );
}

/** One dish of the item search: picture, price in the chef's currency, distance, next date, kitchen. */
export function ItemResultCard({
  item,
  favourite,
  timeZone,
  eager = false,
}: {
  item: ItemResult;
  favourite: boolean;
  /** The viewer's zone: only for a kitchen whose own zone is unknown. */
  timeZone: string;
  /** Load the picture at once: the first cards of a results page, whose picture is the page's largest paint. */
  eager?: boolean;
}) {
  const kitchenName = item.kitchen.brandDisplayName || item.kitchen.kitchenName;
  const price = formatAmount(item.price, item.currencyCode);
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-3xl border border-cocoa-700/10 bg-white shadow-card"
      data-testid="item-result"
    >
      <Link to={itemHref(item.id)} className={`group block ${focusRing}`}>
        {item.picture ? (
          <img
            src={item.picture}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            className="aspect-[4/3] w-full bg-cream-200 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex aspect-[4/3] w-full items-center justify-center bg-ember-50 font-display text-4xl text-ember-300"
          >
            {initials(item.name)}
          </div>
        )}
        <div className="px-5 pt-4">
          <h3 className="font-display text-xl font-semibold text-cocoa-900 group-hover:text-ember-800">
            {item.name}
          </h3>
          <p className="mt-1 text-lg font-semibold text-cocoa-900">
            {price || 'Price on request'}
            {item.measurement ? (
              <span className="text-sm font-normal text-cocoa-600"> / {item.measurement}</span>
            ) : null}
          </p>
        </div>
      </Link>
      <div className="flex flex-1 flex-col gap-3 px-5 pb-5 pt-2">
        <p className="text-sm text-cocoa-700">
          <span className="font-semibold text-cocoa-900">
            {distanceLabel(item.distance, item.distanceUnit)}
          </span>{' '}
          away · <Stars rating={item.rating} />
        </p>
        {item.nextDate ? (
          <NextDate date={item.nextDate} timeZone={displayZone(item.kitchen.timeZone, timeZone)} />
        ) : null}
        {item.foodTypes.length || item.medicalFriendly.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {[...item.foodTypes.map((t) => FOOD_TYPE_LABELS[t] ?? t), ...item.medicalFriendly].map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-cream-200 px-2.5 py-0.5 text-xs font-semibold text-cocoa-800"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-cocoa-700/10 pt-3">
          <Link
            to={kitchenHref(item.kitchen.id)}
            className={`inline-flex items-center gap-2 text-sm ${linkClass}`}
          >
            <KitchenBadge kitchen={item.kitchen} />
            {kitchenName}
          </Link>
          <FavouriteToggle
            kitchenId={item.kitchen.id}
            kitchenName={kitchenName}
            isFavourite={favourite}
            compact
          />
        </div>
      </div>
    </article>
  );
}

/** One kitchen of the chef search: rating, distance, next dates, what matched, favourite toggle. */
export function KitchenResultCard({
  result,
  favourite,
  timeZone,
}: {
  result: KitchenResult;
  favourite: boolean;
  timeZone: string;
}) {
  const { kitchen } = result;
  const name = kitchen.brandDisplayName || kitchen.kitchenName;
  return (
    <article
      className="flex h-full flex-col rounded-3xl border border-cocoa-700/10 bg-white p-5 shadow-card"
      data-testid="kitchen-result"
    >
      <div className="flex items-start gap-4">
        {kitchen.logo ? (
          <img
            src={kitchen.logo}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="h-14 w-14 shrink-0 rounded-2xl bg-cream-200 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-ember-100 font-display text-lg font-semibold text-ember-800"
          >
            {initials(name)}
          </span>
        )}
        <h3 className="min-w-0 flex-1 self-center font-display text-xl font-semibold leading-snug text-cocoa-900">
          <Link to={kitchenHref(kitchen.id)} className={`hover:text-ember-800 ${focusRing}`}>
            {name}
          </Link>
        </h3>
        <FavouriteToggle kitchenId={kitchen.id} kitchenName={name} isFavourite={favourite} compact />
      </div>
      <p className="mt-3 text-sm text-cocoa-700">
        <span className="font-semibold text-cocoa-900">
          {distanceLabel(result.distance, result.distanceUnit)}
        </span>{' '}
        away · <Stars rating={result.rating} />
      </p>
      {result.matches.length ? (
        <p className="mt-3 text-sm text-cocoa-700">
          <span className="sr-only">Matches: </span>
          {result.matches.slice(0, 4).join(' · ')}
          {result.matches.length > 4 ? ` and ${result.matches.length - 4} more` : ''}
        </p>
      ) : null}
      {result.nextDates.length ? (
        <ul className="mt-3 space-y-2" aria-label={`Next dates at ${name}`}>
          {result.nextDates.map((d) => (
            <li key={d.date}>
              <NextDate date={d} timeZone={displayZone(kitchen.timeZone, timeZone)} prefix="Cooking" />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-4">
        <Link to={kitchenHref(kitchen.id)} className={buttonClass.secondary}>
          See the menu<span className="sr-only"> of {name}</span>
        </Link>
      </div>
    </article>
  );
}
