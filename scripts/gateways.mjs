// Which payment gateways a local stack (npm start, the e2e run, the payments benchmark) talks to: the real
// ones when their keys are set, else the local gateway sandbox (a test gateway in which no money moves).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { ROOT } from './lib.mjs';

/** Each gateway's variables; any of them set (in the environment or .env) means "configured by hand". */
export const GATEWAY_VARIABLES = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_BASE'],
  cashfree: ['CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY', 'CASHFREE_API_BASE'],
  cashfreePayout: ['CASHFREE_PAYOUT_CLIENT_ID', 'CASHFREE_PAYOUT_CLIENT_SECRET', 'CASHFREE_PAYOUT_API_BASE'],
};

/** Where the sandbox posts each gateway's webhooks, under the API's prefix. */
export const CALLBACK_PATHS = {
  STRIPE: 'order/stripe/callback',
  PAYPAL: 'order/paypal/callback',
  CASHFREE: 'order/cash-free/callback',
  CASHFREE_PAYOUT: 'order/cash-free/payout-callback',
};

const API_PREFIX = '/services/publisher/api';

/** The gateway variables of the repository's `.env`, when there is one (nothing else here reads it). */
export function gatewayVariablesFromDotEnv(file = join(ROOT, '.env')) {
  if (!existsSync(file)) return {};
  const parsed = parseEnv(readFileSync(file, 'utf8'));
  const names = new Set(Object.values(GATEWAY_VARIABLES).flat());
  return Object.fromEntries(Object.entries(parsed).filter(([k, v]) => names.has(k) && v.trim() !== ''));
}

/**
 * The plan for a stack: with no gateway variable set anywhere, the sandbox serves all four gateways
 * (`sandbox: true`, the keys and `*_API_BASE` to inject); with any set, the sandbox is not started and only
 * the gateways configured by hand are used, as set (`env` then carries the .env values the processes would
 * otherwise not see). `sandboxKeys` are the development credentials both sides share (SANDBOX_DEFAULTS).
 *
 * @param {{ env: Record<string,string|undefined>, dotEnv: Record<string,string>, sandboxKeys: Record<string,string>,
 *           sandboxUrl: string, apiUrl: string }} options
 */
export function planGateways({ env, dotEnv, sandboxKeys, sandboxUrl, apiUrl }) {
  const set = (name) => Boolean(env[name]?.trim() || dotEnv[name]);
  const configured = Object.entries(GATEWAY_VARIABLES)
    .filter(([, names]) => names.some(set))
    .map(([gateway]) => gateway);
  if (configured.length > 0) {
    // The environment wins over .env, as usual.
    const fromDotEnv = Object.fromEntries(Object.entries(dotEnv).filter(([k]) => !env[k]?.trim()));
    return { sandbox: false, configured, env: fromDotEnv };
  }
  return {
    sandbox: true,
    configured: [],
    env: {
      ...sandboxKeys,
      STRIPE_API_BASE: sandboxUrl,
      PAYPAL_API_BASE: sandboxUrl,
      CASHFREE_API_BASE: sandboxUrl,
      CASHFREE_PAYOUT_API_BASE: sandboxUrl,
    },
    sandboxEnv: Object.fromEntries(
      Object.entries(CALLBACK_PATHS).map(([gateway, path]) => [
        `GATEWAY_SANDBOX_WEBHOOK_URL_${gateway}`,
        `${apiUrl}${API_PREFIX}/${path}`,
      ]),
    ),
  };
}

/** The development credentials of the built sandbox (api/dist: call after building). */
export async function sandboxKeys() {
  const { SANDBOX_DEFAULTS } = await import(
    pathToFileURL(join(ROOT, 'api/dist/gateway-sandbox/sandbox-config.js')).href
  );
  return { ...SANDBOX_DEFAULTS };
}
