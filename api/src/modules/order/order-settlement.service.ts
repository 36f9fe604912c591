import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import {
  dateNetAmount,
  fromMinor,
  OrderStatus,
  PaymentGateway,
  PaymentStatus,
  PayoutRefundStatus,
  splitDatePayouts,
  toMinorOrZero,
} from '@hearth/shared';
import { QUEUES } from '../../queue/queues.js';
import type { Principal } from '../../common/http/principal.js';
import { AuditService } from '../audit/audit.service.js';

/** The one job name of the `settlements` queue: refund or pay out one date selection. */
export const SETTLE_JOB = 'settle';
export interface SettleJob {
  selectionId: string;
}

/** A refund goes back to the customer (a cancelled paid date); a payout goes to the chef (a delivered one). */
export const SettlementKind = { REFUND: 'refund', PAYOUT: 'payout' } as const;
export type SettlementKind = (typeof SettlementKind)[keyof typeof SettlementKind];

/** Gateway attempts of one refund or payout before it stays FAILED for an admin. */
export const SETTLEMENT_MAX_ATTEMPTS = 8;

/** What a DRAFTED payout says while the kitchen has nowhere to be paid. */
export const WAITING_FOR_PAYOUT_ACCOUNT = 'Waiting for the kitchen to set up payouts';

const ONLINE_GATEWAYS: readonly string[] = [
  PaymentGateway.STRIPE,
  PaymentGateway.PAYPAL,
  PaymentGateway.CASH_FREE,
];

/** Everything the payment module needs to refund or pay out one date selection. */
export interface SettlementFacts {
  selectionId: string;
  kind: SettlementKind;
  status: PayoutRefundStatus;
  /** Decimal string in the order's currency. */
  amount: string;
  currencyCode: string;
  attempts: number;
  reference: string | null;
  error: string | null;
  date: string;
  orderId: string;
  orderNumber: string;
  publisherId: string;
  gateway: PaymentGateway;
  /** Stripe Checkout Session / PayPal order / Cashfree order id. */
  paymentDetailsGenericId: string | null;
  /** Stripe PaymentIntent / Cashfree cf_payment_id. */
  gatewayPaymentId: string | null;
  additionalDetails: Record<string, unknown> | null;
}

/** A row of the admin's settlement list. */
export interface SettlementRow extends SettlementFacts {
  kitchenName: string;
  updatedAt: Date;
}

const FACTS_SQL = `
  SELECT s.id AS "selectionId",
         CASE WHEN s.order_status = '${OrderStatus.CANCELLED}' THEN 'refund' ELSE 'payout' END AS kind,
         s.payout_refund_status AS status, s.payout_refund_amount::text AS amount, o.currency_code AS "currencyCode",
         s.payout_refund_attempts AS attempts, s.payout_refund_reference AS reference, s.payout_refund_error AS error,
         s.date::text AS date, o.id AS "orderId", o.order_number AS "orderNumber", l.publisher_id AS "publisherId",
         pd.gateway, pd.payment_details_generic_id AS "paymentDetailsGenericId",
         pd.gateway_payment_id AS "gatewayPaymentId", pd.additional_details AS "additionalDetails",
         p.kitchen_name AS "kitchenName", s.updated_at AS "updatedAt"
    FROM order_date_selection s
    JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
    JOIN customer_order o ON o.id = l.order_id
    JOIN payment_details pd ON pd.order_id = o.id
    JOIN publisher p ON p.id = l.publisher_id`;

/**
 * The order side of refunds and payouts (issue 15): which date owes what to whom, and the bookkeeping of
 * each attempt on the date selection (payout_refund_*). A cancelled date that was paid online is refunded
 * exactly what it no longer owes; a delivered date that was paid online pays the chef their share. Both are
 * DRAFTED in the transaction of the status move and performed after the commit by the `settlements` worker
 * (payment module), which owns the gateway calls: the order module never imports payment.
 */
