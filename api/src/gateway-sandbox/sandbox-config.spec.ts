import { describe, expect, it } from 'vitest';
import { loadSandboxConfig, SANDBOX_DEFAULTS } from './sandbox-config.js';

describe('loadSandboxConfig', () => {
  it('runs with no settings on development credentials, keeping state in var/', () => {
    const config = loadSandboxConfig({});
    expect(config).toMatchObject({
      port: 8190,
      host: '127.0.0.1',
      publicUrl: null,
      stateFile: 'var/gateway-sandbox/state.json',
      stripe: { secretKey: SANDBOX_DEFAULTS.STRIPE_SECRET_KEY, webhookUrl: null },
    });
  });

  it("takes its own variables first, then the API's gateway variables, so one .env configures both", () => {
    const config = loadSandboxConfig({
      STRIPE_WEBHOOK_SECRET: 'whsec_from_api',
      PAYPAL_WEBHOOK_ID: 'WH-API',
      GATEWAY_SANDBOX_PAYPAL_WEBHOOK_ID: 'WH-OWN',
      GATEWAY_SANDBOX_WEBHOOK_URL_STRIPE:
        'http://127.0.0.1:8080/services/publisher/api/order/stripe/callback/',
      GATEWAY_SANDBOX_STATE_FILE: 'memory',
    });
    expect(config.stripe.webhookSecret).toBe('whsec_from_api');
    expect(config.paypal.webhookId).toBe('WH-OWN');
    expect(config.stripe.webhookUrl).toBe(
      'http://127.0.0.1:8080/services/publisher/api/order/stripe/callback',
    );
    expect(config.stateFile).toBeNull();
  });

  it('names every wrong variable in one error', () => {
    expect(() =>
      loadSandboxConfig({
        GATEWAY_SANDBOX_PORT: 'eighty',
        GATEWAY_SANDBOX_WEBHOOK_URL_PAYPAL: 'ftp://x',
        STRIPE_WEBHOOK_SECRET: 'not-a-whsec',
      }),
    ).toThrow(/GATEWAY_SANDBOX_PORT=.*\| GATEWAY_SANDBOX_WEBHOOK_URL_PAYPAL=.*\| STRIPE_WEBHOOK_SECRET/);
  });
});
