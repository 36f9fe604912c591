import { useState } from 'react';
import { DeliveryOption, MAX_ORDER_QUANTITY } from '@hearth/shared';
import { readAddToCart } from '~/lib/cart/add-to-cart';
import type { AddToCartErrors, AddToCartValues } from '~/lib/cart/add-to-cart';
import type { ItemDate } from '~/lib/catalog/catalog';
import { DateChips } from '../date-chips';
import { FieldError, FormAlert } from '../form-feedback';
import { buttonClass, inputClass } from '../ui';
import type { CartDish } from './cart-dish';
import { legendClass, radioClass } from './classes';
import { PortionChoice } from './portion-choice';
import { RunningTotal } from './running-total';

/** The fields of the add-to-cart form: portion, dates, how you get it, quantity, catering, total, button. */
export function AddToCartFields({
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
        <PortionChoice
          dish={dish}
          chosen={values.pricingOption}
          compact={compact}
          error={errors.pricingOption}
          errorId={`${prefix}-pricingOption-error`}
          describedBy={errorId('pricingOption')}
        />
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
