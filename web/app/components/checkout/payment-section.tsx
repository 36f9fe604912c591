import { FieldError } from '~/components/form-feedback';
import { labelClass } from '~/components/ui';
import { PAYMENT_METHODS } from '~/lib/cart/checkout';
import type { CheckoutErrors } from '~/lib/cart/checkout';
import { CheckoutField, checkoutCard } from './checkout-field';
import type { CheckoutInput } from './checkout-field';

/** A note for the chef and how the order is paid (cash on pickup or delivery, today). */
export function PaymentSection({ errors, input }: { errors: CheckoutErrors; input: CheckoutInput }) {
  return (
    <div className={checkoutCard}>
      <CheckoutField id="checkout-note" label="Note for the chef (optional)" error={errors.note}>
        <textarea rows={3} maxLength={1000} {...input('note')} />
      </CheckoutField>
      <fieldset
        className="mt-6"
        aria-describedby={errors.paymentMethod ? 'checkout-paymentMethod-error' : undefined}
      >
        <legend className={labelClass}>Payment</legend>
        {PAYMENT_METHODS.map((m) => (
          <label
            key={m.value}
            className="flex items-start gap-3 rounded-2xl border border-ember-700 bg-ember-50 px-4 py-3"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={m.value}
              defaultChecked
              className="mt-1 h-4 w-4 text-ember-700"
            />
            <span>
              <span className="font-semibold text-cocoa-900">{m.label}</span>
              <span className="block text-sm text-cocoa-700">{m.hint}</span>
            </span>
          </label>
        ))}
        <FieldError id="checkout-paymentMethod-error" message={errors.paymentMethod} />
      </fieldset>
    </div>
  );
}
