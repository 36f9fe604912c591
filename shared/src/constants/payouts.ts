import { PaymentMethod } from '../enums/index.js';
import { findCountry } from './countries.js';

/** A way a kitchen is paid out (spec §9 chef settings keys CASH_FREE, STRIPE, PAYPAL). */
export type PayoutGateway = 'CASH_FREE' | 'STRIPE' | 'PAYPAL';

const isIndia = (country: string | null | undefined) => findCountry(country)?.code === 'IN';

/**
 * How a kitchen in this country is paid out: Cashfree to an Indian bank account (account number and IFSC)
 * in India; Stripe or PayPal everywhere else.
 */
export function payoutGatewaysFor(country: string | null | undefined): readonly PayoutGateway[] {
  return isIndia(country) ? ['CASH_FREE'] : ['STRIPE', 'PAYPAL'];
}

/**
 * The payment methods (spec §9) a kitchen in this country may offer: Paytm and Cashfree are Indian, PayPal
 * and Stripe cards are for the other countries; Google Pay and cash on pickup or delivery are everywhere.
 */
export function paymentMethodsFor(country: string | null | undefined): readonly PaymentMethod[] {
  const local: readonly PaymentMethod[] = isIndia(country)
    ? [PaymentMethod.PAYTM, PaymentMethod.CASH_FREE]
    : [PaymentMethod.PAYPAL, PaymentMethod.STRIPE_CARD];
  return Object.values(PaymentMethod).filter(
    (m) => local.includes(m) || m === PaymentMethod.GOOGLE || m === PaymentMethod.CASH_ON_PICKUP_DELIVERY,
  );
}
