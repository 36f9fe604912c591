import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PaymentGateway } from '@hearth/shared';
import { PaymentEventStatus } from '../payment-event.entity.js';
import { PaymentEventNotReady, type PaymentEventContext } from './on-payment-event.decorator.js';
import { PaymentEventRegistry } from './payment-event.registry.js';

export type ApplyOutcome =
  /** Applied now (`handledBy` null: a type nobody handles, recorded with nothing to do). */
  | { kind: 'applied'; handledBy: string | null }
  /** Another run applied it first (a duplicate job, or the re-run of a job whose worker died after commit). */
  | { kind: 'already-applied' }
  | { kind: 'missing' };

interface LockedEvent {
  id: string;
  gateway: PaymentGateway;
  event_id: string;
  type: string;
  payload: Record<string, unknown>;
  status: PaymentEventStatus;
  received_at: Date;
}

/**
 * Applies one stored payment event exactly once (ADR 019): in ONE transaction the payment_event row is
 * locked (FOR UPDATE), an APPLIED row is left alone, the handler runs and the row is marked APPLIED; only
 * after the commit does `afterCommit` work run. A second job for the same row waits on the lock, then sees
 * APPLIED. A worker that dies mid-job loses its connection, PostgreSQL rolls the transaction back, and
 * BullMQ's stalled-job recovery runs it again from a clean start.
 */
@Injectable()
export class PaymentEventApplierService {
  private readonly logger = new Logger(PaymentEventApplierService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly registry: PaymentEventRegistry,
  ) {}

  /**
   * Applies the event, or throws the handler's error after recording it on the row (attempts + 1, the
   * error text, FAILED when `lastAttempt`). The caller (BullMQ) retries what throws.
   */
  async apply(paymentEventId: string, options: { lastAttempt?: boolean } = {}): Promise<ApplyOutcome> {
    const afterCommit: Array<() => Promise<void>> = [];
    let outcome: ApplyOutcome;
    try {
      outcome = await this.db.transaction(async (m): Promise<ApplyOutcome> => {
        const rows: LockedEvent[] = await m.query(
          `SELECT id, gateway, event_id, type, payload, status, received_at, attempts
             FROM payment_event WHERE id = $1 FOR UPDATE`,
          [paymentEventId],
        );
        const row = rows[0] as (LockedEvent & { attempts: number }) | undefined;
        if (!row) return { kind: 'missing' };
        if (row.status === PaymentEventStatus.APPLIED) return { kind: 'already-applied' };
        const handler = this.registry.handlerFor(row.gateway, row.type);
        let orderId: string | null = null;
        if (handler) {
          const ctx: PaymentEventContext = {
            m,
            event: {
              id: row.id,
              gateway: row.gateway,
              eventId: row.event_id,
              type: row.type,
              payload: row.payload,
              receivedAt: row.received_at,
              attempt: row.attempts + 1,
            },
            afterCommit: (work) => afterCommit.push(work),
            relateToOrder: (id) => {
              orderId = id;
            },
          };
          await handler.run(ctx);
        }
        await m.query(
          `UPDATE payment_event SET status = $2, applied_at = now(), attempts = attempts + 1, error = NULL,
                  order_id = coalesce($3::uuid, order_id), updated_at = now()
            WHERE id = $1`,
          [row.id, PaymentEventStatus.APPLIED, orderId],
        );
        return { kind: 'applied', handledBy: handler?.declaredBy ?? null };
      });
    } catch (error) {
      await this.recordFailure(paymentEventId, error, options.lastAttempt ?? false);
      if (error instanceof PaymentEventNotReady) {
        this.logger.log(
          { paymentEventId, reason: error.message },
          'Payment event not ready yet; it is retried with backoff',
        );
      } else {
        this.logger.error({ err: error, paymentEventId }, 'Payment event failed; it is retried with backoff');
      }
      throw error;
    }
    for (const work of afterCommit) {
      try {
        await work();
      } catch (error) {
        // Committed already: what runs here is enqueueing, whose loss housekeeping repairs.
        this.logger.warn({ err: error, paymentEventId }, 'After-commit work of a payment event failed');
      }
    }
    return outcome;
  }

  /** In its own small transaction, after the handler's rolled back: attempts + 1, the error, FAILED at the end. */
  private async recordFailure(id: string, error: unknown, lastAttempt: boolean): Promise<void> {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    try {
      await this.db.query(
        `UPDATE payment_event SET attempts = attempts + 1, error = $2,
                status = CASE WHEN $3 THEN $4 ELSE status END, updated_at = now()
          WHERE id = $1 AND status <> $5`,
        [id, text.slice(0, 2000), lastAttempt, PaymentEventStatus.FAILED, PaymentEventStatus.APPLIED],
      );
    } catch (recordError) {
      this.logger.warn({ err: recordError, paymentEventId: id }, 'Could not record a payment event failure');
    }
  }
}
