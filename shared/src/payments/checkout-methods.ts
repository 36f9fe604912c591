import { PaymentGateway, PaymentMethod } from '../enums/index.js';
import { toMinor } from '../money/index.js';

/** The facts about one kitchen of the cart that decide which payment methods its order can use. */
export interface CheckoutKitchenFacts {
  kitchenName: string;
  /** The chef's PAYMENT_PREFERENCES setting. */
  paymentPreferences: readonly PaymentMethod[];
  /** A Stripe connected account (payout_account, gateway 'stripe') with charges enabled. */
  stripeReady: boolean;
  /** A Cashfree payout beneficiary registered for the kitchen (bank_beneficiary.registered_at). */
  cashfreeBeneficiary: boolean;
  /** The chef's CASH_MAX_ORDER_VALUE (decimal string in the order's currency); null: no limit. */
  cashMaxOrderValue: string | null;
}

/** Everything {@link checkoutMethods} decides on; read by the API from the cart, settings and env. */
export interface CheckoutMethodFacts {
  currencyCode: string;
  /** The order total as a decimal string in `currencyCode`. */
  orderTotal: string;
  kitchens: readonly CheckoutKitchenFacts[];
  /** Which gateways the platform has configured (keys set). */
  gateways: { stripe: boolean; paypal: boolean; cashfree: boolean };
  /** The customer's no-shows (cash dates not collected) within `windowDays`, and the limit. */
  noShows: { count: number; limit: number; windowDays: number };
}

/** One method of the checkout: offered, or not with one sentence saying why. */
export interface CheckoutMethodOption {
  method: PaymentMethod;
  label: string;
  /** Which gateway takes the payment ('cash': none). */
  gateway: PaymentGateway;
  offered: boolean;
  /** Why it is not offered ("Cash isn't offered: …"); null when offered. */
  reason: string | null;
}

/** Every method, in the order the checkout lists them, with its label and home gateway. */
export const CHECKOUT_METHODS: readonly { method: PaymentMethod; label: string; gateway: PaymentGateway }[] =
  [
    { method: PaymentMethod.STRIPE_CARD, label: 'Card', gateway: PaymentGateway.STRIPE },
    { method: PaymentMethod.GOOGLE, label: 'Google Pay', gateway: PaymentGateway.STRIPE },
    { method: PaymentMethod.PAYPAL, label: 'PayPal', gateway: PaymentGateway.PAYPAL },
    { method: PaymentMethod.CASH_FREE, label: 'Cashfree', gateway: PaymentGateway.CASH_FREE },
    { method: PaymentMethod.PAYTM, label: 'Paytm', gateway: PaymentGateway.CASH_FREE },
    {
      method: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
      label: 'Cash on pickup or delivery',
      gateway: PaymentGateway.CASH,
    },
  ];

const GATEWAY_NAMES: Record<PaymentGateway, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  'cash-free': 'Cashfree',
  cash: 'cash',
};

/** The gateway a method is paid through. */
export function gatewayOf(method: PaymentMethod): PaymentGateway {
  return CHECKOUT_METHODS.find((m) => m.method === method)?.gateway ?? PaymentGateway.CASH;
}

function names(kitchens: readonly CheckoutKitchenFacts[]): string {
  const all = kitchens.map((k) => k.kitchenName);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/** The first rule a method breaks, as the end of "X isn't offered: …"; null when none. */
function refusal(facts: CheckoutMethodFacts, method: PaymentMethod, gateway: PaymentGateway): string | null {
  const currency = facts.currencyCode.toUpperCase();
  const refusing = facts.kitchens.filter((k) => !k.paymentPreferences.includes(method));
  const refused = () => `${names(refusing)} ${refusing.length > 1 ? "don't" : "doesn't"} accept it`;
  if (gateway === PaymentGateway.CASH) {
    if (refusing.length > 0) return refused();
    const { count, limit, windowDays } = facts.noShows;
    if (count >= limit)
      return `${count} ${count === 1 ? 'order was' : 'orders were'} not collected in the last ${windowDays} days`;
    const total = toMinor(facts.orderTotal, currency);
    const over = facts.kitchens.filter(
      (k) => k.cashMaxOrderValue !== null && total > toMinor(k.cashMaxOrderValue, currency),
    );
    if (over.length > 0) {
      const k = over[0];
      return `the order total ${facts.orderTotal} ${currency} is over ${k.kitchenName}'s cash limit of ${k.cashMaxOrderValue} ${currency}`;
    }
    return null;
  }
  const configured =
    gateway === PaymentGateway.STRIPE
      ? facts.gateways.stripe
      : gateway === PaymentGateway.PAYPAL
        ? facts.gateways.paypal
        : facts.gateways.cashfree;
  if (!configured) return `payments through ${GATEWAY_NAMES[gateway]} are not set up on Hearth`;
  if (gateway === PaymentGateway.CASH_FREE && currency !== 'INR') return 'it takes payments in INR only';
  if (gateway === PaymentGateway.PAYPAL && currency === 'INR') return "it doesn't take payments in INR";
  if (refusing.length > 0) return refused();
  if (gateway === PaymentGateway.STRIPE) {
    const notReady = facts.kitchens.filter((k) => !k.stripeReady);
    if (notReady.length > 0) return `${names(notReady)} can't receive card payments yet`;
  }
  if (gateway === PaymentGateway.CASH_FREE) {
    const notReady = facts.kitchens.filter((k) => !k.cashfreeBeneficiary);
    if (notReady.length > 0) return `${names(notReady)} can't receive Cashfree payments yet`;
  }
  return null;
}

/**
 * Which payment methods (spec §9) a checkout offers. A method is offered only if the platform has its gateway
 * configured, the currency fits the gateway (Cashfree: INR only; PayPal: not INR; Stripe: any), every kitchen
 * of the cart accepts it (PAYMENT_PREFERENCES), and every kitchen can be paid through it (a Stripe
 * connected account with charges enabled; a registered Cashfree beneficiary). Cash also needs the order
 * total within every kitchen's CASH_MAX_ORDER_VALUE and a customer with fewer no-shows than the limit.
 * Each method not offered carries one sentence saying why (the first of these rules it breaks, in this
 * order), for the checkout page and the API's refusal.
 */
export function checkoutMethods(facts: CheckoutMethodFacts): CheckoutMethodOption[] {
  return CHECKOUT_METHODS.map(({ method, label, gateway }) => {
    const why = facts.kitchens.length === 0 ? 'your cart is empty' : refusal(facts, method, gateway);
    const name = gateway === PaymentGateway.CASH ? 'Cash' : label;
    return {
      method,
      label,
      gateway,
      offered: why === null,
      reason: why === null ? null : `${name} isn't offered: ${why}.`,
    };
  });
}
