import type { ReactNode } from 'react';
import { FieldError } from '~/components/form-feedback';
import { inputClass, labelClass } from '~/components/ui';
import type { CheckoutErrors, CheckoutField as CheckoutFieldName, CheckoutValues } from '~/lib/cart/checkout';

/** A labelled input of the checkout form with its error under it. */
export function CheckoutField({
  id,
  label,
  error,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The props of one checkout input: its name, what was typed (or `fallback`), and its error's wiring. */
export type CheckoutInput = (
  name: CheckoutFieldName,
  fallback?: string,
) => {
  id: string;
  name: CheckoutFieldName;
  defaultValue: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** Inputs that show what a failed submit sent (`values`) and its errors. */
export function checkoutInput(values: CheckoutValues | undefined, errors: CheckoutErrors): CheckoutInput {
  return (name, fallback = '') => ({
    id: `checkout-${name}`,
    name,
    defaultValue: values ? String(values[name as keyof CheckoutValues] ?? '') : fallback,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `checkout-${name}-error` : undefined,
    className: inputClass,
  });
}

/** A white card of the checkout form. */
export const checkoutCard = 'rounded-3xl bg-white p-5 shadow-card md:p-6';
