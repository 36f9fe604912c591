import { FieldError } from '~/components/form-feedback';
import { labelClass } from '~/components/ui';
import { PAYMENT_METHODS } from '~/lib/cart/checkout';
import type { CheckoutErrors, PaymentMethodOption } from '~/lib/cart/checkout';
import { CheckoutField, checkoutCard } from './checkout-field';
import type { CheckoutInput } from './checkout-field';

/**
 * A note for the chef and how the order is paid: a radio button for each method the API offers for this
 * cart (with a hint), and below them why the others are not offered. Online methods go on to the gateway's
 * own page; a gateway that is the local sandbox is labelled, since no money moves there.
 */
export function PaymentSection({
  errors,
  input,
  methods,
  chosen,
}: {
  errors: CheckoutErrors;
  input: CheckoutInput;
  methods: PaymentMethodOption[];
  chosen?: string;
}) {
  const offered = methods.filter((m) => m.offered);
  const notOffered = methods.filter((m) => !m.offered && m.reason);
  const selected = offered.some((m) => m.method === chosen) ? chosen : offered[0]?.method;
  const online = offered.some((m) => m.gateway !== 'cash');
  return (
    <div className={checkoutCard}>
      <CheckoutField id="checkout-note" label="Note for the chef (optional)" error={errors.note}>
        <textarea rows={3} maxLength={1000} {...input('note')} />
      </CheckoutField>
      <fieldset
        className="mt-6 space-y-2"
        aria-describedby={
          [
            errors.paymentMethod ? 'checkout-paymentMethod-error' : '',
            notOffered.length ? 'payment-not-offered' : '',
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <legend className={labelClass}>Payment</legend>
        {offered.length === 0 ? (
          <p className="text-sm text-cocoa-700">No payment method can be used for this cart.</p>
        ) : null}
        {offered.map((m) => {
          const known = PAYMENT_METHODS.find((p) => p.value === m.method);
          return (
            <label
              key={m.method}
              className="flex items-start gap-3 rounded-2xl border border-ember-700 bg-ember-50 px-4 py-3"
            >
              <input
                type="radio"
                name="paymentMethod"
                value={m.method}
                defaultChecked={m.method === selected}
                className="mt-1 h-4 w-4 text-ember-700"
              />
              <span>
                <span className="font-semibold text-cocoa-900">{known?.label ?? m.label}</span>
                {m.testMode ? (
                  <span className="ml-2 rounded-full bg-cocoa-100 px-2 py-0.5 text-xs font-semibold text-cocoa-800">
                    Test gateway — no money moves
                  </span>
                ) : null}
                {known ? <span className="block text-sm text-cocoa-700">{known.hint}</span> : null}
              </span>
            </label>
          );
        })}
        <FieldError id="checkout-paymentMethod-error" message={errors.paymentMethod} />
        {notOffered.length ? (
          <ul id="payment-not-offered" className="mt-3 space-y-1 text-sm text-cocoa-700">
            {notOffered.map((m) => (
              <li key={m.method}>{m.reason}</li>
            ))}
          </ul>
        ) : null}
        {online ? (
          <p className="mt-3 text-sm text-cocoa-700">
            Paying online, you finish on the payment provider’s page; your order is held for you while you
            pay. Hearth’s service share is included in the prices you see.
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
