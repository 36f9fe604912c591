import { DeliveryOption, formatMoney } from '@hearth/shared';
import { draftTotal } from '~/lib/cart/add-to-cart';
import type { AddToCartValues } from '~/lib/cart/add-to-cart';
import { formatAmount, isPositiveAmount } from '~/lib/format/money';
import { useHydrated } from '../notifications';
import type { CartDish } from './cart-dish';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The total as the form stands. With JavaScript it is worked out as you tick (the shared pricing
 * rules); without, the page says how it is worked out and the cart shows the exact amount.
 */
export function RunningTotal({
  dish,
  values,
  deliveryOptions,
}: {
  dish: CartDish;
  values: AddToCartValues;
  deliveryOptions: readonly string[];
}) {
  const hydrated = useHydrated();
  const fee = isPositiveAmount(dish.deliveryFees, dish.currencyCode)
    ? formatAmount(dish.deliveryFees, dish.currencyCode)
    : null;
  const feeRule =
    fee && deliveryOptions.includes(DeliveryOption.DELIVERY)
      ? `, plus ${fee} delivery per date (once per date for all of this kitchen's dishes)`
      : '';
  if (!hydrated) {
    return (
      <p className="text-sm text-cocoa-700" data-testid="total-rule">
        Total: the portion&apos;s price × quantity × each date you tick{feeRule}. Your cart shows the exact
        total.
      </p>
    );
  }
  const total = draftTotal(
    values,
    {
      id: dish.id,
      name: dish.name,
      currencyCode: dish.currencyCode,
      deliveryFees: dish.deliveryFees,
      options: dish.pricingOptions,
    },
    deliveryOptions,
  );
  const money = (minor: number) => (total ? formatMoney(minor, total.currencyCode) : '');
  return (
    <div
      aria-live="polite"
      className="rounded-2xl bg-cream-100 px-4 py-3 text-sm text-cocoa-800"
      data-testid="running-total"
    >
      {total ? (
        <>
          <p>
            {money(total.unitPrice)} × {total.quantity} × {plural(total.slotCount, 'date')} ={' '}
            {money(total.itemsTotal)}
          </p>
          {total.deliveryFees > 0 ? (
            <p>
              Delivery {fee} × {plural(total.trips, 'date')} = {money(total.deliveryFees)}
            </p>
          ) : null}
          <p className="mt-1 text-base font-semibold text-cocoa-900">
            Total <span data-testid="running-total-amount">{money(total.total)}</span>
          </p>
        </>
      ) : (
        <p>Tick a date to see the total.</p>
      )}
    </div>
  );
}
