import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { DeliveryOption, formatMoney, MAX_ORDER_QUANTITY } from '@hearth/shared';
import { ADD_TO_CART_INTENT, IN_PLACE_FIELD, draftTotal, readAddToCart } from '~/lib/cart/add-to-cart';
import type { AddToCartErrors, AddToCartOutcome, AddToCartValues } from '~/lib/cart/add-to-cart';
import type { ItemDate, PricingOption } from '~/lib/catalog/catalog';
import { formatAmount, isPositiveAmount } from '~/lib/format/money';
import { DateChips } from './date-chips';
import { FieldError, FormAlert } from './form-feedback';
import { useHydrated, useNotify } from './notifications';
import { buttonClass, inputClass, linkClass } from './ui';

const legendClass = 'text-sm font-semibold text-cocoa-800';
const radioClass = 'h-4 w-4 text-ember-700 focus:ring-ember-700/30';

/** The dish a form adds: what the running total needs to price it by the shared rules. */
export interface CartDish {
  id: string;
  name: string;
  currencyCode: string;
  /** Item-level delivery fee (decimal string); charged once per kitchen, date and first slot. */
  deliveryFees: string | null;
  pricingOptions: PricingOption[];
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The total as the form stands. With JavaScript it is worked out as you tick (the shared pricing
 * rules); without, the page says how it is worked out and the cart shows the exact amount.
 */
function RunningTotal({
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
    if (fetcher.state === 'idle' && fetcher.data?.ok) notify({ kind: 'positive', text: fetcher.data.message });
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
      <FormFields
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

function FormFields({
  dish,
  dates,
  deliveryOptions,
  zone,
  values,
  errors,
  formErrors,
  compact,
  busy,
}: {
  dish: CartDish;
  dates: ItemDate[];
  deliveryOptions: DeliveryOption[];
  zone: string;
  values: AddToCartValues;
  errors: AddToCartErrors;
  formErrors: string[];
  compact: boolean;
  busy: boolean;
}) {
  // The running total reads the form as it changes; the fields themselves stay plain HTML.
  const [draft, setDraft] = useState<AddToCartValues>(values);
  const prefix = `add-${dish.id}`;
  const errorId = (field: keyof AddToCartErrors) => (errors[field] ? `${prefix}-${field}-error` : undefined);
  const catering = dates.some((d) => d.orderable && d.catering);
  // The kitchen page's card lists the prices already; the item page's form is where the price is shown.
  const single = compact && dish.pricingOptions.length === 1 ? dish.pricingOptions[0] : null;
  return (
    <div
      className="space-y-4"
      onChange={(e) => {
        const form = (e.target as HTMLInputElement).form;
        if (form) setDraft(readAddToCart(new FormData(form)));
      }}
    >
      <FormAlert messages={formErrors} id={`${prefix}-form-errors`} />
      {single ? (
        <input type="hidden" name="pricingOption" value={single.id} />
      ) : (
        <fieldset aria-describedby={errorId('pricingOption')}>
          <legend className={legendClass}>Portion</legend>
          <div className={`mt-2 ${compact ? 'flex flex-wrap gap-2' : 'space-y-2'}`}>
            {dish.pricingOptions.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-3 rounded-2xl border border-cocoa-700/15 px-4 py-2.5 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-50"
              >
                <input
                  type="radio"
                  name="pricingOption"
                  value={option.id}
                  defaultChecked={values.pricingOption === option.id}
                  className={radioClass}
                />
                <span className="flex-1 text-cocoa-900">
                  {option.quantity} {option.measurement}
                  <span className="text-sm text-cocoa-600"> · serves {option.serves}</span>
                </span>
                <span className="font-semibold text-cocoa-900">
                  {formatAmount(option.chefPrice, option.currencyCode || dish.currencyCode)}
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${prefix}-pricingOption-error`} message={errors.pricingOption} />
        </fieldset>
      )}

      <DateChips
        idPrefix={prefix}
        dates={dates}
        zone={zone}
        chosen={new Set(values.slots)}
        describedBy={errorId('slots')}
      />
      <FieldError id={`${prefix}-slots-error`} message={errors.slots} />

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        {deliveryOptions.length > 1 ? (
          <fieldset aria-describedby={errorId('deliveryOption')}>
            <legend className={legendClass}>How you get it</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {deliveryOptions.map((option) => (
                <label key={option} className="flex items-center gap-2 text-cocoa-900">
                  <input
                    type="radio"
                    name="deliveryOption"
                    value={option}
                    defaultChecked={values.deliveryOption === option}
                    className={radioClass}
                  />
                  {option === DeliveryOption.DELIVERY ? 'Delivery' : 'Pickup'}
                </label>
              ))}
            </div>
          </fieldset>
        ) : deliveryOptions.length === 1 ? (
          <p className="text-sm text-cocoa-800">
            <input type="hidden" name="deliveryOption" value={deliveryOptions[0]} />
            {deliveryOptions[0] === DeliveryOption.DELIVERY ? 'Delivery only' : 'Pickup only'}
          </p>
        ) : null}
        <div>
          <label htmlFor={`${prefix}-orderQuantity`} className={legendClass}>
            Quantity
          </label>
          <input
            id={`${prefix}-orderQuantity`}
            name="orderQuantity"
            type="number"
            min={1}
            max={MAX_ORDER_QUANTITY}
            step={1}
            inputMode="numeric"
            defaultValue={values.orderQuantity}
            aria-invalid={errors.orderQuantity ? true : undefined}
            aria-describedby={errorId('orderQuantity')}
            className={`${inputClass} mt-1.5 w-24 py-1.5`}
          />
        </div>
        {catering ? (
          <label className="flex items-center gap-2 pb-2 text-sm font-semibold text-cocoa-800">
            <input
              type="checkbox"
              name="isCateringItem"
              defaultChecked={values.isCateringItem}
              className="h-5 w-5 rounded border-cocoa-700/40 text-ember-700"
            />
            Catering order (for an event)
          </label>
        ) : null}
      </div>
      <FieldError id={`${prefix}-deliveryOption-error`} message={errors.deliveryOption} />
      <FieldError id={`${prefix}-orderQuantity-error`} message={errors.orderQuantity} />
      <FieldError id={`${prefix}-isCateringItem-error`} message={errors.isCateringItem} />

      <RunningTotal dish={dish} values={draft} deliveryOptions={deliveryOptions} />

      <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={busy}>
        {busy ? 'Adding…' : 'Add to cart'}
        <span className="sr-only">: {dish.name}</span>
      </button>
    </div>
  );
}
