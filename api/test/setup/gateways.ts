import { API_PREFIX } from '@hearth/shared';
import {
  startGatewaySandbox,
  type RunningGatewaySandbox,
} from '../../src/gateway-sandbox/gateway-sandbox.js';
import { loadSandboxConfig, type SandboxConfig } from '../../src/gateway-sandbox/sandbox-config.js';

/** Test credentials the sandbox accepts and signs with, and the API uses (shaped like real keys). */
export const TEST_GATEWAY_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_hearth_tests',
  STRIPE_WEBHOOK_SECRET: 'whsec_hearth_tests_stripe_secret',
  PAYPAL_CLIENT_ID: 'hearth-tests-paypal-client',
  PAYPAL_CLIENT_SECRET: 'hearth-tests-paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-HEARTH-TESTS',
  CASHFREE_APP_ID: 'hearth-tests-cashfree-app',
  CASHFREE_SECRET_KEY: 'hearth-tests-cashfree-secret',
  CASHFREE_PAYOUT_CLIENT_ID: 'hearth-tests-cashfree-payout',
  CASHFREE_PAYOUT_CLIENT_SECRET: 'hearth-tests-cashfree-payout-secret',
} as const;

/** Where each gateway's webhooks reach the API (paths under API_PREFIX). */
export const CALLBACK_PATHS = {
  stripe: 'order/stripe/callback',
  paypal: 'order/paypal/callback',
  cashfree: 'order/cash-free/callback',
  cashfreePayout: 'order/cash-free/payout-callback',
} as const;

export interface TestGateways {
  sandbox: RunningGatewaySandbox;
  /** The running sandbox's settings; webhook targets may be changed while it runs. */
  config: SandboxConfig;
  /** Env for `createTestApp(env)` (and a worker): the keys and every `*_API_BASE` pointing at the sandbox. */
  apiEnv: Record<string, string>;
  /** Sends every gateway's webhooks to the API listening at `apiOrigin` (e.g. http://127.0.0.1:41234). */
  pointWebhooksAt(apiOrigin: string | null): void;
  close(): Promise<void>;
}

/**
 * The local gateway sandbox for a test file: any free port, state in memory, quick webhook retries. Start
 * it before the API (whose gateway clients read `apiEnv`), then `pointWebhooksAt` the API's address.
 */
export async function startTestGateways(options: { retryDelayMs?: number; attempts?: number } = {}) {
  const config = loadSandboxConfig({
    ...TEST_GATEWAY_KEYS,
    GATEWAY_SANDBOX_PORT: '0',
    GATEWAY_SANDBOX_HOST: '127.0.0.1',
    GATEWAY_SANDBOX_LOG_LEVEL: 'silent',
    GATEWAY_SANDBOX_STATE_FILE: 'memory',
    GATEWAY_SANDBOX_WEBHOOK_RETRY_DELAY_MS: String(options.retryDelayMs ?? 50),
    GATEWAY_SANDBOX_WEBHOOK_ATTEMPTS: String(options.attempts ?? 5),
    GATEWAY_SANDBOX_EXPIRY_SWEEP_MS: '200',
  });
  const sandbox = await startGatewaySandbox(config);
  const gateways: TestGateways = {
    sandbox,
    config,
    apiEnv: {
      ...TEST_GATEWAY_KEYS,
      STRIPE_API_BASE: sandbox.url,
      PAYPAL_API_BASE: sandbox.url,
      CASHFREE_API_BASE: sandbox.url,
      CASHFREE_PAYOUT_API_BASE: sandbox.url,
    },
    pointWebhooksAt(apiOrigin) {
      const at = (path: string) => (apiOrigin ? `${apiOrigin}${API_PREFIX}/${path}` : null);
      config.stripe.webhookUrl = at(CALLBACK_PATHS.stripe);
      config.paypal.webhookUrl = at(CALLBACK_PATHS.paypal);
      config.cashfree.webhookUrl = at(CALLBACK_PATHS.cashfree);
      config.cashfree.payoutWebhookUrl = at(CALLBACK_PATHS.cashfreePayout);
    },
    close: () => sandbox.close(),
  };
  return gateways;
}