@Injectable()
export class OrderSettlementService {
  private readonly logger = new Logger(OrderSettlementService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.SETTLEMENTS) private readonly queue: Queue<SettleJob>,
    private readonly audit: AuditService,
  ) {}

  /**
   * Called by a status move in its transaction, after the trip's delivery fee moved on. `wasPaid`: the
   * date's payment status before the move (a delivery marks cash dates paid). Returns the id to
   * {@link enqueue} after the commit, or null when nothing is owed through a gateway (cash, unpaid).
   */
  async draftAfterMove(
    m: EntityManager,
    selectionId: string,
    to: OrderStatus,
    wasPaid: boolean,
  ): Promise<string | null> {
    if (to !== OrderStatus.CANCELLED && to !== OrderStatus.DELIVERED) return null;
    const [d]: Array<{
      order_id: string;
      gateway: string;
      currency_code: string;
      item_total: string;
      delivery_fee: string;
      payout_refund_status: PayoutRefundStatus;
    }> = await m.query(
      `SELECT o.id AS order_id, pd.gateway, o.currency_code, s.item_total::text, s.delivery_fee::text, s.payout_refund_status
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id JOIN payment_details pd ON pd.order_id = o.id
        WHERE s.id = $1`,
      [selectionId],
    );
    if (!d || !wasPaid || !ONLINE_GATEWAYS.includes(d.gateway)) return null;
    if (d.payout_refund_status !== PayoutRefundStatus.DEFAULT) return null;
    let amount: number;
    if (to === OrderStatus.CANCELLED) {
      // After passOnTripFee: the date carries its delivery fee only when no live date of its trip took it.
      amount = dateNetAmount({ itemTotal: d.item_total, deliveryFee: d.delivery_fee }, d.currency_code);
    } else {
      amount = (await this.payoutSplit(m, d.order_id, d.currency_code)).get(selectionId)?.payout ?? 0;
    }
    if (amount <= 0) return null;
    await m.query(
      `UPDATE order_date_selection SET payout_refund_status = $2, payout_refund_amount = $3, payout_refund_error = NULL,
              payout_refund_reference = NULL, payout_refund_attempts = 0, payout_refund_at = NULL, updated_at = now()
        WHERE id = $1`,
      [selectionId, PayoutRefundStatus.DRAFTED, fromMinor(amount, d.currency_code)],
    );
    return selectionId;
  }

  /**
   * Each date's gross, gateway fee share, platform fee and payout (shared `splitDatePayouts`): the order's
   * gateway fees (payment_details.transaction_fees) split over all its dates by what each was paid, the
   * platform fee at the rate stored on the date's line.
   */
  async payoutSplit(m: EntityManager, orderId: string, currencyCode: string) {
    const rows: Array<{ id: string; item_total: string; delivery_fee: string; vs_fees: string }> =
      await m.query(
        `SELECT s.id, s.item_total::text, s.delivery_fee::text, l.vs_fees::text
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
        WHERE l.order_id = $1 ORDER BY s.id`,
        [orderId],
      );
    const [pd]: Array<{ transaction_fees: string }> = await m.query(
      `SELECT transaction_fees::text FROM payment_details WHERE order_id = $1`,
      [orderId],
    );
    return splitDatePayouts(
      rows.map((r) => ({
        id: r.id,
        gross: dateNetAmount({ itemTotal: r.item_total, deliveryFee: r.delivery_fee }, currencyCode),
        vsFeeRate: r.vs_fees,
      })),
      toMinorOrZero(pd?.transaction_fees, currencyCode),
    );
  }

  /** Adds a job per date selection (after the commit). Never throws: the sweep picks up what is lost. */
  async enqueue(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        // A fresh id per request: a job id that already ran is otherwise ignored by BullMQ.
        await this.queue.add(
          SETTLE_JOB,
          { selectionId: id },
          {
            jobId: `settle-${id}-${Date.now()}`,
            attempts: 4,
            backoff: { type: 'exponential', delay: 5000 },
          },
        );
      } catch (error) {
        this.logger.warn({ err: error, selectionId: id }, 'Could not enqueue a settlement; the sweep will');
      }
    }
  }

  /** The facts of one date selection that has a refund or payout (any state), or undefined. */
  async facts(selectionId: string, m: EntityManager = this.db.manager): Promise<SettlementRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(selectionId)) return undefined;
    const rows: SettlementRow[] = await m.query(
      `${FACTS_SQL} WHERE s.id = $1 AND s.payout_refund_status <> '${PayoutRefundStatus.DEFAULT}'`,
      [selectionId],
    );
    return rows[0];
  }

  /** The date selection whose refund or payout has this gateway id. */
  async byReference(m: EntityManager, reference: string): Promise<SettlementRow | undefined> {
    const rows: SettlementRow[] = await m.query(`${FACTS_SQL} WHERE s.payout_refund_reference = $1`, [
      reference,
    ]);
    return rows[0];
  }

  /**
   * The order whose payment is recorded under this gateway id (H1's "payment completed" writes them): a
   * Stripe PaymentIntent or Cashfree cf_payment_id, a Cashfree order id once its payment is recorded, a
   * PayPal capture id in `additionalDetails.paypalCaptures`. Undefined: not recorded (yet).
   */
  async paidOrderOf(
    m: EntityManager,
    by: { gatewayPaymentId?: string; genericId?: string; paypalCaptureId?: string },
  ): Promise<{ orderId: string } | undefined> {
    const [sql, value] = by.gatewayPaymentId
      ? ['gateway_payment_id = $1', by.gatewayPaymentId]
      : by.genericId
        ? ['payment_details_generic_id = $1 AND gateway_payment_id IS NOT NULL', by.genericId]
        : [
            `EXISTS (SELECT 1 FROM jsonb_each_text(CASE WHEN jsonb_typeof(additional_details->'paypalCaptures') = 'object' THEN additional_details->'paypalCaptures' ELSE '{}'::jsonb END) c WHERE c.value = $1)`,
            by.paypalCaptureId ?? '',
          ];
    const rows: Array<{ orderId: string }> = await m.query(
      `SELECT order_id AS "orderId" FROM payment_details WHERE ${sql} LIMIT 1`,
      [value],
    );
    return rows[0];
  }

  /** The refund or payout went through: REFUNDED / COMPLETED with the gateway's id. */
  async recordDone(
    m: EntityManager,
    selectionId: string,
    kind: SettlementKind,
    reference: string,
  ): Promise<void> {
    await m.query(
      `UPDATE order_date_selection SET payout_refund_status = $2, payout_refund_reference = $3, payout_refund_error = NULL,
              payout_refund_at = coalesce(payout_refund_at, now()), updated_at = now()
        WHERE id = $1`,
      [
        selectionId,
        kind === SettlementKind.REFUND ? PayoutRefundStatus.REFUNDED : PayoutRefundStatus.COMPLETED,
        reference,
      ],
    );
  }

  /** The gateway refused or failed: FAILED with its reason, one more attempt counted. Returns the count. */
  async recordFailed(
    m: EntityManager,
    selectionId: string,
    reason: string,
    reference?: string | null,
    /** An attempt's own failure: never overwrites a refund or payout a gateway event has confirmed meanwhile. */
    onlyIfPending = false,
  ): Promise<number> {
    const rows = returnedRows<{ payout_refund_attempts: number }>(
      await m.query(
        `UPDATE order_date_selection SET payout_refund_status = $2, payout_refund_error = $3, payout_refund_attempts = payout_refund_attempts + 1,
              payout_refund_reference = coalesce($4, payout_refund_reference), payout_refund_at = NULL, updated_at = now()
        WHERE id = $1 ${onlyIfPending ? `AND payout_refund_status IN ('${PayoutRefundStatus.DRAFTED}', '${PayoutRefundStatus.FAILED}')` : ''}
        RETURNING payout_refund_attempts`,
        [selectionId, PayoutRefundStatus.FAILED, reason.slice(0, 1000), reference ?? null],
      ),
    );
    return rows[0]?.payout_refund_attempts ?? 0;
  }

  /**
   * No answer from the gateway (down, timed out): FAILED with why, the attempt count kept, so the next try
   * sends the same idempotency key and a refund that did go through is replayed, never repeated.
   */
  async recordUnreachable(m: EntityManager, selectionId: string, reason: string): Promise<number> {
    const rows = returnedRows<{ payout_refund_attempts: number }>(
      await m.query(
        `UPDATE order_date_selection SET payout_refund_status = $2, payout_refund_error = $3, updated_at = now()
          WHERE id = $1 AND payout_refund_status IN ($4, $2) RETURNING payout_refund_attempts`,
        [
          selectionId,
          PayoutRefundStatus.FAILED,
          `The payment provider could not be reached: ${reason}`,
          PayoutRefundStatus.DRAFTED,
        ],
      ),
    );
    return rows[0]?.payout_refund_attempts ?? 0;
  }

  /**
   * Takes the attempt lock of one date selection for the caller's transaction (a transaction-scoped advisory
   * lock, not the row: status moves and gateway events may still write the row while a gateway call is under
   * way); false when another attempt holds it.
   */
  async lockForAttempt(m: EntityManager, selectionId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(selectionId)) return false;
    const [row]: Array<{ locked: boolean }> = await m.query(
      `SELECT pg_try_advisory_xact_lock(hashtextextended('settlement:' || $1, 0)) AS locked`,
      [selectionId],
    );
    return row?.locked === true;
  }

  /** Nothing to try yet (no payout account): stays DRAFTED with why; the sweep looks again. */
  async recordWaiting(m: EntityManager, selectionId: string, reason: string): Promise<void> {
    await m.query(
      `UPDATE order_date_selection SET payout_refund_error = $2, updated_at = now() WHERE id = $1 AND payout_refund_status = $3`,
      [selectionId, reason, PayoutRefundStatus.DRAFTED],
    );
  }

  /**
   * DRAFTED or FAILED refunds and payouts left alone for `olderThanMs` (a lost job, a failed one, a kitchen
   * that has set up payouts since) and not past the attempt bound.
   */
  async due(olderThanMs: number, limit = 200): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM order_date_selection
        WHERE payout_refund_status IN ($1, $2) AND payout_refund_attempts < $3
          AND updated_at < now() - make_interval(secs => $4)
        ORDER BY updated_at LIMIT $5`,
      [
        PayoutRefundStatus.DRAFTED,
        PayoutRefundStatus.FAILED,
        SETTLEMENT_MAX_ATTEMPTS,
        olderThanMs / 1000,
        limit,
      ],
    );
    return rows.map((r) => r.id);
  }

  /** The admin's list: refunds and payouts in one state, oldest change first. */
  async list(status: PayoutRefundStatus, limit = 200): Promise<SettlementRow[]> {
    return this.db.query(`${FACTS_SQL} WHERE s.payout_refund_status = $1 ORDER BY s.updated_at LIMIT $2`, [
      status,
      limit,
    ]);
  }

  /**
   * An admin asks for another try: a FAILED (or waiting DRAFTED) refund or payout goes back to DRAFTED with
   * a fresh attempt count and is enqueued. Returns false when the date has nothing to retry.
   */
  async retry(actor: Principal, selectionId: string): Promise<boolean> {
    // The admin's retry and its audit row (S-10) commit together; the job is added after the commit.
    const retried = await this.db.transaction(async (m) => {
      const rows = returnedRows<{ status: string; attempts: number; error: string | null }>(
        await m.query(
          `UPDATE order_date_selection s SET payout_refund_status = $2, payout_refund_attempts = 0, updated_at = now()
             FROM (SELECT id, payout_refund_status, payout_refund_attempts, payout_refund_error
                     FROM order_date_selection WHERE id = $1 FOR UPDATE) old
            WHERE s.id = old.id AND old.payout_refund_status IN ($2, $3)
           RETURNING old.payout_refund_status AS status, old.payout_refund_attempts AS attempts,
                     old.payout_refund_error AS error`,
          [selectionId, PayoutRefundStatus.DRAFTED, PayoutRefundStatus.FAILED],
        ),
      );
      const [old] = rows;
      if (!old) return false;
      await this.audit.record(m, actor, {
        action: 'settlement.retry',
        targetType: 'order-date',
        targetId: selectionId,
        before: { status: old.status, attempts: old.attempts, error: old.error },
        after: { status: PayoutRefundStatus.DRAFTED, attempts: 0 },
      });
      return true;
    });
    if (retried) await this.enqueue([selectionId]);
    return retried;
  }
}

/** The rows of an `UPDATE … RETURNING` through EntityManager.query (TypeORM answers `[rows, count]`). */
export function returnedRows<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[0] as T[];
  return (Array.isArray(result) ? result : []) as T[];
}

/** Whether a date selection's payment status counts as paid (read before a move changes it). */
export const isPaid = (paymentStatus: string): boolean => paymentStatus === PaymentStatus.COMPLETED;
