import { createHash } from 'node:crypto';

/** Which of our callback endpoints received an event. */
export type CallbackSource = 'stripe' | 'paypal' | 'cash-free' | 'cash-free-payout';

/** What is stored of a verified callback: the gateway's event id and type. */
export interface EventIdentity {
  eventId: string;
  type: string;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | null {
  const v = headers[name];
  const value = Array.isArray(v) ? v[0] : v;
  return value && value.trim() ? value.trim() : null;
}

/**
 * The event id that makes a redelivery a duplicate (UNIQUE(gateway, event_id)): Stripe's `evt_…` and
 * PayPal's event `id` are stable across retries. Cashfree has no event id in the body; its
 * `x-idempotency-key` header is stable across retries, and without it a SHA-256 of the raw body stands in
 * (Cashfree re-sends the same body, only the timestamp header changes). Payout events are prefixed
 * `payout:` so they can never collide with PG events of the same gateway.
 */
export function eventIdentity(
  source: CallbackSource,
  payload: Record<string, unknown>,
  rawBody: Buffer | string,
  headers: Headers,
): EventIdentity | null {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  if (source === 'stripe') {
    const id = str(payload.id);
    const type = str(payload.type);
    return id && type ? { eventId: id, type } : null;
  }
  if (source === 'paypal') {
    const id = str(payload.id);
    const type = str(payload.event_type);
    return id && type ? { eventId: id, type } : null;
  }
  const type = str(payload.type) ?? str(payload.event_type);
  if (!type) return null;
  const key =
    header(headers, 'x-idempotency-key') ?? `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  return { eventId: source === 'cash-free-payout' ? `payout:${key}` : key, type };
}
