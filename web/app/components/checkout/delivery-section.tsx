import { FieldError } from '~/components/form-feedback';
import { COUNTRY_NAMES, formatAddress } from '~/lib/account/address';
import type { Address } from '~/lib/account/address';
import type { CheckoutErrors } from '~/lib/cart/checkout';
import { CheckoutField, checkoutCard } from './checkout-field';
import type { CheckoutInput } from './checkout-field';

const choiceClass =
  'flex cursor-pointer items-start gap-3 rounded-2xl border border-cocoa-700/15 px-4 py-3 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-50';

/** Where the delivered lines go: a saved address, or a new one typed here (used only when chosen). */
export function DeliverySection({
  addresses,
  choice,
  errors,
  input,
}: {
  addresses: Address[];
  /** The address ticked: what a failed submit chose, else the one in use, else the first, else `new`. */
  choice: string;
  errors: CheckoutErrors;
  input: CheckoutInput;
}) {
  return (
    <section className={checkoutCard} aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Delivery address
      </h2>
      <div
        className="mt-4 space-y-2"
        role="radiogroup"
        aria-labelledby="delivery-heading"
        aria-describedby={errors.deliveryAddressId ? 'checkout-deliveryAddressId-error' : undefined}
      >
        {addresses.map((a) => (
          <label key={a.id} className={choiceClass}>
            <input
              type="radio"
              name="deliveryAddressId"
              value={a.id}
              defaultChecked={choice === a.id}
              className="mt-1 h-4 w-4 text-ember-700"
            />
            <span>
              <span className="font-semibold text-cocoa-900">{a.name}</span>
              <span className="block text-sm text-cocoa-700">{formatAddress(a)}</span>
            </span>
          </label>
        ))}
        <label className={choiceClass}>
          <input
            type="radio"
            name="deliveryAddressId"
            value="new"
            defaultChecked={choice === 'new'}
            className="mt-1 h-4 w-4 text-ember-700"
          />
          <span>
            <span className="font-semibold text-cocoa-900">A new address</span>
            <span className="block text-sm text-cocoa-700">
              Fill in the fields below; they are used only when this is chosen.
            </span>
          </span>
        </label>
      </div>
      <FieldError id="checkout-deliveryAddressId-error" message={errors.deliveryAddressId} />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <CheckoutField
          id="checkout-addressLine1"
          label="Address line 1"
          error={errors.addressLine1}
          className="sm:col-span-2"
        >
          <input type="text" autoComplete="address-line1" {...input('addressLine1')} />
        </CheckoutField>
        <CheckoutField
          id="checkout-addressLine2"
          label="Address line 2"
          error={errors.addressLine2}
          className="sm:col-span-2"
        >
          <input type="text" autoComplete="address-line2" {...input('addressLine2')} />
        </CheckoutField>
        <CheckoutField id="checkout-city" label="City" error={errors.city}>
          <input type="text" autoComplete="address-level2" {...input('city')} />
        </CheckoutField>
        <CheckoutField id="checkout-state" label="State" error={errors.state}>
          <input type="text" autoComplete="address-level1" {...input('state')} />
        </CheckoutField>
        <CheckoutField id="checkout-zipcode" label="Zip code" error={errors.zipcode}>
          <input type="text" autoComplete="postal-code" {...input('zipcode')} />
        </CheckoutField>
        <CheckoutField id="checkout-country" label="Country" error={errors.country}>
          <select autoComplete="country-name" {...input('country', 'United States')}>
            {COUNTRY_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </CheckoutField>
        <CheckoutField
          id="checkout-deliveryNote"
          label="Note for the driver"
          error={errors.deliveryNote}
          className="sm:col-span-2"
        >
          <input type="text" {...input('deliveryNote')} />
        </CheckoutField>
      </div>
    </section>
  );
}
