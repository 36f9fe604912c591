import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/gateway-sandbox/sandbox-config.js';

/** scripts/gateways.mjs: which gateways `npm start` and the e2e stack use (plain JS, loaded as it runs). */
interface Plan {
  sandbox: boolean;
  configured: string[];
  env: Record<string, string>;
  sandboxEnv?: Record<string, string>;
}
interface GatewaysScript {
  planGateways(options: {
    env: Record<string, string | undefined>;
    dotEnv: Record<string, string>;
    sandboxKeys: Record<string, string>;
    sandboxUrl: string;
    apiUrl: string;
  }): Plan;
  gatewayVariablesFromDotEnv(file: string): Record<string, string>;
}

const SANDBOX = 'http://127.0.0.1:8190';
const API = 'http://127.0.0.1:8080';
let script: GatewaysScript;
let dir: string;

beforeAll(async () => {
  const file = pathToFileURL(join(__dirname, '..', '..', '..', 'scripts', 'gateways.mjs')).href;
  script = (await import(file)) as GatewaysScript;
  dir = await mkdtemp(join(tmpdir(), 'hearth-gateways-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const plan = (env: Record<string, string | undefined>, dotEnv: Record<string, string> = {}) =>
  script.planGateways({
    env,
    dotEnv,
    sandboxKeys: { ...SANDBOX_DEFAULTS },
    sandboxUrl: SANDBOX,
    apiUrl: API,
  });

describe('planGateways (npm start, the e2e stack)', () => {
  it('with no gateway variable anywhere, runs the sandbox: development keys, every *_API_BASE, webhooks to the API', () => {
    const p = plan({ PATH: '/usr/bin', DATABASE_URL: 'postgres://x' });
    expect(p.sandbox).toBe(true);
    expect(p.env).toEqual({
      ...SANDBOX_DEFAULTS,
      STRIPE_API_BASE: SANDBOX,
      PAYPAL_API_BASE: SANDBOX,
      CASHFREE_API_BASE: SANDBOX,
      CASHFREE_PAYOUT_API_BASE: SANDBOX,
    });
    expect(p.sandboxEnv).toEqual({
      GATEWAY_SANDBOX_WEBHOOK_URL_STRIPE: `${API}/services/publisher/api/order/stripe/callback`,
      GATEWAY_SANDBOX_WEBHOOK_URL_PAYPAL: `${API}/services/publisher/api/order/paypal/callback`,
      GATEWAY_SANDBOX_WEBHOOK_URL_CASHFREE: `${API}/services/publisher/api/order/cash-free/callback`,
      GATEWAY_SANDBOX_WEBHOOK_URL_CASHFREE_PAYOUT: `${API}/services/publisher/api/order/cash-free/payout-callback`,
    });
  });

  it('with real Stripe keys in the environment and nothing else, starts no sandbox and injects nothing: only Stripe, real', () => {
    const p = plan({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PAYPAL_CLIENT_ID: ' ',
    });
    expect(p).toEqual({ sandbox: false, configured: ['stripe'], env: {} });
  });

  it('reads gateway keys from .env (which nothing else loads) and passes them on; the environment wins', () => {
    const p = plan(
      { PAYPAL_CLIENT_ID: 'from-env' },
      { PAYPAL_CLIENT_ID: 'from-file', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' },
    );
    expect(p).toEqual({
      sandbox: false,
      configured: ['paypal'],
      env: { PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' },
    });
  });

  it('counts a *_API_BASE set by hand as configured (someone runs the sandbox themselves)', () => {
    expect(plan({ CASHFREE_API_BASE: 'https://sandbox.cashfree.com' }).sandbox).toBe(false);
  });

  it('takes only the non-empty gateway variables of a .env file', async () => {
    const file = join(dir, '.env');
    await writeFile(
      file,
      [
        '# comment',
        'NODE_ENV=development',
        'STRIPE_SECRET_KEY=sk_test_abc',
        'STRIPE_WEBHOOK_SECRET="whsec_abc"',
        'PAYPAL_CLIENT_ID=',
        '# CASHFREE_APP_ID=commented',
      ].join('\n'),
    );
    expect(script.gatewayVariablesFromDotEnv(file)).toEqual({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(script.gatewayVariablesFromDotEnv(join(dir, 'missing.env'))).toEqual({});
  });
});
