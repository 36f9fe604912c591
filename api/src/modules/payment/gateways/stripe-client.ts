import Stripe from 'stripe';
import type { StripeGatewayConfig } from './gateway-config.js';

/**
 * The `stripe` SDK client for Hearth's platform account. With `apiBase` set (the local gateway sandbox)
 * the SDK's own `host`/`port`/`protocol` options point it there; without it, at api.stripe.com.
 */
export function createStripeClient(config: StripeGatewayConfig): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Hearth' },
  };
  if (config.apiBase) {
    const base = new URL(config.apiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    Object.assign(options, {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? 80 : 443),
      protocol,
      // The sandbox is not Stripe: no telemetry headers about it.
      telemetry: false,
    });
  }
  return new Stripe(config.secretKey, options);
}
