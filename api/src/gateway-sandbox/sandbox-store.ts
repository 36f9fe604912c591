import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CashfreeState } from './cashfree-api.js';
import type { PayPalState } from './paypal-api.js';
import type { StripeState } from './stripe-api.js';
import type { DeliveryRecord } from './webhook-sender.js';

/** Everything the sandbox remembers: one JSON document, written after every change. */
export interface SandboxState {
  version: 1;
  stripe: StripeState;
  paypal: PayPalState;
  cashfree: CashfreeState;
  /** The most recent webhook deliveries, newest last (bounded). */
  deliveries: DeliveryRecord[];
}

const MAX_DELIVERIES = 500;

export function emptyState(): SandboxState {
  return {
    version: 1,
    stripe: {
      sessions: {},
      paymentIntents: {},
      charges: {},
      refunds: {},
      accounts: {},
      transfers: {},
      idempotency: {},
    },
    paypal: { tokens: {}, orders: {}, captures: {}, refunds: {}, requestIds: {} },
    cashfree: { orders: {}, payments: {}, refunds: {}, beneficiaries: {}, transfers: {} },
    deliveries: [],
  };
}

/**
 * The sandbox's state in memory, kept in a JSON file when one is configured (so the sandbox can restart
 * without forgetting sessions, orders and accounts). Writes are atomic (temporary file, then rename).
 */
export class SandboxStore {
  readonly state: SandboxState;

  constructor(private readonly file: string | null) {
    this.state = file ? (readState(file) ?? emptyState()) : emptyState();
  }

  /** Persists the state; call after each change. */
  save(): void {
    if (this.state.deliveries.length > MAX_DELIVERIES) {
      this.state.deliveries.splice(0, this.state.deliveries.length - MAX_DELIVERIES);
    }
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}

function readState(file: string): SandboxState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = JSON.parse(text) as SandboxState;
  if (parsed.version !== 1) throw new Error(`${file} holds a gateway sandbox state of another version`);
  const empty = emptyState();
  return {
    ...empty,
    ...parsed,
    stripe: { ...empty.stripe, ...parsed.stripe },
    paypal: { ...empty.paypal, ...parsed.paypal },
    cashfree: { ...empty.cashfree, ...parsed.cashfree },
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id in a gateway's style: `prefix` + `length` characters of [A-Za-z0-9] (or `alphabet`). */
export function newId(prefix: string, length = 24, alphabet = ALPHABET): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

/** Seconds since the epoch, as gateways write `created`. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
