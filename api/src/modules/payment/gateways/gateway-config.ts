/**
 * The payment gateways' settings, read from the environment. A gateway whose keys are unset is null (not
 * offered). With real keys and no `*_API_BASE`, the clients talk to the real gateways; the `*_API_BASE`
 * variables point them at the local gateway sandbox (`api/src/gateway-sandbox`, docs/payments.md) with no
 * code change.
 */
export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:8190 for the sandbox; null: api.stripe.com. */
  apiBase: string | null;
}

export interface PayPalGatewayConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com (live, the default), https://api-m.sandbox.paypal.com, or the local sandbox. */
  apiBase: string;
}

export interface CashfreeGatewayConfig {
  appId: string;
  secretKey: string;
  /** Origin without /pg: https://api.cashfree.com (the default), https://sandbox.cashfree.com, or the local sandbox. */
  apiBase: string;
}

export interface CashfreePayoutGatewayConfig {
  clientId: string;
  clientSecret: string;
  /** Origin without /payout; defaults to CASHFREE_API_BASE, else https://api.cashfree.com. */
  apiBase: string;
}

export interface GatewayConfig {
  stripe: StripeGatewayConfig | null;
  paypal: PayPalGatewayConfig | null;
  cashfree: CashfreeGatewayConfig | null;
  cashfreePayout: CashfreePayoutGatewayConfig | null;
}

export const PAYPAL_LIVE_API_BASE = 'https://api-m.paypal.com';
export const CASHFREE_PRODUCTION_API_BASE = 'https://api.cashfree.com';

/**
 * Reads the gateway settings; throws one Error naming every wrong variable (a half-configured gateway,
 * a malformed base URL).
 */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const problems: string[] = [];
  const value = (key: string): string | null => env[key]?.trim() || null;
  const base = (key: string): string | null => {
    const raw = value(key);
    if (raw === null) return null;
    try {
      const u = new URL(raw);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    } catch {
      problems.push(`${key}=${JSON.stringify(raw)} must be an http or https URL`);
    }
    return raw.replace(/\/+$/, '');
  };
  /** All of `keys` set, or none (then null). */
  const group = (keys: string[]): string[] | null => {
    const values = keys.map(value);
    if (values.every((v) => v === null)) return null;
    const unset = keys.filter((_, i) => values[i] === null);
    if (unset.length > 0) {
      problems.push(
        `${unset.join(', ')} must be set together with ${keys.filter((k) => !unset.includes(k)).join(', ')}`,
      );
      return null;
    }
    return values as string[];
  };

  const stripeKeys = group(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  const paypalKeys = group(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']);
  const cashfreeKeys = group(['CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY']);
  const payoutKeys = group(['CASHFREE_PAYOUT_CLIENT_ID', 'CASHFREE_PAYOUT_CLIENT_SECRET']);
  const stripeBase = base('STRIPE_API_BASE');
  const paypalBase = base('PAYPAL_API_BASE') ?? PAYPAL_LIVE_API_BASE;
  const cashfreeBase = base('CASHFREE_API_BASE') ?? CASHFREE_PRODUCTION_API_BASE;
  const payoutBase = base('CASHFREE_PAYOUT_API_BASE') ?? cashfreeBase;

  if (stripeKeys && !/^(sk|rk)_(test|live)_/.test(stripeKeys[0])) {
    problems.push('STRIPE_SECRET_KEY must be a secret or restricted key (sk_test_…, sk_live_…, rk_…)');
  }
  if (stripeKeys && !stripeKeys[1].startsWith('whsec_'))
    problems.push('STRIPE_WEBHOOK_SECRET must start with whsec_');
  if (problems.length > 0) throw new Error(`Invalid payment gateway configuration: ${problems.join(' | ')}`);

  return {
    stripe: stripeKeys
      ? { secretKey: stripeKeys[0], webhookSecret: stripeKeys[1], apiBase: stripeBase }
      : null,
    paypal: paypalKeys
      ? {
          clientId: paypalKeys[0],
          clientSecret: paypalKeys[1],
          webhookId: paypalKeys[2],
          apiBase: paypalBase,
        }
      : null,
    cashfree: cashfreeKeys
      ? { appId: cashfreeKeys[0], secretKey: cashfreeKeys[1], apiBase: cashfreeBase }
      : null,
    cashfreePayout: payoutKeys
      ? { clientId: payoutKeys[0], clientSecret: payoutKeys[1], apiBase: payoutBase }
      : null,
  };
}
