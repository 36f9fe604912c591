import { dayLabel } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { inputClass, labelClass } from '~/components/ui';
import { formatAddress } from '~/lib/account/address';
import { PICKUP_PREFIX } from '~/lib/cart/checkout';
import type { CheckoutErrors } from '~/lib/cart/checkout';
import type { PickupPlace } from '~/lib/catalog/catalog';
import { checkoutCard } from './checkout-field';

/** A cart line with pickup dates, and the places its kitchen lets customers collect from. */
export interface PickupLine {
  cartItemId: string;
  itemName: string;
  kitchenName: string;
  dates: string[];
  /** The place chosen in the cart, if any. */
  chosen: string | null;
  places: PickupPlace[];
}

function placeLabel(p: PickupPlace): string {
  return [
    p.name,
    formatAddress({
      address: p.address,
      addressLine1: p.addressLine1,
      addressLine2: p.addressLine2,
      city: p.city,
      state: p.state,
      zipcode: p.zipcode,
    }),
  ]
    .filter(Boolean)
    .join(' — ');
}

/** Where each pickup line is collected: the choice of a failed submit, the cart's, the primary place, the first. */
export function PickupSection({
  pickups,
  chosen,
  errors,
}: {
  pickups: PickupLine[];
  /** Places a failed submit chose, by cart line. */
  chosen: Record<string, string> | undefined;
  errors: CheckoutErrors;
}) {
  return (
    <section className={checkoutCard} aria-labelledby="pickup-heading">
      <h2 id="pickup-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Pickup
      </h2>
      <FieldError id="checkout-pickup-error" message={errors.pickup} />
      <div className="mt-4 space-y-4">
        {pickups.map((p) => {
          const id = `checkout-pickup-${p.cartItemId}`;
          const place =
            chosen?.[p.cartItemId] ??
            p.chosen ??
            p.places.find((x) => x.isPrimary)?.id ??
            p.places[0]?.id ??
            '';
          return (
            <div key={p.cartItemId}>
              <label htmlFor={id} className={labelClass}>
                Where to pick up {p.itemName} ({p.kitchenName}, {p.dates.map(dayLabel).join(', ')})
              </label>
              {p.places.length ? (
                <select
                  id={id}
                  name={`${PICKUP_PREFIX}${p.cartItemId}`}
                  defaultValue={place}
                  className={inputClass}
                  aria-describedby={errors.pickup ? 'checkout-pickup-error' : undefined}
                >
                  {p.places.map((x) => (
                    <option key={x.id} value={x.id}>
                      {placeLabel(x)}
                    </option>
                  ))}
                </select>
              ) : (
                <p id={id} className="text-sm text-cocoa-700">
                  The chef will tell you where to collect it.
                </p>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
