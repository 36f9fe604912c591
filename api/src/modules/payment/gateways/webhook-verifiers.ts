import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import type { PayPalClient } from './paypal-client.js';

/**
 * The three gateways' webhook checks, over the raw request body exactly as it arrived (a parsed and
 * re-serialised body would not match the signature). Each returns the parsed event or throws
 * {@link WebhookVerificationError}; a caller answers that with 400 and stores nothing.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookRejection = 'missing_header' | 'bad_signature' | 'stale' | 'malformed';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookRejection,
    message: string,
  ) {
    super(message);
  }
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | null {
  const v = headers[name] ?? headers[name.toLowerCase()];
  const value = Array.isArray(v) ? v[0] : v;
  return value && value.trim() ? value.trim() : null;
}

function parseJson<T>(rawBody: string): T {
  try {
    return JSON.parse(rawBody) as T;
  } catch {
    throw new WebhookVerificationError('malformed', 'The webhook body is not JSON');
  }
}

/**
 * Stripe: the SDK's own `webhooks.constructEvent` (HMAC-SHA256 of `<t>.<body>` against every v1 in
 * `Stripe-Signature`, timestamp within `toleranceSeconds`).
 */
export function verifyStripeWebhook(
  stripe: Stripe,
  rawBody: string | Buffer,
  headers: Headers,
  webhookSecret: string,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Stripe.Event {
  const signature = header(headers, 'stripe-signature');
  if (!signature) throw new WebhookVerificationError('missing_header', 'Stripe-Signature header missing');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, toleranceSeconds);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new WebhookVerificationError(
      /timestamp outside the tolerance zone/i.test(message) ? 'stale' : 'bad_signature',
      message,
    );
  }
}

/**
 * Cashfree (PG and Payouts): `x-webhook-signature` = base64(HMAC-SHA256(secret, x-webhook-timestamp +
 * rawBody)), compared in constant time, and the timestamp (milliseconds, as Cashfree sends it, or
 * seconds) within `toleranceSeconds` of now. The SDK's `PGVerifyWebhookSignature` computes the same HMAC
 * but compares with `===` and checks no timestamp, so it is not used here (the tests check the two agree).
 */
export function verifyCashfreeWebhook<T = { type: string; data: Record<string, unknown> }>(
  rawBody: string,
  headers: Headers,
  secretKey: string,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
  now = Date.now(),
): T {
  const signature = header(headers, 'x-webhook-signature');
  const timestamp = header(headers, 'x-webhook-timestamp');
  if (!signature || !timestamp) {
    throw new WebhookVerificationError(
      'missing_header',
      'x-webhook-signature or x-webhook-timestamp header missing',
    );
  }
  const expected = createHmac('sha256', secretKey)
    .update(timestamp + rawBody, 'utf8')
    .digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookVerificationError('bad_signature', 'Cashfree webhook signature does not match');
  }
  const ts = Number(timestamp);
  const sentAt = ts > 1e12 ? ts : ts * 1000;
  if (!Number.isFinite(ts) || Math.abs(now - sentAt) > toleranceSeconds * 1000) {
    throw new WebhookVerificationError('stale', 'Cashfree webhook timestamp outside the tolerance window');
  }
  return parseJson<T>(rawBody);
}

export interface PayPalWebhookEvent {
  id: string;
  event_type: string;
  resource_type: string;
  resource: Record<string, unknown>;
  create_time: string;
}

/**
 * PayPal: the transmission time within `toleranceSeconds`, then PayPal's verify-webhook-signature call
 * (which checks the RSA-SHA256 signature over `<id>|<time>|<webhook id>|<crc32(body)>` with PayPal's
 * certificate) must answer SUCCESS.
 */
export async function verifyPayPalWebhook(
  paypal: PayPalClient,
  rawBody: string,
  headers: Headers,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
  now = Date.now(),
): Promise<PayPalWebhookEvent> {
  const transmission = {
    transmissionId: header(headers, 'paypal-transmission-id'),
    transmissionTime: header(headers, 'paypal-transmission-time'),
    transmissionSig: header(headers, 'paypal-transmission-sig'),
    certUrl: header(headers, 'paypal-cert-url'),
    authAlgo: header(headers, 'paypal-auth-algo'),
  };
  if (Object.values(transmission).some((v) => v === null)) {
    throw new WebhookVerificationError('missing_header', 'PayPal transmission headers missing');
  }
  const sentAt = Date.parse(transmission.transmissionTime as string);
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > toleranceSeconds * 1000) {
    throw new WebhookVerificationError('stale', 'PayPal transmission time outside the tolerance window');
  }
  const event = parseJson<PayPalWebhookEvent>(rawBody);
  const ok = await paypal.verifyWebhookSignature(
    rawBody,
    transmission as Record<keyof typeof transmission, string>,
  );
  if (!ok) throw new WebhookVerificationError('bad_signature', 'PayPal did not verify the webhook signature');
  return event;
}
