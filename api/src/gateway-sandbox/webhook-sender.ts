import { newId, type SandboxStore } from './sandbox-store.js';

export type SandboxGateway = 'stripe' | 'paypal' | 'cashfree' | 'cashfree-payout';

/** One webhook delivery as the sandbox's `/_sandbox/deliveries` lists it. */
export interface DeliveryRecord {
  id: string;
  gateway: SandboxGateway;
  eventId: string;
  eventType: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface OutgoingWebhook {
  gateway: SandboxGateway;
  eventId: string;
  eventType: string;
  url: string;
  body: string;
  /** Signs one attempt: called again for every retry, so each attempt carries a fresh timestamp. */
  headers: () => Record<string, string>;
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Posts signed webhooks the way the gateways do: JSON body, 2xx means delivered, anything else (or no
 * answer within 10 s) is retried with exponential backoff (delay, 2×delay, 4×delay, …) up to `attempts`.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: { attempts: number; retryDelayMs: number },
    private readonly log: Logger,
  ) {}

  /** Queues a delivery; returns at once. */
  send(hook: OutgoingWebhook): DeliveryRecord {
    const record: DeliveryRecord = {
      id: newId('whd_', 16),
      gateway: hook.gateway,
      eventId: hook.eventId,
      eventType: hook.eventType,
      url: hook.url,
      status: 'pending',
      attempts: 0,
      lastStatus: null,
      lastError: null,
      createdAt: new Date().toISOString(),
      deliveredAt: null,
    };
    this.store.state.deliveries.push(record);
    this.store.save();
    this.attempt(hook, record);
    return record;
  }

  /** Stops retrying and waits for the attempts under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private attempt(hook: OutgoingWebhook, record: DeliveryRecord): void {
    if (this.closed) return;
    const run = this.post(hook, record).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async post(hook: OutgoingWebhook, record: DeliveryRecord): Promise<void> {
    record.attempts += 1;
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent(hook.gateway),
          ...hook.headers(),
        },
        body: hook.body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      record.lastStatus = res.status;
      record.lastError = res.ok ? null : `HTTP ${res.status}`;
    } catch (err) {
      record.lastStatus = null;
      record.lastError = err instanceof Error ? err.message : String(err);
    }
    const fields = {
      gateway: hook.gateway,
      eventId: hook.eventId,
      eventType: hook.eventType,
      url: hook.url,
      attempt: record.attempts,
      status: record.lastStatus,
    };
    if (record.lastError === null) {
      record.status = 'delivered';
      record.deliveredAt = new Date().toISOString();
      this.log.info(fields, 'webhook delivered');
    } else if (record.attempts >= this.options.attempts) {
      record.status = 'failed';
      this.log.warn({ ...fields, error: record.lastError }, 'webhook delivery failed, giving up');
    } else {
      const delay = this.options.retryDelayMs * 2 ** (record.attempts - 1);
      this.log.warn(
        { ...fields, error: record.lastError, retryInMs: delay },
        'webhook delivery failed, retrying',
      );
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(hook, record);
      }, delay);
      this.timers.add(timer);
    }
    this.store.save();
  }
}

function userAgent(gateway: SandboxGateway): string {
  switch (gateway) {
    case 'stripe':
      return 'Stripe/1.0 (+https://stripe.com/docs/webhooks)';
    case 'paypal':
      return 'PayPal/AUHD-214.0-58868148';
    default:
      return 'Cashfree-Webhook/1.0';
  }
}
