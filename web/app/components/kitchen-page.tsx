import type { ReactNode } from 'react';
import { kitchenDishes } from '~/lib/catalog/catalog';
import type { KitchenDish, Review } from '~/lib/catalog/catalog';
import { BRAND_TYPE_LABELS } from '~/lib/format/chef-format';
import type { KitchenPage } from '~/lib/chef/chef-types';
import { zoneName } from '~/lib/format/dates';
import { initials } from './chef-card';
import { KitchenItemCard } from './kitchen-item-card';
import { container, linkClass } from './ui';
import { AboutChef, Menus, RatingLine, Reviews, h2Class, placeLine } from './kitchen-page-sections';

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
  extra,
  code,
}: {
  kitchen: KitchenPage;
  /** The zone its times are written in (the kitchen's; see `displayZone`). */
  zone: string;
  reviews?: readonly Review[] | null;
  /** The favourite toggle for the header. */
  favourite?: ReactNode;
  /** The order form of one dish (with its date chips). */
  order?: (dish: KitchenDish) => ReactNode;
  /** More sections at the end (the question-to-the-chef form). */
  extra?: ReactNode;
  /** The kitchen's "Have a code?" form, or the note that the visitor's code is on. */
  code?: ReactNode;
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
        {code}
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
      {extra}
    </div>
  );
}
