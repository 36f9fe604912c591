import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { PaymentGateway, ProblemType } from '@hearth/shared';
import { ProblemException } from '../../../common/problem/problem.exception.js';
import { QUEUES } from '../../../queue/queues.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';
import {
  verifyCashfreeWebhook,
  verifyPayPalWebhook,
  verifyStripeWebhook,
  WebhookVerificationError,
} from '../gateways/webhook-verifiers.js';
import { PaymentEventStatus } from '../payment-event.entity.js';
import { eventIdentity, type CallbackSource } from './webhook-event-id.js';

/** Name of the job that applies one payment_event row (its jobId is the row's id). */
export const APPLY_PAYMENT_EVENT_JOB = 'apply';
/** Name of the housekeeping job that re-enqueues RECEIVED events whose job was lost. */
export const REQUEUE_LOST_PAYMENT_EVENTS_JOB = 'requeue-lost';
/** A RECEIVED event older than this without a live job is assumed to have lost it. */
export const PAYMENT_EVENT_LOST_AFTER_MS = 60_000;
/** How long a callback waits for Redis to take its job before answering anyway. */
export const ENQUEUE_WAIT_MS = 1_500;

export interface ApplyPaymentEventJob {
  paymentEventId: string;
}

export interface CallbackReceipt {
  received: true;
  /** The gateway had delivered this event before: nothing new was stored. */
  duplicate: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

const GATEWAY_OF: Record<CallbackSource, PaymentGateway> = {
  stripe: PaymentGateway.STRIPE,
  paypal: PaymentGateway.PAYPAL,
  'cash-free': PaymentGateway.CASH_FREE,
  'cash-free-payout': PaymentGateway.CASH_FREE,
};

function refused(detail: string, reason: string): ProblemException {
  return new ProblemException(HttpStatus.BAD_REQUEST, {
    type: ProblemType.VALIDATION,
    detail,
    message: 'error.payment.callback_refused',
    params: { reason },
  });
}

/**
 * The callback side of the payment-events pipeline (docs/payments.md "Callbacks and the payment-events
 * worker"): verify over the raw body, store once (UNIQUE(gateway, event_id)), enqueue by row id, answer.
 * Nothing is applied here: the worker does that, in its own transaction, exactly once.
 */
@Injectable()
export class PaymentEventIntakeService {
  private readonly logger = new Logger(PaymentEventIntakeService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.PAYMENT_EVENTS) private readonly queue: Queue<ApplyPaymentEventJob>,
    private readonly gateways: PaymentGatewaysService,
  ) {}

