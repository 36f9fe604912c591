import type { CheckoutErrors } from '~/lib/cart/checkout';
import { CheckoutField, checkoutCard } from './checkout-field';
import type { CheckoutInput } from './checkout-field';

/** Who the chef contacts about the order; filled from the account. */
export function ContactSection({
  contact,
  errors,
  input,
}: {
  contact: { name: string; email: string; phone: string };
  errors: CheckoutErrors;
  input: CheckoutInput;
}) {
  return (
    <section className={checkoutCard} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Contact details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <CheckoutField id="checkout-contactName" label="Name" error={errors.contactName}>
          <input type="text" autoComplete="name" {...input('contactName', contact.name)} />
        </CheckoutField>
        <CheckoutField id="checkout-contactEmail" label="Email" error={errors.contactEmail}>
          <input type="email" autoComplete="email" {...input('contactEmail', contact.email)} />
        </CheckoutField>
        <CheckoutField id="checkout-contactPhone" label="Phone" error={errors.contactPhone}>
          <input type="tel" autoComplete="tel" {...input('contactPhone', contact.phone)} />
        </CheckoutField>
      </div>
    </section>
  );
}
