import { Form, useLocation, useNavigation } from '@remix-run/react';
import { DeliveryOption } from '@hearth/shared';
import type { AddToCartErrors, AddToCartValues } from '~/lib/add-to-cart';
import { MAX_ORDER_QUANTITY } from '~/lib/add-to-cart';
import type { ItemDate, PricingOption } from '~/lib/catalog';
import { dayLabel, instantLabel } from '~/lib/dates';
import { formatAmount } from '~/lib/money';
import { FieldError, FormAlert } from './form-feedback';
import { buttonClass, inputClass, labelClass } from './ui';

const legendClass = 'text-sm font-semibold text-cocoa-800';
const checkClass = 'h-5 w-5 rounded border-cocoa-700/40 text-ember-700 focus:ring-ember-700/30';

/** The add-to-cart form of an item: portion, dates and slots, pickup or delivery, quantity, catering. */
export function AddToCartForm({
  itemName,
  pricingOptions,
  dates,
  deliveryOptions,
  timeZone,
  values,
  preselectDate = null,
  errors = {},
  formErrors = [],
}: {
  itemName: string;
  pricingOptions: PricingOption[];
  dates: ItemDate[];
  deliveryOptions: DeliveryOption[];
  timeZone: string;
  values: AddToCartValues | null;
  /** A date the visitor came for (the kitchen page's "Add to cart"): its only slot starts ticked. */
  preselectDate?: string | null;
  errors?: AddToCartErrors;
  formErrors?: string[];
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add-to-cart';
  const orderable = dates.filter((d) => d.orderable);
  const closed = dates.filter((d) => !d.orderable);
  const catering = orderable.some((d) => d.catering);
  const defaultDelivery = deliveryOptions.includes(DeliveryOption.DELIVERY)
    ? DeliveryOption.DELIVERY
    : deliveryOptions[0];
  const preselected = orderable.find((d) => d.date === preselectDate && d.slots.length === 1);
  const chosen = new Set(
    values?.slots ?? (preselected ? [`${preselected.date}|${preselected.slots[0].slot}`] : []),
  );
  const described = (field: keyof AddToCartErrors) => (errors[field] ? `add-${field}-error` : undefined);

  if (orderable.length === 0) {
    return (
      <div className="rounded-3xl bg-cream-200/60 p-5 text-cocoa-800">
        <p className="font-semibold text-cocoa-900">Not on the menu for the next days.</p>
        <p className="mt-1 text-sm">
          {closed.length
            ? 'Orders for its dates have closed.'
            : 'The chef has not put it on an upcoming menu yet.'}{' '}
          Save the kitchen as a favourite to find it again.
        </p>
      </div>
    );
  }

  return (
    <Form
      method="post"
      className="space-y-5 rounded-3xl bg-white p-5 shadow-card md:p-6"
      aria-labelledby="add-to-cart-heading"
      key={`${location.key}:${JSON.stringify(values)}`}
    >
      <h2 id="add-to-cart-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Order {itemName}
      </h2>
      <input type="hidden" name="intent" value="add-to-cart" />
      <FormAlert messages={formErrors} id="add-form-errors" />

      <fieldset aria-describedby={described('pricingOption')}>
        <legend className={legendClass}>Portion</legend>
        <div className="mt-2 space-y-2">
          {pricingOptions.map((option, i) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-3 rounded-2xl border border-cocoa-700/15 px-4 py-3 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-50"
            >
              <input
                type="radio"
                name="pricingOption"
                value={option.id}
                defaultChecked={values ? values.pricingOption === option.id : i === 0}
                className="h-4 w-4 text-ember-700 focus:ring-ember-700/30"
              />
              <span className="flex-1 text-cocoa-900">
                {option.quantity} {option.measurement}
                <span className="text-sm text-cocoa-600"> · serves {option.serves}</span>
              </span>
              <span className="font-semibold text-cocoa-900">
                {formatAmount(option.chefPrice, option.currencyCode)}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="add-pricingOption-error" message={errors.pricingOption} />
      </fieldset>

      <fieldset aria-describedby={described('slots')}>
        <legend className={legendClass}>Dates and time slots</legend>
        <p className="mt-1 text-xs text-cocoa-600">
          Tick every slot you want: the price counts each date and slot.
        </p>
        <div className="mt-2 space-y-3">
          {orderable.map((d) => (
            <fieldset key={d.date} className="rounded-2xl border border-cocoa-700/15 px-4 py-3">
              <legend className="px-1 font-semibold text-cocoa-900">{dayLabel(d.date)}</legend>
              <p className="text-xs text-cocoa-600">
                Order by {instantLabel(d.cutoffAt, timeZone)}
                {d.remaining !== null ? ` · ${d.remaining} left` : ''}
              </p>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {d.slots.map((s) => {
                  const value = `${d.date}|${s.slot}`;
                  const id = `slot-${d.date}-${s.slot}`;
                  return (
                    <div key={s.slot} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        id={id}
                        name="slot"
                        value={value}
                        defaultChecked={chosen.has(value)}
                        className={checkClass}
                      />
                      <label htmlFor={id} className="text-sm text-cocoa-800">
                        {s.startLabel && s.endLabel ? `${s.startLabel} – ${s.endLabel}` : s.label}
                        <span className="sr-only"> on {dayLabel(d.date)}</span>
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <FieldError id="add-slots-error" message={errors.slots} />
      </fieldset>

      {deliveryOptions.length > 0 ? (
        <fieldset aria-describedby={described('deliveryOption')}>
          <legend className={legendClass}>How you get it</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {deliveryOptions.map((option) => (
              <label key={option} className="flex items-center gap-2 text-cocoa-900">
                <input
                  type="radio"
                  name="deliveryOption"
                  value={option}
                  defaultChecked={(values?.deliveryOption || defaultDelivery) === option}
                  className="h-4 w-4 text-ember-700 focus:ring-ember-700/30"
                />
                {option === DeliveryOption.DELIVERY ? 'Delivery' : 'Pickup'}
              </label>
            ))}
          </div>
          <FieldError id="add-deliveryOption-error" message={errors.deliveryOption} />
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="add-orderQuantity" className={labelClass}>
            Quantity
          </label>
          <input
            id="add-orderQuantity"
            name="orderQuantity"
            type="number"
            min={1}
            max={MAX_ORDER_QUANTITY}
            step={1}
            inputMode="numeric"
            defaultValue={values?.orderQuantity ?? '1'}
            aria-invalid={errors.orderQuantity ? true : undefined}
            aria-describedby={described('orderQuantity')}
            className={inputClass}
          />
          <FieldError id="add-orderQuantity-error" message={errors.orderQuantity} />
        </div>
        {catering ? (
          <div className="flex items-center gap-3 self-end pb-3">
            <input
              type="checkbox"
              id="add-isCateringItem"
              name="isCateringItem"
              defaultChecked={values?.isCateringItem}
              className={checkClass}
            />
            <label htmlFor="add-isCateringItem" className="text-sm font-semibold text-cocoa-800">
              Catering order (for an event)
            </label>
          </div>
        ) : null}
      </div>
      <FieldError id="add-isCateringItem-error" message={errors.isCateringItem} />

      <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={busy}>
        {busy ? 'Adding…' : 'Add to cart'}
      </button>

      {closed.length ? (
        <p className="text-xs text-cocoa-600">
          Also on the menu:{' '}
          {closed.map((d) => `${dayLabel(d.date)} (${d.closedReason?.toLowerCase()})`).join(', ')}.
        </p>
      ) : null}
    </Form>
  );
}