  /** Verifies, stores and enqueues one callback; a refusal is a 400 problem and stores nothing. */
  async receive(
    source: CallbackSource,
    rawBody: Buffer | undefined,
    headers: Headers,
  ): Promise<CallbackReceipt> {
    if (!rawBody || rawBody.length === 0) throw refused('The callback has no body.', 'malformed');
    const payload = await this.verify(source, rawBody, headers);
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
      throw refused('The callback body is not a JSON object.', 'malformed');
    }
    const identity = eventIdentity(source, payload, rawBody, headers);
    if (!identity) throw refused('The callback names no event id or type.', 'malformed');
    const rows: Array<{ id: string }> = await this.db.query(
      `INSERT INTO payment_event (gateway, event_id, type, payload) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (gateway, event_id) DO NOTHING RETURNING id`,
      [GATEWAY_OF[source], identity.eventId, identity.type, rawBody.toString('utf8')],
    );
    const id = rows[0]?.id;
    if (!id) return { received: true, duplicate: true };
    await this.enqueue(id);
    return { received: true, duplicate: false };
  }

  /**
   * Adds the apply job (jobId = row id, so adding twice is one job). Never throws and never waits more than
   * {@link ENQUEUE_WAIT_MS}: with Redis away the client would hold the command until it reconnects, and the
   * gateway is owed its answer now. The stored row is safe; housekeeping re-enqueues it.
   */
  async enqueue(paymentEventId: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const added = this.queue.add(APPLY_PAYMENT_EVENT_JOB, { paymentEventId }, { jobId: paymentEventId });
      added.catch(() => undefined);
      await Promise.race([
        added,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not take the job in time')), ENQUEUE_WAIT_MS);
        }),
      ]);
      return true;
    } catch (error) {
      this.logger.warn(
        { err: error, paymentEventId },
        'Could not enqueue a payment event; housekeeping will pick it up',
      );
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Re-enqueues RECEIVED events older than `olderThanMs` whose job is missing or ended (Redis away when the
   * callback was stored, or the job's end not recorded on the row). A waiting, delayed (retrying) or
   * active job is left alone.
   */
  async requeueLost(olderThanMs = PAYMENT_EVENT_LOST_AFTER_MS): Promise<number> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM payment_event WHERE status = $1 AND received_at < now() - make_interval(secs => $2)
        ORDER BY received_at LIMIT 500`,
      [PaymentEventStatus.RECEIVED, olderThanMs / 1000],
    );
    let added = 0;
    for (const { id } of rows) if (await this.restartJob(id)) added += 1;
    return added;
  }

  /** An admin's retry of a FAILED (or stuck RECEIVED) event: RECEIVED again, and a fresh job. */
  async retry(paymentEventId: string): Promise<{ id: string; status: PaymentEventStatus } | null> {
    const [rows] = (await this.db.query(
      `UPDATE payment_event SET status = CASE WHEN status = 'APPLIED' THEN status ELSE 'RECEIVED' END,
              updated_at = now()
        WHERE id::text = $1 RETURNING id, status`,
      [paymentEventId],
    )) as [Array<{ id: string; status: PaymentEventStatus }>, number];
    const row = rows[0];
    if (!row) return null;
    if (row.status !== PaymentEventStatus.APPLIED) await this.restartJob(row.id, { force: true });
    return row;
  }

  private async restartJob(id: string, options: { force?: boolean } = {}): Promise<boolean> {
    try {
      const existing = await this.queue.getJob(id);
      const state = existing ? await existing.getState() : 'missing';
      if (state === 'missing' || state === 'unknown') {
        await this.queue.add(APPLY_PAYMENT_EVENT_JOB, { paymentEventId: id }, { jobId: id });
        return true;
      }
      if (state === 'completed' || state === 'failed' || (options.force && state === 'delayed')) {
        // The job ended (or waits out a long backoff) without the row being applied: run it again, same id.
        await existing?.remove();
        await this.queue.add(APPLY_PAYMENT_EVENT_JOB, { paymentEventId: id }, { jobId: id });
        return true;
      }
      return false;
    } catch (error) {
      this.logger.warn({ err: error, paymentEventId: id }, 'Could not re-enqueue a payment event');
      return false;
    }
  }

  private async verify(
    source: CallbackSource,
    rawBody: Buffer,
    headers: Headers,
  ): Promise<Record<string, unknown>> {
    const g = this.gateways;
    const notConfigured = (name: string) =>
      refused(`${name} is not configured on this server: its callbacks are refused.`, 'not_configured');
    try {
      switch (source) {
        case 'stripe': {
          if (!g.stripe || !g.config.stripe) throw notConfigured('Stripe');
          const event = verifyStripeWebhook(g.stripe, rawBody, headers, g.config.stripe.webhookSecret);
          return event as unknown as Record<string, unknown>;
        }
        case 'paypal': {
          if (!g.paypal) throw notConfigured('PayPal');
          const event = await verifyPayPalWebhook(g.paypal, rawBody.toString('utf8'), headers);
          return event as unknown as Record<string, unknown>;
        }
        case 'cash-free': {
          if (!g.config.cashfree) throw notConfigured('Cashfree');
          return verifyCashfreeWebhook<Record<string, unknown>>(
            rawBody.toString('utf8'),
            headers,
            g.config.cashfree.secretKey,
          );
        }
        case 'cash-free-payout': {
          if (!g.config.cashfreePayout) throw notConfigured('Cashfree Payouts');
          return verifyCashfreeWebhook<Record<string, unknown>>(
            rawBody.toString('utf8'),
            headers,
            g.config.cashfreePayout.clientSecret,
          );
        }
      }
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        this.logger.warn({ source, reason: error.reason }, `Refused a ${source} callback: ${error.message}`);
        throw refused(`The ${source} callback was refused: ${error.message}.`, error.reason);
      }
      throw error;
    }
  }
}
