import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { DeliveryOption } from '@hearth/shared';
import { ADD_TO_CART_INTENT, IN_PLACE_FIELD } from '~/lib/cart/add-to-cart';
import type { AddToCartOutcome, AddToCartValues } from '~/lib/cart/add-to-cart';
import type { ItemDate } from '~/lib/catalog/catalog';
import { AddToCartFields } from './add-to-cart/add-to-cart-fields';
import type { CartDish } from './add-to-cart/cart-dish';
import { useHydrated, useNotify } from './notifications';
import { linkClass } from './ui';

/**
 * The add-to-cart form of a dish (item page, and each dish of the kitchen page): portion, dates as
 * chips, pickup or delivery, quantity, catering, and a running total. With JavaScript it adds in place
 * (a fetcher; the header's cart count follows as the root loader revalidates) and says what it added;
 * without, it posts to the page's action, which comes back to this page with the same words.
 */
export function AddToCartForm({
  dish,
  dates,
  deliveryOptions,
  zone,
  result,
  preselectDate = null,
  anchor,
  compact = false,
}: {
  dish: CartDish;
  dates: ItemDate[];
  deliveryOptions: DeliveryOption[];
  /** The kitchen's zone: cut-offs are written in it. */
  zone: string;
  /** The page's action answer without JavaScript (shown only when it is about this dish). */
  result?: AddToCartOutcome | null;
  /** A date the visitor came for (`?date=`): its only slot starts ticked. */
  preselectDate?: string | null;
  /** The id of the element to come back to without JavaScript (`#dish-…`). */
  anchor?: string;
  /** The kitchen page's smaller form, without its own heading. */
  compact?: boolean;
}) {
  const fetcher = useFetcher<AddToCartOutcome>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const notify = useNotify();
  const outcome = fetcher.data ?? (result?.itemId === dish.id ? result : null);
  const refusal = outcome && !outcome.ok ? outcome : null;
  const added = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data.message : null;

  // Once per answer (the same words twice in a row are two adds, two notifications).
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok)
      notify({ kind: 'positive', text: fetcher.data.message });
  }, [fetcher.state, fetcher.data, notify]);

  const orderable = dates.filter((d) => d.orderable);
  const preselected = orderable.find((d) => d.date === preselectDate && d.slots.length === 1);
  const defaults: AddToCartValues = {
    pricingOption: dish.pricingOptions[0]?.id ?? '',
    slots: preselected ? [`${preselected.date}|${preselected.slots[0].slot}`] : [],
    orderQuantity: '1',
    deliveryOption: deliveryOptions.includes(DeliveryOption.DELIVERY)
      ? DeliveryOption.DELIVERY
      : (deliveryOptions[0] ?? ''),
    isCateringItem: false,
  };
  const values = refusal?.values ?? defaults;
  const headingId = `order-${dish.id}-heading`;

  if (orderable.length === 0) {
    return (
      <div className="rounded-3xl bg-cream-200/60 p-5 text-sm text-cocoa-800">
        <p className="font-semibold text-cocoa-900">Not on sale for the coming days.</p>
        <p className="mt-1">
          {dates.length
            ? 'Orders for its dates have closed or it sold out.'
            : 'The chef has not put it on an upcoming menu yet.'}{' '}
          Save the kitchen as a favourite to find it again.
        </p>
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      aria-labelledby={compact ? undefined : headingId}
      aria-label={compact ? `Order ${dish.name}` : undefined}
      className={compact ? 'space-y-4' : 'space-y-5 rounded-3xl bg-white p-5 shadow-card md:p-6'}
    >
      {compact ? null : (
        <h2 id={headingId} className="font-display text-2xl font-semibold text-cocoa-900">
          Order {dish.name}
        </h2>
      )}
      <input type="hidden" name="intent" value={ADD_TO_CART_INTENT} />
      <input type="hidden" name="itemId" value={dish.id} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}${anchor ? `#${anchor}` : ''}`} />
      {/* Only a script can take the answer in place; without one the action comes back to this page. */}
      {hydrated ? <input type="hidden" name={IN_PLACE_FIELD} value="1" /> : null}
      {/* A refusal remounts the fields with what was sent. */}
      <AddToCartFields
        key={JSON.stringify(refusal?.values ?? null)}
        dish={dish}
        dates={dates}
        deliveryOptions={deliveryOptions}
        zone={zone}
        values={values}
        errors={refusal?.fieldErrors ?? {}}
        formErrors={refusal?.formErrors ?? []}
        compact={compact}
        busy={fetcher.state !== 'idle'}
      />
      {added ? (
        <p role="status" className="text-sm font-semibold text-sage-700">
          ✓ {added}.{' '}
          <Link to="/l/cart" className={linkClass}>
            See your cart
          </Link>
        </p>
      ) : null}
    </fetcher.Form>
  );
}
