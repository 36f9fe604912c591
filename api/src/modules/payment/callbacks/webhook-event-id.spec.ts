import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventIdentity } from './webhook-event-id.js';

describe('eventIdentity', () => {
  const raw = '{"type":"PAYMENT_SUCCESS_WEBHOOK","data":{}}';

  it("takes Stripe's evt_ id and type, PayPal's id and event_type", () => {
    expect(eventIdentity('stripe', { id: 'evt_1', type: 'payment_intent.succeeded' }, '{}', {})).toEqual({
      eventId: 'evt_1',
      type: 'payment_intent.succeeded',
    });
    expect(
      eventIdentity('paypal', { id: 'WH-9', event_type: 'PAYMENT.CAPTURE.COMPLETED' }, '{}', {}),
    ).toEqual({
      eventId: 'WH-9',
      type: 'PAYMENT.CAPTURE.COMPLETED',
    });
  });

  it("takes Cashfree's x-idempotency-key, else a SHA-256 of the raw body; payout events are prefixed", () => {
    const payload = JSON.parse(raw) as Record<string, unknown>;
    expect(eventIdentity('cash-free', payload, raw, { 'x-idempotency-key': 'k-1' })).toEqual({
      eventId: 'k-1',
      type: 'PAYMENT_SUCCESS_WEBHOOK',
    });
    const hash = createHash('sha256').update(raw).digest('hex');
    expect(eventIdentity('cash-free', payload, Buffer.from(raw), {})?.eventId).toBe(`sha256:${hash}`);
    expect(
      eventIdentity('cash-free-payout', { event_type: 'TRANSFER_SUCCESS' }, raw, {
        'x-idempotency-key': 'k-1',
      }),
    ).toEqual({ eventId: 'payout:k-1', type: 'TRANSFER_SUCCESS' });
  });

  it('refuses an event without an id or type', () => {
    expect(eventIdentity('stripe', { type: 'x' }, '{}', {})).toBeNull();
    expect(eventIdentity('paypal', { id: 'WH-1' }, '{}', {})).toBeNull();
    expect(eventIdentity('cash-free', { data: {} }, '{}', {})).toBeNull();
  });
});
