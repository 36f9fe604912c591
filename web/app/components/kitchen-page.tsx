import type { ReactNode } from 'react';
import { dayLabel } from '@hearth/shared';
import { formatAddress } from '~/lib/account/address';
import { kitchenDishes } from '~/lib/catalog/catalog';
import type { KitchenDish, PickupPlace, Review } from '~/lib/catalog/catalog';
import { BRAND_TYPE_LABELS, DELIVERY_OPTION_LABELS, formatPrice } from '~/lib/format/chef-format';
import type { KitchenMenu, KitchenPage } from '~/lib/chef/chef-types';
import { zoneName } from '~/lib/format/dates';
import { initials } from './chef-card';
import { KitchenItemCard } from './kitchen-item-card';
import { ReviewList } from './review-list';
import { container, linkClass } from './ui';

const h2Class = 'font-display text-3xl font-semibold text-cocoa-900';

function RatingLine({ rating }: { rating: KitchenPage['rating'] }) {
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

function placeLine(p: PickupPlace): string {
  return formatAddress(p, { withCountry: false });
}

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

function Menus({ kitchen }: { kitchen: KitchenPage }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Menus">
      {menusOf(kitchen).map(({ menu, dates }) => (
        <li key={menu.menuId} className="rounded-2xl bg-cream-100 px-4 py-3 text-sm text-cocoa-800">
          <h3 className="font-semibold text-cocoa-900">{menu.name}</h3>
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

function AboutChef({ kitchen, name }: { kitchen: KitchenPage; name: string }) {
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

function Reviews({ reviews, name, zone }: { reviews: readonly Review[] | null; name: string; zone: string }) {
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

/**
 * A kitchen as customers see it at `/kitchen/{id}` and at its storefront `/{kitchenName}`: who it is,
 * each dish once with its upcoming dates as chips (and the form to order it), the menus, about the
 * chef, reviews and where to pick up. Times are in the kitchen's zone, named once (one clock).
 */
export function KitchenPageView({
  kitchen,
  zone,
  reviews = [],
  favourite,
  order,
}: {
  kitchen: KitchenPage;
  /** The zone its times are written in (the kitchen's; see `displayZone`). */
  zone: string;
  reviews?: readonly Review[] | null;
  /** The favourite toggle for the header. */
  favourite?: ReactNode;
  /** The order form of one dish (with its date chips). */
  order?: (dish: KitchenDish) => ReactNode;
}) {
  const name = kitchen.brandDisplayName || kitchen.kitchenName;
  const dishes = kitchenDishes(kitchen);
  return (
    <div className={`${container} space-y-10 py-12`}>
      <header className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow-card sm:flex-row sm:items-center">
        {kitchen.logo ? (
          <img
            src={kitchen.logo}
            alt={`${name} logo`}
            width={96}
            height={96}
            className="h-24 w-24 rounded-3xl object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-3xl bg-ember-100 font-display text-3xl font-semibold text-ember-800"
          >
            {initials(name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">{name}</h1>
          <p className="mt-1 text-cocoa-700">
            {BRAND_TYPE_LABELS[kitchen.brandType] ?? kitchen.brandType}
            {kitchen.speciality ? ` · ${kitchen.speciality}` : ''}
          </p>
          <p className="mt-1 text-sm text-cocoa-700">
            <RatingLine rating={kitchen.rating} />
            {reviews?.length ? (
              <>
                {' · '}
                <a href="#reviews" className={linkClass}>
                  Read the reviews
                </a>
              </>
            ) : null}
          </p>
          {kitchen.profileDescription ? (
            <p className="mt-3 line-clamp-2 max-w-2xl text-cocoa-800">{kitchen.profileDescription}</p>
          ) : null}
        </div>
        {favourite ? <div className="shrink-0">{favourite}</div> : null}
      </header>

      <section id="menu" aria-labelledby="dishes-heading" className="space-y-6">
        <div>
          <h2 id="dishes-heading" className={h2Class}>
            On the menu
          </h2>
          <p className="mt-1 text-sm text-cocoa-700">
            Times are {zoneName(zone)}. Prices in {kitchen.currencyCode}.
          </p>
        </div>
        {dishes.length === 0 ? (
          <p className="rounded-3xl bg-white p-6 text-cocoa-800 shadow-card">
            {name} has no menus for the coming days. Check back soon.
          </p>
        ) : (
          <>
            <Menus kitchen={kitchen} />
            <ul className="space-y-5">
              {dishes.map((dish) => (
                <li key={dish.item.id}>
                  <KitchenItemCard dish={dish} currencyCode={kitchen.currencyCode} order={order?.(dish)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <AboutChef kitchen={kitchen} name={name} />
      <Reviews reviews={reviews} name={name} zone={zone} />

      {kitchen.pickupLocations.length ? (
        <section aria-labelledby="pickup-heading" className="rounded-3xl bg-white p-6 shadow-card">
          <h2 id="pickup-heading" className="font-display text-2xl font-semibold text-cocoa-900">
            Pickup locations
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {kitchen.pickupLocations.map((p) => (
              <li key={p.id}>
                <span className="font-semibold text-cocoa-900">{p.name}</span>
                <span className="block text-sm text-cocoa-700">{placeLine(p)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
