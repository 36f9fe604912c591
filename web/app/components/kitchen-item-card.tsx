import type { ReactNode } from 'react';
import { DELIVERY_OPTION_LABELS, FOOD_TYPE_LABELS, formatPrice } from '~/lib/chef-format';
import type { KitchenItem } from '~/lib/chef-types';

function pictureUrl(item: KitchenItem): string | null {
  const picture = item.pictures[0];
  if (!picture) return null;
  return picture.sizes.find((s) => s.width === 400)?.url ?? picture.url;
}

/** Why an item of a date cannot be ordered, or null when it can. */
export function unavailableReason(item: KitchenItem, dateOrderable: boolean): string | null {
  if (item.soldOut) return 'Sold out';
  if (!dateOrderable) return 'Past cut-off';
  if (!item.orderable) return 'Not available';
  return null;
}

/**
 * One item of a date on the kitchen page: picture, name, pricing options in the chef's currency, how it
 * can be had, and whether it can still be ordered.
 *
 * `actions` is the slot for what a customer can do with the item (the add-to-cart form); it is shown
 * under the prices only when given.
 */
export function KitchenItemCard({
  item,
  currencyCode,
  dateOrderable,
  headingLevel = 4,
  actions,
}: {
  item: KitchenItem;
  currencyCode: string;
  dateOrderable: boolean;
  headingLevel?: 3 | 4 | 5;
  actions?: ReactNode;
}) {
  const src = pictureUrl(item);
  const reason = unavailableReason(item, dateOrderable);
  const Heading = `h${headingLevel}` as 'h4';
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-3xl border border-cocoa-700/10 bg-white shadow-card ${reason ? 'opacity-80' : ''}`}
      aria-label={item.name}
      data-testid="kitchen-item"
    >
      {src ? (
        <img src={src} alt={item.name} width={400} height={300} loading="lazy" className="aspect-[4/3] w-full bg-cream-200 object-cover" />
      ) : (
        <div aria-hidden="true" className="flex aspect-[4/3] w-full items-center justify-center bg-cream-200 text-5xl">
          🍲
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading className="font-display text-lg font-semibold text-cocoa-900">{item.name}</Heading>
          {reason ? (
            <span className="shrink-0 rounded-full bg-cocoa-800 px-2.5 py-0.5 text-xs font-semibold text-white">{reason}</span>
          ) : item.remaining !== null && item.remaining <= 3 ? (
            <span className="shrink-0 rounded-full bg-ember-100 px-2.5 py-0.5 text-xs font-semibold text-ember-800">
              {item.remaining} left
            </span>
          ) : null}
        </div>
        {item.description ? <p className="line-clamp-3 text-sm text-cocoa-700">{item.description}</p> : null}
        {item.foodType.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Food type">
            {item.foodType.map((f) => (
              <li key={f} className="rounded-full bg-sage-100 px-2 py-0.5 text-xs font-semibold text-sage-700">
                {FOOD_TYPE_LABELS[f] ?? f}
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="space-y-1 text-sm" aria-label="Prices">
          {item.pricingOptions.map((o) => (
            <li key={o.id} className="flex justify-between gap-3">
              <span className="text-cocoa-800">
                {o.quantity} {o.measurement} · serves {o.serves}
              </span>
              <span className="font-semibold text-cocoa-900">{formatPrice(o.chefPrice, o.currencyCode || currencyCode)}</span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-cocoa-600">
          {item.fulfilmentOptions.length
            ? item.fulfilmentOptions.map((o) => DELIVERY_OPTION_LABELS[o] ?? o).join(' or ')
            : 'No pickup or delivery on this date'}
        </p>
        {actions ? <div className="mt-auto pt-2">{actions}</div> : null}
      </div>
    </article>
  );
}
