import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import Stripe from 'stripe';
import { fromMinor, PaymentGateway, PayoutRefundStatus, toMinor } from '@hearth/shared';
import {
  OrderSettlementService,
  SETTLEMENT_MAX_ATTEMPTS,
  SettlementKind,
  WAITING_FOR_PAYOUT_ACCOUNT,
  type SettlementFacts,
} from '../../order/order-settlement.service.js';
import { OnScheduledJob } from '../../../queue/on-scheduled-job.decorator.js';
import { CashfreeApiError } from '../gateways/cashfree-client.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';
import { PayPalApiError } from '../gateways/paypal-client.js';

/** What one attempt came to. */
export type SettleOutcome =
  | { state: 'done'; reference: string }
  /** The gateway refused (a definitive answer) or could not be reached (`transient`). */
  | { state: 'failed'; reason: string; transient: boolean; attempts: number; reference?: string | null }
  | { state: 'waiting'; reason: string }
  | { state: 'skipped' };

/** A gateway answer that says why, as the gateway worded it. */
export class GatewayRefusal extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly reference: string | null = null,
  ) {
    super(message);
  }
}

/** A DRAFTED or FAILED row untouched this long is the sweep's (its job was lost, failed or is waiting). */
export const SWEEP_AFTER_MS = 3 * 60_000;

