import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse as parseForm } from 'qs';
import { registerCashfree } from './cashfree-api.js';
import { layout } from './hosted-pages.js';
import { registerPayPal } from './paypal-api.js';
import type { SandboxConfig } from './sandbox-config.js';
import type { SandboxContext } from './sandbox-context.js';
import { SandboxStore } from './sandbox-store.js';
import { registerStripe } from './stripe-api.js';
import { WebhookSender } from './webhook-sender.js';

/** A running gateway sandbox. */
export interface RunningGatewaySandbox {
  /** Where it listens, e.g. http://127.0.0.1:8190 (the real port when GATEWAY_SANDBOX_PORT=0). */
  url: string;
  /** Origin it writes into hosted-page links (GATEWAY_SANDBOX_PUBLIC_URL, else `url`). */
  publicUrl: string;
  store: SandboxStore;
  app: FastifyInstance;
  /** Stops retrying webhooks, waits for deliveries under way, stops listening. */
  close(): Promise<void>;
}

/**
 * Boots the local payment gateway sandbox: Stripe, PayPal and Cashfree on their own wire protocols, the
 * hosted pages, and signed webhooks to the configured targets. A plain Fastify server, not part of the
 * Nest app, so it runs beside the API (`node api/dist/gateway-sandbox/main.js`) or inside a test.
 */
export async function startGatewaySandbox(config: SandboxConfig): Promise<RunningGatewaySandbox> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent' ? false : { level: config.logLevel, base: { service: 'gateway-sandbox' } },
    bodyLimit: 1024 * 1024,
    // Stripe sends expand[0]=line_items in query strings too.
    routerOptions: {
      querystringParser: (query: string) => parseForm(query, { depth: 10, arrayLimit: 1000 }),
    },
  });
  // Stripe, PayPal's token call and the hosted pages' forms send bracketed form fields
  // (line_items[0][price_data][currency]); qs reads them the way Stripe does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseForm(body as string, { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 }));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  const store = new SandboxStore(config.stateFile);
  let publicUrl = config.publicUrl ?? '';
  const sender = new WebhookSender(
    store,
    { attempts: config.webhookAttempts, retryDelayMs: config.webhookRetryDelayMs },
    app.log,
  );
  const ctx: SandboxContext = { config, store, sender, publicUrl: () => publicUrl, log: app.log };

  const sweepStripe = registerStripe(app, ctx);
  await registerPayPal(app, ctx);
  const sweepCashfree = registerCashfree(app, ctx);

  app.get('/health', async () => ({
    status: 'UP',
    gateways: ['stripe', 'paypal', 'cashfree'],
    testGateway: true,
  }));
  app.get('/_sandbox/deliveries', async () => ({ data: store.state.deliveries }));
  app.get('/', async (_req, reply) =>
    reply.type('text/html').send(
      layout(
        'Gateway sandbox',
        `<h1>Hearth's local payment gateway sandbox</h1>
<p>Stripe, PayPal and Cashfree stand-ins for development and tests. Point the SDKs here with
STRIPE_API_BASE, PAYPAL_API_BASE and CASHFREE_API_BASE (docs/payments.md).</p>
<p><a href="/_sandbox/deliveries">Recent webhook deliveries</a> · <a href="/health">Health</a></p>`,
      ),
    ),
  );

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  publicUrl ||= url;

  const sweep = setInterval(() => {
    const expiredStripe = sweepStripe();
    const expiredCashfree = sweepCashfree();
    if (expiredStripe || expiredCashfree) store.save();
  }, config.expirySweepMs);
  sweep.unref();

  return {
    url,
    publicUrl,
    store,
    app,
    async close() {
      clearInterval(sweep);
      await sender.close();
      await app.close();
    },
  };
}
