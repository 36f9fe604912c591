import { DEFAULTS, PaymentMethod, type Problem } from '@hearth/shared';
import { mapFieldErrors } from '../forms/field-errors';

export const CHECKOUT_FIELDS = [
  'contactName',
  'contactEmail',
  'contactPhone',
  'deliveryAddressId',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipcode',
  'country',
  'deliveryNote',
  'pickup',
  'note',
  'paymentMethod',
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** Every payment method (spec §9) with its label and a short hint; the API says which a cart is offered. */
export const PAYMENT_METHODS = [
  {
    value: PaymentMethod.STRIPE_CARD,
    label: 'Card',
    hint: 'Pay now by credit or debit card on Stripe’s secure page.',
  },
  {
    value: PaymentMethod.GOOGLE,
    label: 'Google Pay',
    hint: 'Pay now with Google Pay on Stripe’s secure page.',
  },
  { value: PaymentMethod.PAYPAL, label: 'PayPal', hint: 'Pay now with your PayPal account.' },
  {
    value: PaymentMethod.CASH_FREE,
    label: 'Cashfree',
    hint: 'Pay now by UPI, card or net banking on Cashfree’s page.',
  },
  { value: PaymentMethod.PAYTM, label: 'Paytm', hint: 'Pay now with Paytm on Cashfree’s page.' },
  {
    value: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    label: 'Cash on pickup/delivery',
    hint: 'Pay the chef in cash when you collect your food or it is brought to you.',
  },
] as const;

/** One method as the API reports it for the cart (`GET order/payment-methods`). */
export interface PaymentMethodOption {
  method: string;
  label: string;
  gateway: string;
  offered: boolean;
  reason: string | null;
  testMode: boolean;
}

/** When the API cannot be asked which methods the cart has: cash, as before online payments. */
export const CASH_ONLY: PaymentMethodOption[] = [
  {
    method: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    label: 'Cash on pickup or delivery',
    gateway: 'cash',
    offered: true,
    reason: null,
    testMode: false,
  },
];

/** The checkout form as sent, kept to show it again after a refusal. */
export interface CheckoutValues {
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  /** A saved address id, `new`, or '' when nothing is delivered. */
  deliveryAddressId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  deliveryNote: string;
  /** cartItemId → pickupLocationId. */
  pickup: Record<string, string>;
  note: string;
  paymentMethod: string;
  idempotencyKey: string;
}

/** The body of `POST order` (the API re-prices everything; no amount is sent). */
export interface CheckoutBody {
  contact: { name: string; email: string; phone: string };
  deliveryAddressId?: string;
  deliveryAddress?: {
    name: string;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    state: string | null;
    zipcode: string | null;
    country: string;
    deliveryNote: string | null;
  };
  pickupLocations?: { cartItemId: string; pickupLocationId: string }[];
  note?: string;
  paymentMethod: string;
  idempotencyKey: string;
}

export const PICKUP_PREFIX = 'pickup.';

export function readCheckout(form: FormData): CheckoutValues {
  const str = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const pickup: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith(PICKUP_PREFIX) && typeof value === 'string' && value)
      pickup[key.slice(PICKUP_PREFIX.length)] = value;
  }
  return {
    contactName: str('contactName'),
    contactEmail: str('contactEmail'),
    contactPhone: str('contactPhone'),
    deliveryAddressId: str('deliveryAddressId'),
    addressLine1: str('addressLine1'),
    addressLine2: str('addressLine2'),
    city: str('city'),
    state: str('state'),
    zipcode: str('zipcode'),
    country: str('country') || DEFAULTS.country,
    deliveryNote: str('deliveryNote'),
    pickup,
    note: str('note'),
    paymentMethod: str('paymentMethod'),
    idempotencyKey: str('idempotencyKey'),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The API's body for the form. Checked here only what the form must carry for the API to understand it
 * (the checkout key, a payment method); every other rule is the API's, whose words come back beside
 * the fields.
 */
export function toCheckoutBody(
  values: CheckoutValues,
): { ok: true; body: CheckoutBody } | { ok: false; formErrors: string[]; fieldErrors: CheckoutErrors } {
  if (!UUID.test(values.idempotencyKey)) {
    return {
      ok: false,
      formErrors: ['This checkout form has expired. Please review your order and place it again.'],
      fieldErrors: {},
    };
  }
  if (!PAYMENT_METHODS.some((m) => m.value === values.paymentMethod)) {
    return { ok: false, formErrors: [], fieldErrors: { paymentMethod: 'Choose how you will pay.' } };
  }
  const body: CheckoutBody = {
    contact: { name: values.contactName, email: values.contactEmail, phone: values.contactPhone },
    paymentMethod: values.paymentMethod,
    idempotencyKey: values.idempotencyKey,
  };
  if (values.deliveryAddressId === 'new') {
    body.deliveryAddress = {
      name: DEFAULTS.addressName,
      addressLine1: values.addressLine1,
      addressLine2: values.addressLine2 || null,
      city: values.city,
      state: values.state || null,
      zipcode: values.zipcode || null,
      country: values.country,
      deliveryNote: values.deliveryNote || null,
    };
  } else if (values.deliveryAddressId) {
    body.deliveryAddressId = values.deliveryAddressId;
  }
  const pickups = Object.entries(values.pickup).map(([cartItemId, pickupLocationId]) => ({
    cartItemId,
    pickupLocationId,
  }));
  if (pickups.length) body.pickupLocations = pickups;
  if (values.note) body.note = values.note;
  return { ok: true, body };
}

/** Names of the API's fields (`contact.name`, `deliveryAddress.city`, …) as the form's. */
function formField(apiField: string): string {
  if (apiField.startsWith('contact.')) {
    const sub = apiField.slice('contact.'.length);
    return `contact${sub.charAt(0).toUpperCase()}${sub.slice(1)}`;
  }
  if (apiField.startsWith('deliveryAddress.'))
    return apiField.slice('deliveryAddress.'.length).split(/[.[]/)[0];
  if (apiField === 'deliveryAddress') return 'addressLine1';
  if (apiField.startsWith('pickupLocations')) return 'pickup';
  return apiField;
}

/** Field errors of a 400 from `POST order`, beside the form's fields. */
export function mapCheckoutProblem(problem: Problem | null) {
  const fieldErrors = (problem?.fieldErrors ?? []).map((f) => ({
    ...f,
    field: formField(String(f.field ?? '')),
  }));
  return mapFieldErrors(problem ? { ...problem, fieldErrors } : null, CHECKOUT_FIELDS);
}
