/**
 * Settings of the local payment gateway sandbox, read from GATEWAY_SANDBOX_* variables. The credentials
 * the sandbox accepts and signs with fall back to the API's own gateway variables (STRIPE_SECRET_KEY,
 * PAYPAL_CLIENT_ID, …), so one `.env` configures both sides alike, and then to fixed development values.
 */
export interface SandboxConfig {
  port: number;
  host: string;
  /** Origin the browser and the SDKs reach the sandbox at; unset: the address it listens on. */
  publicUrl: string | null;
  /** JSON file that keeps the state across sandbox restarts; null: memory only. */
  stateFile: string | null;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  stripe: { secretKey: string; webhookSecret: string; webhookUrl: string | null };
  paypal: { clientId: string; clientSecret: string; webhookId: string; webhookUrl: string | null };
  cashfree: {
    appId: string;
    secretKey: string;
    webhookUrl: string | null;
    payoutClientId: string;
    payoutClientSecret: string;
    payoutWebhookUrl: string | null;
  };
  /** Webhook delivery: attempts in all, and the first retry's delay (doubled after each failure). */
  webhookAttempts: number;
  webhookRetryDelayMs: number;
  /** How often open Checkout Sessions / orders past their expiry are expired (and announced). */
  expirySweepMs: number;
}

/** Development credentials used when nothing is set; the API's gateway clients default to the same. */
export const SANDBOX_DEFAULTS = {
  STRIPE_SECRET_KEY: 'sk_test_hearth_sandbox',
  STRIPE_WEBHOOK_SECRET: 'whsec_hearth_sandbox_stripe_webhook_secret',
  PAYPAL_CLIENT_ID: 'hearth-sandbox-paypal-client',
  PAYPAL_CLIENT_SECRET: 'hearth-sandbox-paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-HEARTH-SANDBOX',
  CASHFREE_APP_ID: 'hearth-sandbox-cashfree-app',
  CASHFREE_SECRET_KEY: 'hearth-sandbox-cashfree-secret',
  CASHFREE_PAYOUT_CLIENT_ID: 'hearth-sandbox-cashfree-payout',
  CASHFREE_PAYOUT_CLIENT_SECRET: 'hearth-sandbox-cashfree-payout-secret',
} as const;

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;

/**
 * Reads the settings; throws one Error whose message names every wrong variable, so a bad setting stops
 * the boot with a sentence an operator can act on.
 */
export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const problems: string[] = [];
  const value = (key: string): string | undefined => {
    const v = env[key]?.trim();
    return v ? v : undefined;
  };
  const secret = (own: string, apiKey: keyof typeof SANDBOX_DEFAULTS): string =>
    value(own) ?? value(apiKey) ?? SANDBOX_DEFAULTS[apiKey];
  const integer = (key: string, fallback: number, min: number, max: number): number => {
    const raw = value(key);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${key}=${JSON.stringify(raw)} must be a whole number from ${min} to ${max}`);
    }
    return n;
  };
  const url = (key: string): string | null => {
    const raw = value(key);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    } catch {
      problems.push(`${key}=${JSON.stringify(raw)} must be an http or https URL`);
    }
    return raw.replace(/\/+$/, '');
  };
  const logLevel = (value('GATEWAY_SANDBOX_LOG_LEVEL') ?? value('LOG_LEVEL') ?? 'info') as
    SandboxConfig['logLevel'] | string;
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(
      `GATEWAY_SANDBOX_LOG_LEVEL=${JSON.stringify(logLevel)} must be one of ${LOG_LEVELS.join(', ')}`,
    );
  }

  const config: SandboxConfig = {
    port: integer('GATEWAY_SANDBOX_PORT', 8190, 0, 65535),
    host: value('GATEWAY_SANDBOX_HOST') ?? '127.0.0.1',
    publicUrl: url('GATEWAY_SANDBOX_PUBLIC_URL'),
    stateFile:
      value('GATEWAY_SANDBOX_STATE_FILE') === 'memory'
        ? null
        : (value('GATEWAY_SANDBOX_STATE_FILE') ?? 'var/gateway-sandbox/state.json'),
    logLevel: logLevel as SandboxConfig['logLevel'],
    stripe: {
      secretKey: secret('GATEWAY_SANDBOX_STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY'),
      webhookSecret: secret('GATEWAY_SANDBOX_STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET'),
      webhookUrl: url('GATEWAY_SANDBOX_WEBHOOK_URL_STRIPE'),
    },
    paypal: {
      clientId: secret('GATEWAY_SANDBOX_PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_ID'),
      clientSecret: secret('GATEWAY_SANDBOX_PAYPAL_CLIENT_SECRET', 'PAYPAL_CLIENT_SECRET'),
      webhookId: secret('GATEWAY_SANDBOX_PAYPAL_WEBHOOK_ID', 'PAYPAL_WEBHOOK_ID'),
      webhookUrl: url('GATEWAY_SANDBOX_WEBHOOK_URL_PAYPAL'),
    },
    cashfree: {
      appId: secret('GATEWAY_SANDBOX_CASHFREE_APP_ID', 'CASHFREE_APP_ID'),
      secretKey: secret('GATEWAY_SANDBOX_CASHFREE_SECRET_KEY', 'CASHFREE_SECRET_KEY'),
      webhookUrl: url('GATEWAY_SANDBOX_WEBHOOK_URL_CASHFREE'),
      payoutClientId: secret('GATEWAY_SANDBOX_CASHFREE_PAYOUT_CLIENT_ID', 'CASHFREE_PAYOUT_CLIENT_ID'),
      payoutClientSecret: secret(
        'GATEWAY_SANDBOX_CASHFREE_PAYOUT_CLIENT_SECRET',
        'CASHFREE_PAYOUT_CLIENT_SECRET',
      ),
      payoutWebhookUrl: url('GATEWAY_SANDBOX_WEBHOOK_URL_CASHFREE_PAYOUT'),
    },
    webhookAttempts: integer('GATEWAY_SANDBOX_WEBHOOK_ATTEMPTS', 6, 1, 20),
    webhookRetryDelayMs: integer('GATEWAY_SANDBOX_WEBHOOK_RETRY_DELAY_MS', 2000, 1, 3_600_000),
    expirySweepMs: integer('GATEWAY_SANDBOX_EXPIRY_SWEEP_MS', 5000, 100, 3_600_000),
  };
  if (!config.stripe.webhookSecret.startsWith('whsec_')) {
    problems.push('STRIPE_WEBHOOK_SECRET (or GATEWAY_SANDBOX_STRIPE_WEBHOOK_SECRET) must start with whsec_');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid gateway sandbox configuration: ${problems.join(' | ')}`);
  }
  return config;
}
