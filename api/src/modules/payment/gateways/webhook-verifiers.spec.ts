import { createHmac } from 'node:crypto';
import { Cashfree, CFEnvironment } from 'cashfree-pg';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyCashfreeWebhook, verifyStripeWebhook, WebhookVerificationError } from './webhook-verifiers.js';

const reasonOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.reason;
    throw err;
  }
  return 'accepted';
};

describe('verifyStripeWebhook', () => {
  const stripe = new Stripe('sk_test_unit');
  const secret = 'whsec_unit_test_secret';
  const payload = JSON.stringify(
    {
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1' } },
    },
    null,
    2,
  );
  const sign = (opts: { secret?: string; timestamp?: number; body?: string } = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload: opts.body ?? payload,
      secret: opts.secret ?? secret,
      timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    });

  it('accepts a genuine signature and returns the event', () => {
    const event = verifyStripeWebhook(stripe, payload, { 'stripe-signature': sign() }, secret);
    expect(event.id).toBe('evt_1');
    expect(event.type).toBe('checkout.session.completed');
  });

  it('refuses a forged signature, a wrong secret, an altered body, a stale timestamp and no header', () => {
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect(reasonOf(() => verifyStripeWebhook(stripe, payload, { 'stripe-signature': forged }, secret))).toBe(
      'bad_signature',
    );
    expect(
      reasonOf(() =>
        verifyStripeWebhook(stripe, payload, { 'stripe-signature': sign({ secret: 'whsec_other' }) }, secret),
      ),
    ).toBe('bad_signature');
    expect(
      reasonOf(() =>
        verifyStripeWebhook(
          stripe,
          payload.replace('cs_test_1', 'cs_test_2'),
          { 'stripe-signature': sign() },
          secret,
        ),
      ),
    ).toBe('bad_signature');
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(
      reasonOf(() =>
        verifyStripeWebhook(stripe, payload, { 'stripe-signature': sign({ timestamp: old }) }, secret),
      ),
    ).toBe('stale');
    expect(reasonOf(() => verifyStripeWebhook(stripe, payload, {}, secret))).toBe('missing_header');
  });

  it('accepts a signature 299 s old (inside the 300 s tolerance)', () => {
    const t = Math.floor(Date.now() / 1000) - 299;
    expect(
      verifyStripeWebhook(stripe, payload, { 'stripe-signature': sign({ timestamp: t }) }, secret).id,
    ).toBe('evt_1');
  });
});

describe('verifyCashfreeWebhook', () => {
  const secret = 'cashfree-unit-secret';
  const body = JSON.stringify({
    data: { order: { order_id: 'order_1', order_amount: 250.5 } },
    event_time: '2026-11-24T10:00:00Z',
    type: 'PAYMENT_SUCCESS_WEBHOOK',
  });
  const headersFor = (opts: { secret?: string; timestamp?: number; body?: string } = {}) => {
    const timestamp = String(opts.timestamp ?? Date.now());
    const signature = createHmac('sha256', opts.secret ?? secret)
      .update(timestamp + (opts.body ?? body))
      .digest('base64');
    return { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature };
  };

  it('accepts a genuine signature, and agrees with the SDK’s own PGVerifyWebhookSignature', () => {
    const headers = headersFor();
    const event = verifyCashfreeWebhook(body, headers, secret);
    expect(event.type).toBe('PAYMENT_SUCCESS_WEBHOOK');
    const sdk = new Cashfree(CFEnvironment.SANDBOX, 'app', secret, undefined, undefined, undefined, false);
    expect(
      sdk.PGVerifyWebhookSignature(headers['x-webhook-signature'], body, headers['x-webhook-timestamp']).type,
    ).toBe('PAYMENT_SUCCESS_WEBHOOK');
  });

  it('refuses a forged signature, a wrong secret, an altered body, a stale timestamp and missing headers', () => {
    const forged = { ...headersFor(), 'x-webhook-signature': Buffer.alloc(32).toString('base64') };
    expect(reasonOf(() => verifyCashfreeWebhook(body, forged, secret))).toBe('bad_signature');
    expect(reasonOf(() => verifyCashfreeWebhook(body, headersFor({ secret: 'other' }), secret))).toBe(
      'bad_signature',
    );
    expect(reasonOf(() => verifyCashfreeWebhook(body.replace('250.5', '2.5'), headersFor(), secret))).toBe(
      'bad_signature',
    );
    expect(
      reasonOf(() => verifyCashfreeWebhook(body, headersFor({ timestamp: Date.now() - 301_000 }), secret)),
    ).toBe('stale');
    expect(reasonOf(() => verifyCashfreeWebhook(body, { 'x-webhook-signature': 'x' }, secret))).toBe(
      'missing_header',
    );
  });

  it('reads a timestamp in seconds as well as in milliseconds', () => {
    const seconds = Math.floor(Date.now() / 1000);
    expect(verifyCashfreeWebhook(body, headersFor({ timestamp: seconds }), secret).type).toBe(
      'PAYMENT_SUCCESS_WEBHOOK',
    );
  });
});
