import { describe, expect, it } from 'vitest';
import { CASHFREE_PRODUCTION_API_BASE, loadGatewayConfig, PAYPAL_LIVE_API_BASE } from './gateway-config.js';

describe('loadGatewayConfig', () => {
  it('offers no gateway when no keys are set', () => {
    expect(loadGatewayConfig({})).toEqual({
      stripe: null,
      paypal: null,
      cashfree: null,
      cashfreePayout: null,
    });
  });

  it('talks to the real gateways when keys are set and no base is overridden', () => {
    const config = loadGatewayConfig({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      CASHFREE_APP_ID: 'app',
      CASHFREE_SECRET_KEY: 'key',
      CASHFREE_PAYOUT_CLIENT_ID: 'pid',
      CASHFREE_PAYOUT_CLIENT_SECRET: 'psecret',
    });
    expect(config.stripe?.apiBase).toBeNull();
    expect(config.paypal?.apiBase).toBe(PAYPAL_LIVE_API_BASE);
    expect(config.cashfree?.apiBase).toBe(CASHFREE_PRODUCTION_API_BASE);
    expect(config.cashfreePayout?.apiBase).toBe(CASHFREE_PRODUCTION_API_BASE);
  });

  it('points every client at the sandbox through the *_API_BASE variables', () => {
    const config = loadGatewayConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:8190/',
      CASHFREE_APP_ID: 'app',
      CASHFREE_SECRET_KEY: 'key',
      CASHFREE_API_BASE: 'http://127.0.0.1:8190',
      CASHFREE_PAYOUT_CLIENT_ID: 'pid',
      CASHFREE_PAYOUT_CLIENT_SECRET: 'psecret',
    });
    expect(config.stripe?.apiBase).toBe('http://127.0.0.1:8190');
    expect(config.cashfreePayout?.apiBase).toBe('http://127.0.0.1:8190');
    expect(config.paypal).toBeNull();
  });

  it('refuses a half-configured gateway and malformed values, naming them', () => {
    expect(() =>
      loadGatewayConfig({
        STRIPE_SECRET_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PAYPAL_CLIENT_ID: 'id',
        CASHFREE_API_BASE: 'nope',
      }),
    ).toThrow(
      /PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID must be set together with PAYPAL_CLIENT_ID.*CASHFREE_API_BASE.*STRIPE_SECRET_KEY must be/,
    );
  });
});
