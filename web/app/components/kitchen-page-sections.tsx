import { dayLabel } from '@hearth/shared';
import { formatAddress } from '~/lib/account/address';
import type { PickupPlace, Review } from '~/lib/catalog/catalog';
import { BRAND_TYPE_LABELS, DELIVERY_OPTION_LABELS, formatPrice } from '~/lib/format/chef-format';
import type { KitchenMenu, KitchenPage } from '~/lib/chef/chef-types';
import { ReviewList } from './review-list';

/** The kitchen page's section headings. */
export const h2Class = 'font-display text-3xl font-semibold text-cocoa-900';

/** "★ 4.5 (12 ratings)", or "New on Hearth". */
export function RatingLine({ rating }: { rating: KitchenPage['rating'] }) {
  if (!rating?.count) return <span>New on Hearth</span>;
  const value = Math.round(rating.value * 10) / 10;
  return (
    <span>
      <span aria-hidden="true" className="text-ember-600">
        ★{' '}
      </span>
      <strong className="text-cocoa-900">{value.toFixed(1)}</strong>
      <span className="sr-only"> out of 5</span> ({rating.count} {rating.count === 1 ? 'rating' : 'ratings'})
    </span>
  );
}

/** A pickup place on one line, without the country. */
export function placeLine(p: PickupPlace): string {
  return formatAddress(p, { withCountry: false });
}

/** How a menu's food is had: "Pickup at Home · Delivery within 5 miles ($3.50 fee)". */
function fulfilment(menu: KitchenMenu, currencyCode: string): string {
  const parts: string[] = [];
  for (const option of menu.fulfilmentOptions) {
    if (option === 'PICKUP') {
      parts.push(
        menu.pickupLocation ? `Pickup at ${menu.pickupLocation.name}` : DELIVERY_OPTION_LABELS.PICKUP,
      );
    } else {
      const fee =
        menu.deliveryFees && Number(menu.deliveryFees) > 0
          ? ` (${formatPrice(menu.deliveryFees, currencyCode)} fee)`
          : '';
      const radius = menu.deliveryRadius
        ? ` within ${menu.deliveryRadius} ${menu.deliveryMeasurment ?? ''}`.trimEnd()
        : '';
      parts.push(`Delivery${radius}${fee}`);
    }
  }
  return parts.join(' · ') || 'No pickup or delivery';
}

/** Each menu once (its first date's details) with its slots and how many dates it has coming. */
function menusOf(kitchen: KitchenPage): { menu: KitchenMenu; dates: string[] }[] {
  const out = new Map<string, { menu: KitchenMenu; dates: string[] }>();
  for (const day of kitchen.dates) {
    for (const menu of day.menus) {
      const known = out.get(menu.menuId);
      if (known) known.dates.push(day.date);
      else out.set(menu.menuId, { menu, dates: [day.date] });
    }
  }
  return [...out.values()];
}

/** The kitchen's menus, each once, with their slots and coming dates. */
export function Menus({ kitchen }: { kitchen: KitchenPage }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Menus">
      {menusOf(kitchen).map(({ menu, dates }) => (
        <li key={menu.menuId} className="rounded-2xl bg-cream-100 px-4 py-3 text-sm text-cocoa-800">
          <h3 className="font-semibold text-cocoa-900">
            {menu.name}
            {menu.isPrivate ? (
              <span className="ml-2 rounded-full bg-cocoa-900 px-2 py-0.5 text-xs font-semibold text-white">
                Private
              </span>
            ) : null}
          </h3>
          {menu.description ? <p>{menu.description}</p> : null}
          <p>
            {menu.timeSlots.length ? `${menu.timeSlots.map((s) => s.label).join(', ')} · ` : ''}
            {dates.length === 1 ? dayLabel(dates[0]) : `${dates.length} dates from ${dayLabel(dates[0])}`}
          </p>
          <p className="text-cocoa-700">{fulfilment(menu, kitchen.currencyCode)}</p>
        </li>
      ))}
    </ul>
  );
}

/** "May 2028" for a `YYYY-MM-DD` date. */
function monthYear(date: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(date);
  if (!m) return date;
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)),
  );
}

/** About the chef: portrait, kitchen pictures, orders served, member since. */
export function AboutChef({ kitchen, name }: { kitchen: KitchenPage; name: string }) {
  const { about } = kitchen;
  const place = kitchen.pickupLocations[0];
  const where = place ? [place.city, place.state].filter(Boolean).join(', ') : '';
  const facts = [
    BRAND_TYPE_LABELS[kitchen.brandType] ?? kitchen.brandType,
    kitchen.speciality,
    where ? `Cooks in ${where}` : null,
    about?.memberSince ? `On Hearth since ${monthYear(about.memberSince)}` : null,
    about?.ordersServed
      ? `${about.ordersServed} ${about.ordersServed === 1 ? 'order' : 'orders'} served`
      : null,
  ].filter((f): f is string => Boolean(f));
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      className="scroll-mt-24 rounded-3xl bg-white p-6 shadow-card md:p-8"
    >
      <div className="flex flex-col gap-6 sm:flex-row">
        {about?.profilePicture ? (
          <img
            src={about.profilePicture}
            alt={`The chef of ${name}`}
            width={128}
            height={128}
            className="h-32 w-32 shrink-0 rounded-full object-cover"
          />
        ) : null}
        <div>
          <h2 id="about-heading" className={h2Class}>
            About the chef
          </h2>
          <ul
            className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-cocoa-700"
            aria-label="About the kitchen"
          >
            {facts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p className="mt-4 max-w-3xl whitespace-pre-line leading-relaxed text-cocoa-800">
            {kitchen.profileDescription || `${name} has not written about their cooking yet.`}
          </p>
        </div>
      </div>
      {about?.kitchenPictures.length ? (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={`Pictures of ${name}`}>
          {about.kitchenPictures.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={`${name}, picture ${i + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded-2xl bg-cream-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The kitchen's latest reviews, or why they could not be loaded. */
export function Reviews({
  reviews,
  name,
  zone,
}: {
  reviews: readonly Review[] | null;
  name: string;
  zone: string;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className={h2Class}>
        Reviews
      </h2>
      {reviews === null ? (
        <p className="mt-3 text-cocoa-700">Reviews could not be loaded just now.</p>
      ) : reviews.length ? (
        <ReviewList reviews={reviews} timeZone={zone} />
      ) : (
        <p className="mt-3 text-cocoa-700">No written reviews of {name} yet.</p>
      )}
    </section>
  );
}
