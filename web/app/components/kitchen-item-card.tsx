import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { KitchenDish } from '~/lib/catalog/catalog';
import { DELIVERY_OPTION_LABELS, FOOD_TYPE_LABELS, formatPrice } from '~/lib/format/chef-format';
import type { KitchenItem } from '~/lib/chef/chef-types';
import { itemHref } from './search-results';
import { linkClass } from './ui';

function pictureUrl(item: KitchenItem): string | null {
  const picture = item.pictures[0];
  if (!picture) return null;
  return picture.sizes.find((s) => s.width === 400)?.url ?? picture.url;
}

/** Why a dish cannot be ordered on any of its upcoming dates, or null when it can on one. */
function unavailableReason(dish: KitchenDish): string | null {
  if (dish.dates.some((d) => d.orderable)) return null;
  if (dish.dates.length && dish.dates.every((d) => d.soldOut)) return 'Sold out';
  return 'Orders closed';
}

/**
 * One dish of the kitchen page, once, whatever number of dates it is cooked on: picture, name, tags,
 * pricing options in the chef's currency, how it can be had, and the slot for the customer's order form
 * (its dates as chips). `id` is `dish-{itemId}`, so a form post without JavaScript comes back to it.
 */
export function KitchenItemCard({
  dish,
  currencyCode,
  order,
}: {
  dish: KitchenDish;
  currencyCode: string;
  /** The add-to-cart form (with the date chips); shown under the prices when given. */
  order?: ReactNode;
}) {
  const { item } = dish;
  const src = pictureUrl(item);
  const reason = unavailableReason(dish);
  const ways = [...new Set(dish.dates.flatMap((d) => d.fulfilmentOptions))];
  return (
    <article
      id={`dish-${item.id}`}
      className="grid scroll-mt-24 gap-5 rounded-3xl border border-cocoa-700/10 bg-white p-4 shadow-card sm:p-5 md:grid-cols-[12rem_1fr]"
      aria-label={item.name}
      data-testid="kitchen-item"
    >
      {src ? (
        <img
          src={src}
          alt={item.name}
          width={400}
          height={300}
          loading="lazy"
          className="h-40 w-full rounded-2xl bg-cream-200 object-cover md:aspect-[4/3] md:h-auto"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-24 w-full items-center justify-center rounded-2xl bg-cream-200 text-5xl md:aspect-[4/3] md:h-auto"
        >
          🍲
        </div>
      )}
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 className="font-display text-xl font-semibold text-cocoa-900">
            <Link to={itemHref(item.id)} className={`${linkClass} no-underline`}>
              {item.name}
            </Link>
          </h3>
          {reason ? (
            <span className="shrink-0 rounded-full bg-cocoa-800 px-2.5 py-0.5 text-xs font-semibold text-white">
              {reason}
            </span>
          ) : null}
        </div>
        {item.description ? <p className="line-clamp-3 text-sm text-cocoa-700">{item.description}</p> : null}
        {item.foodType.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Food type">
            {item.foodType.map((f) => (
              <li
                key={f}
                className="rounded-full bg-sage-100 px-2 py-0.5 text-xs font-semibold text-sage-700"
              >
                {FOOD_TYPE_LABELS[f] ?? f}
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Prices">
          {item.pricingOptions.map((o) => (
            <li key={o.id}>
              <span className="text-cocoa-800">
                {o.quantity} {o.measurement} · serves {o.serves}
              </span>{' '}
              <span className="font-semibold text-cocoa-900">
                {formatPrice(o.chefPrice, o.currencyCode || currencyCode)}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-cocoa-600">
          {ways.length
            ? ways.map((o) => DELIVERY_OPTION_LABELS[o] ?? o).join(' or ')
            : 'No pickup or delivery'}
        </p>
        {order ? <div className="border-t border-cocoa-700/10 pt-4">{order}</div> : null}
      </div>
    </article>
  );
}
