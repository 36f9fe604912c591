import type { ReactNode } from 'react';
import { formatAddress } from '~/lib/address';
import { BRAND_TYPE_LABELS, DELIVERY_OPTION_LABELS, cutoffLabel, formatPrice } from '~/lib/chef-format';
import type { KitchenDate, KitchenItem, KitchenMenu, KitchenPage, PickupLocation } from '~/lib/chef-types';
import { initials } from './chef-card';
import { KitchenItemCard } from './kitchen-item-card';
import { container } from './ui';

/** What the page gives the item slot, so it can build the add-to-cart form of one item on one date. */
export interface KitchenItemContext {
  kitchen: KitchenPage;
  date: KitchenDate;
  menu: KitchenMenu;
  item: KitchenItem;
}

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

function placeLine(p: PickupLocation): string {
  return formatAddress(p, { withCountry: false });
}

function fulfilment(menu: KitchenMenu, currencyCode: string): string {
  const parts: string[] = [];
  for (const option of menu.fulfilmentOptions) {
    if (option === 'PICKUP') {
      parts.push(menu.pickupLocation ? `Pickup at ${menu.pickupLocation.name}` : DELIVERY_OPTION_LABELS.PICKUP);
    } else {
      const fee = menu.deliveryFees && Number(menu.deliveryFees) > 0 ? ` (${formatPrice(menu.deliveryFees, currencyCode)} fee)` : '';
      const radius = menu.deliveryRadius ? ` within ${menu.deliveryRadius} ${menu.deliveryMeasurment ?? ''}`.trimEnd() : '';
      parts.push(`Delivery${radius}${fee}`);
    }
  }
  return parts.join(' · ') || 'No pickup or delivery';
}

function MenuOnDate({
  kitchen,
  date,
  menu,
  itemActions,
}: {
  kitchen: KitchenPage;
  date: KitchenDate;
  menu: KitchenMenu;
  itemActions?: (context: KitchenItemContext) => ReactNode;
}) {
  const zone = kitchen.timeZone;
  const slots = menu.timeSlots.map((s) => `${s.startLabel} – ${s.endLabel}`).join(', ');
  return (
    <section aria-labelledby={`menu-${date.date}-${menu.menuId}`} className="space-y-4">
      <div>
        <h3 id={`menu-${date.date}-${menu.menuId}`} className="font-display text-xl font-semibold text-cocoa-900">
          {menu.name}
        </h3>
        {menu.description ? <p className="text-cocoa-700">{menu.description}</p> : null}
        <p className="mt-1 text-sm text-cocoa-800">
          {slots ? <span>{slots} · </span> : null}
          {fulfilment(menu, kitchen.currencyCode)}
        </p>
        <p className="mt-1 text-sm font-semibold">
          {menu.orderable ? (
            <span className="text-ember-800">
              Order by <time dateTime={menu.cutoffAt}>{cutoffLabel(menu.cutoffAt, zone)}</time>
            </span>
          ) : (
            <span className="text-cocoa-700">Past cut-off: orders for this date are closed</span>
          )}
          {menu.catering.enabled && menu.catering.cutoffAt ? (
            <span className="font-normal text-cocoa-700"> · catering orders by {cutoffLabel(menu.catering.cutoffAt, zone)}</span>
          ) : null}
        </p>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 md:grid-cols-3">
        {menu.items.map((item) => (
          <li key={item.id}>
            <KitchenItemCard
              item={item}
              currencyCode={kitchen.currencyCode}
              dateOrderable={menu.orderable}
              actions={itemActions?.({ kitchen, date, menu, item })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A kitchen as customers see it at `/kitchen/{id}` and at its storefront `/{kitchenName}`: who it is,
 * where to pick up, and the upcoming dates with their menus and items, times in the chef's time zone.
 */
export function KitchenPageView({
  kitchen,
  itemActions,
}: {
  kitchen: KitchenPage;
  /** The slot for each item's customer actions (add to cart). */
  itemActions?: (context: KitchenItemContext) => ReactNode;
}) {
  const name = kitchen.brandDisplayName || kitchen.kitchenName;
  return (
    <div className={`${container} space-y-10 py-12`}>
      <header className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow-card sm:flex-row sm:items-center">
        {kitchen.logo ? (
          <img src={kitchen.logo} alt={`${name} logo`} width={96} height={96} className="h-24 w-24 rounded-3xl object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-3xl bg-ember-100 font-display text-3xl font-semibold text-ember-800"
          >
            {initials(name)}
          </span>
        )}
        <div className="flex-1">
          <h1 className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">{name}</h1>
          <p className="mt-1 text-cocoa-700">
            {BRAND_TYPE_LABELS[kitchen.brandType] ?? kitchen.brandType}
            {kitchen.speciality ? ` · ${kitchen.speciality}` : ''}
          </p>
          <p className="mt-1 text-sm text-cocoa-700">
            <RatingLine rating={kitchen.rating} />
          </p>
          {kitchen.profileDescription ? <p className="mt-4 max-w-2xl leading-relaxed text-cocoa-800">{kitchen.profileDescription}</p> : null}
        </div>
      </header>

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

      <section aria-labelledby="upcoming-heading" className="space-y-8">
        <div>
          <h2 id="upcoming-heading" className="font-display text-3xl font-semibold text-cocoa-900">
            Upcoming menus
          </h2>
          <p className="mt-1 text-sm text-cocoa-700">
            Times are in the kitchen&apos;s time zone ({kitchen.timeZone.replace(/_/g, ' ')}). Prices in {kitchen.currencyCode}.
          </p>
        </div>
        {kitchen.dates.length === 0 ? (
          <p className="rounded-3xl bg-white p-6 text-cocoa-800 shadow-card">
            {name} has no menus for the coming days. Check back soon.
          </p>
        ) : (
          kitchen.dates.map((date) => (
            <section key={date.date} aria-labelledby={`date-${date.date}`} className="space-y-6 rounded-3xl bg-cream-100 p-6">
              <h2 id={`date-${date.date}`} className="font-display text-2xl font-semibold text-cocoa-900">
                <time dateTime={date.date}>{date.label}</time>
              </h2>
              {date.menus.map((menu) => (
                <MenuOnDate key={menu.menuId} kitchen={kitchen} date={date} menu={menu} itemActions={itemActions} />
              ))}
            </section>
          ))
        )}
      </section>
    </div>
  );
}