/**
 * Refunds cancelled paid dates and pays chefs for delivered ones through the gateway the order was paid
 * with (issue 15 item 6). The order module decides what is owed and keeps the bookkeeping
 * (OrderSettlementService); this service makes the one gateway call per attempt, with the gateway's
 * idempotency (Stripe Idempotency-Key, PayPal-Request-Id, Cashfree refund_id / transfer_id = the date
 * selection id), so a repeated job or a sweep racing a job never pays twice.
 *
 * Idempotency keys: `refund:<id>` / `payout:<id>` on the first try. A gateway stores a refusal (4xx) under its
 * key and replays it, so after a refusal the next try adds the attempt count (`refund:<id>:2`); a try that got
 * no answer keeps its key (and the count), so replaying it can never refund twice.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrderSettlementService,
    private readonly gateways: PaymentGatewaysService,
  ) {}

  /**
   * One attempt at one date selection's refund or payout; the outcome is recorded on the row. The attempt
   * holds the date's attempt lock, so a job and the sweep never call the gateway for one date at once.
   */
  async settle(selectionId: string): Promise<SettleOutcome> {
    return this.db.transaction(async (m) => {
      if (!(await this.orders.lockForAttempt(m, selectionId))) return { state: 'skipped' } as const;
      const f = await this.orders.facts(selectionId, m);
      if (
        !f ||
        (f.status !== PayoutRefundStatus.DRAFTED && f.status !== PayoutRefundStatus.FAILED) ||
        f.attempts >= SETTLEMENT_MAX_ATTEMPTS
      )
        return { state: 'skipped' } as const;
      try {
        const reference = f.kind === SettlementKind.REFUND ? await this.refund(f) : await this.payout(m, f);
        if (reference === null) {
          await this.orders.recordWaiting(m, f.selectionId, WAITING_FOR_PAYOUT_ACCOUNT);
          return { state: 'waiting', reason: WAITING_FOR_PAYOUT_ACCOUNT } as const;
        }
        await this.orders.recordDone(m, f.selectionId, f.kind, reference);
        this.logger.log({ selectionId, kind: f.kind, reference, amount: f.amount }, `${f.kind} done`);
        return { state: 'done', reference } as const;
      } catch (error) {
        const refusal = asRefusal(error);
        const attempts = refusal.transient
          ? await this.orders.recordUnreachable(m, f.selectionId, refusal.message)
          : await this.orders.recordFailed(m, f.selectionId, refusal.message, refusal.reference, true);
        this.logger.warn({ selectionId, kind: f.kind, reason: refusal.message }, `${f.kind} failed`);
        return {
          state: 'failed',
          reason: refusal.message,
          transient: refusal.transient,
          attempts,
          reference: refusal.reference,
        } as const;
      }
    });
  }

  /**
   * Every few minutes: DRAFTED and FAILED refunds and payouts that no job is working on (lost, failed, or a
   * kitchen that has set up payouts since) get another attempt, up to SETTLEMENT_MAX_ATTEMPTS refusals.
   */
  @OnScheduledJob({ name: 'settlements-sweep', pattern: '*/5 * * * *' })
  async sweep(olderThanMs = SWEEP_AFTER_MS): Promise<number> {
    let done = 0;
    for (const id of await this.orders.due(olderThanMs)) {
      const outcome = await this.settle(id);
      if (outcome.state === 'done') done += 1;
    }
    return done;
  }

  private key(kind: SettlementKind, f: SettlementFacts): string {
    return f.attempts > 0 ? `${kind}:${f.selectionId}:${f.attempts + 1}` : `${kind}:${f.selectionId}`;
  }

  /** Cashfree's refund_id / transfer_id: the date selection id, `-r<n>` after a refusal (a new request). */
  private cashfreeId(f: SettlementFacts): string {
    return gatewayRequestId(f.selectionId, f.attempts);
  }

  /** Gives the date's amount back to the customer through the gateway that took it; the refund's id. */
  private async refund(f: SettlementFacts): Promise<string> {
    const minor = toMinor(f.amount, f.currencyCode);
    const metadata = { selectionId: f.selectionId, orderNumber: f.orderNumber, date: f.date };
    switch (f.gateway) {
      case PaymentGateway.STRIPE: {
        const stripe = this.need(this.gateways.stripe, 'Stripe');
        if (!f.gatewayPaymentId) throw new GatewayRefusal('The card payment is not recorded yet', true);
        // No transfer exists before delivery, so none is reversed; the platform fee is simply not earned.
        const refund = await stripe.refunds.create(
          { payment_intent: f.gatewayPaymentId, amount: minor, metadata },
          { idempotencyKey: this.key(SettlementKind.REFUND, f) },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw new GatewayRefusal(
            `Stripe refund ${refund.id} ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}`,
            false,
            refund.id,
          );
        return refund.id;
      }
      case PaymentGateway.PAYPAL: {
        const paypal = this.need(this.gateways.paypal, 'PayPal');
        const capture = paypalCaptureOf(f);
        if (!capture) throw new GatewayRefusal("The kitchen's PayPal capture is not recorded yet", true);
        const refund = await paypal.refundCapture(capture, this.key(SettlementKind.REFUND, f), {
          amount: { currency_code: f.currencyCode, value: fromMinor(minor, f.currencyCode) },
          invoice_id: `${f.orderNumber}-${f.selectionId.slice(0, 8)}`,
          custom_id: f.selectionId,
          note_to_payer: `Refund for ${f.date}, order ${f.orderNumber}`,
        });
        return refund.id;
      }
      case PaymentGateway.CASH_FREE: {
        const cashfree = this.need(this.gateways.cashfree, 'Cashfree');
        if (!f.paymentDetailsGenericId) throw new GatewayRefusal('The Cashfree order is not recorded', false);
        // refund_id is the date selection: a second try finds the first refund instead of making another.
        const existing = await cashfree
          .PGOrderFetchRefund(f.paymentDetailsGenericId, this.cashfreeId(f))
          .then((r) => r.data)
          .catch(() => null);
        const refund =
          existing ??
          (
            await cashfree.PGOrderCreateRefund(f.paymentDetailsGenericId, {
              refund_amount: Number(fromMinor(minor, f.currencyCode)),
              refund_id: this.cashfreeId(f),
              refund_note: `Order ${f.orderNumber}, ${f.date}`,
            })
          ).data;
        if (refund.refund_status === 'CANCELLED')
          throw new GatewayRefusal(
            `Cashfree refund ${f.selectionId} cancelled: ${refund.status_description ?? 'no reason given'}`,
            false,
          );
        return refund.cf_refund_id ?? f.selectionId;
      }
      default:
        throw new GatewayRefusal(`A ${f.gateway} order has nothing to refund through a gateway`, false);
    }
  }

  /**
   * Pays the chef's share to the kitchen's payout account; null while the kitchen has none (Stripe account
   * with payouts enabled, or a registered Cashfree beneficiary). A card payment goes to the kitchen's Stripe
   * account from that charge (`source_transaction`); PayPal and Cashfree payments go to whichever account
   * the kitchen has.
   */
  private async payout(m: EntityManager, f: SettlementFacts): Promise<string | null> {
    const minor = toMinor(f.amount, f.currencyCode);
    const [account]: Array<{ account_id: string }> = await m.query(
      `SELECT account_id FROM payout_account WHERE publisher_id = $1 AND gateway = 'stripe' AND payouts_enabled`,
      [f.publisherId],
    );
    const [beneficiary]: Array<{ bene_id: string }> = await m.query(
      `SELECT bene_id FROM bank_beneficiary WHERE publisher_id = $1 AND registered_at IS NOT NULL ORDER BY registered_at DESC LIMIT 1`,
      [f.publisherId],
    );
    const stripeFirst = f.gateway !== PaymentGateway.CASH_FREE;
    if (account && this.gateways.stripe && (stripeFirst || !beneficiary || !this.gateways.cashfreePayout)) {
      const stripe = this.gateways.stripe;
      let sourceTransaction: string | undefined;
      if (f.gateway === PaymentGateway.STRIPE) {
        sourceTransaction = await this.chargeOf(stripe, f);
        if (!sourceTransaction) throw new GatewayRefusal('The card charge is not recorded yet', true);
      }
      const transfer = await stripe.transfers.create(
        {
          amount: minor,
          currency: f.currencyCode.toLowerCase(),
          destination: account.account_id,
          transfer_group: f.orderNumber,
          metadata: { selectionId: f.selectionId, orderNumber: f.orderNumber, date: f.date },
          ...(sourceTransaction ? { source_transaction: sourceTransaction } : {}),
        },
        { idempotencyKey: this.key(SettlementKind.PAYOUT, f) },
      );
      return transfer.id;
    }
    if (beneficiary && this.gateways.cashfreePayout) {
      const payouts = this.gateways.cashfreePayout;
      const existing = await payouts.getTransfer(this.cashfreeId(f)).catch(() => null);
      const transfer =
        existing ??
        (await payouts.createTransfer({
          transfer_id: this.cashfreeId(f),
          transfer_amount: Number(fromMinor(minor, f.currencyCode)),
          beneficiary_details: { beneficiary_id: beneficiary.bene_id },
          transfer_remarks: `Hearth ${f.orderNumber}`.slice(0, 70),
        }));
      if (transfer.status === 'FAILED' || transfer.status === 'REJECTED' || transfer.status === 'REVERSED')
        throw new GatewayRefusal(
          `Cashfree transfer ${transfer.status.toLowerCase()}: ${transfer.status_description ?? 'no reason given'}`,
          false,
          transfer.cf_transfer_id,
        );
      return transfer.cf_transfer_id ?? f.selectionId;
    }
    return null;
  }

  /** The charge of a card payment: as recorded (additionalDetails.chargeId), else the PaymentIntent's. */
  private async chargeOf(stripe: Stripe, f: SettlementFacts): Promise<string | undefined> {
    const recorded = f.additionalDetails?.chargeId;
    if (typeof recorded === 'string' && recorded) return recorded;
    if (!f.gatewayPaymentId) return undefined;
    const pi = await stripe.paymentIntents.retrieve(f.gatewayPaymentId);
    const charge = pi.latest_charge;
    return typeof charge === 'string' ? charge : (charge?.id ?? undefined);
  }

  private need<T>(client: T | null, name: string): T {
    if (!client) throw new GatewayRefusal(`${name} is not configured on this server`, true);
    return client;
  }
}

/** A Cashfree refund_id / transfer_id: the selection id, then `<id>-r<n>` for the n-th try after refusals. */
export function gatewayRequestId(selectionId: string, attempts: number): string {
  return attempts > 0 ? `${selectionId}-r${attempts + 1}` : selectionId;
}

/** The date selection a Cashfree refund_id / transfer_id names. */
export function selectionOfRequestId(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-r\d+)?$/i.exec(id);
  return m ? m[1].toLowerCase() : null;
}

/** The kitchen's PayPal capture (`additionalDetails.paypalCaptures[publisherId]`, one per purchase unit). */
export function paypalCaptureOf(
  f: Pick<SettlementFacts, 'additionalDetails' | 'publisherId'>,
): string | null {
  const captures = f.additionalDetails?.paypalCaptures;
  if (!captures || typeof captures !== 'object' || Array.isArray(captures)) return null;
  const id = (captures as Record<string, unknown>)[f.publisherId];
  return typeof id === 'string' && id ? id : null;
}

/** A gateway error in the gateway's words, and whether it was an answer at all. */
export function asRefusal(error: unknown): GatewayRefusal {
  if (error instanceof GatewayRefusal) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const transient =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      (error.statusCode ?? 0) >= 500;
    return new GatewayRefusal(`Stripe: ${error.message}`, transient);
  }
  if (error instanceof PayPalApiError)
    return new GatewayRefusal(
      `PayPal: ${error.issue ? `${error.issue}: ` : ''}${error.message}`,
      error.status >= 500,
    );
  if (error instanceof CashfreeApiError)
    return new GatewayRefusal(`Cashfree: ${error.message}`, error.status >= 500);
  // cashfree-pg rejects with the axios error; its body has Cashfree's code and message.
  const axiosLike = error as { response?: { status?: number; data?: { message?: string; code?: string } } };
  if (axiosLike?.response?.data?.message)
    return new GatewayRefusal(
      `Cashfree: ${axiosLike.response.data.message}`,
      (axiosLike.response.status ?? 500) >= 500,
    );
  const message = error instanceof Error ? error.message : String(error);
  return new GatewayRefusal(message, true);
}
