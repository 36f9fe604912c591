import { Injectable, Logger } from '@nestjs/common';
import { PaymentGateway, PayoutRefundStatus } from '@hearth/shared';
import {
  OrderSettlementService,
  SettlementKind,
  type SettlementRow,
} from '../../order/order-settlement.service.js';
import {
  OnPaymentEvent,
  PaymentEventNotReady,
  type PaymentEventContext,
} from '../events/on-payment-event.decorator.js';
import { selectionOfRequestId } from './settlement.service.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A gateway's word on one refund or transfer, in Hearth's terms. */
interface GatewayReport {
  /** The gateway's id of the refund / transfer (what payout_refund_reference holds). */
  reference: string;
  /** The date selection Hearth named in the request (metadata, custom_id, refund_id, transfer_id). */
  selectionId: string | null;
  outcome: 'done' | 'failed' | 'pending';
  reason: string | null;
}

/**
 * Gateway events about refunds and payouts (issue 15 item 6), applied in the payment-events worker's
 * transaction: they confirm what the settlements worker recorded, or correct it (a refund that failed later
 * at the bank, a transfer reversed, a refund that went through while the worker's own answer was lost). A
 * refund of a payment Hearth has not recorded yet is not ready: the worker retries it once the payment event
 * has been applied, so a refund that arrives before its capture still ends in the right state.
 */
@Injectable()
export class SettlementEventsService {
  private readonly logger = new Logger(SettlementEventsService.name);

  constructor(private readonly orders: OrderSettlementService) {}

  @OnPaymentEvent(
    PaymentGateway.STRIPE,
    'refund.created',
    'refund.updated',
    'refund.failed',
    'charge.refunded',
    'charge.refund.updated',
  )
  async stripeRefund(ctx: PaymentEventContext): Promise<void> {
    const object = obj(obj(ctx.event.payload.data).object);
    const refunds =
      object.object === 'charge' ? ((obj(object.refunds).data as unknown[] | undefined) ?? []) : [object];
    const paymentIntent = str(object.payment_intent);
    if (!paymentIntent || !(await this.orders.paidOrderOf(ctx.m, { gatewayPaymentId: paymentIntent })))
      throw new PaymentEventNotReady(`Stripe payment ${paymentIntent ?? '(none)'} is not recorded yet`);
    for (const r of refunds.map(obj)) {
      const id = str(r.id);
      if (!id) continue;
      const status = str(r.status);
      await this.apply(ctx, SettlementKind.REFUND, {
        reference: id,
        selectionId: str(obj(r.metadata).selectionId),
        outcome:
          status === 'succeeded'
            ? 'done'
            : status === 'failed' || status === 'canceled'
              ? 'failed'
              : 'pending',
        reason: `Stripe refund ${status ?? 'unknown'}${str(r.failure_reason) ? `: ${str(r.failure_reason)}` : ''}`,
      });
    }
  }

  @OnPaymentEvent(PaymentGateway.PAYPAL, 'PAYMENT.CAPTURE.REFUNDED')
  async paypalRefund(ctx: PaymentEventContext): Promise<void> {
    const refund = obj(ctx.event.payload.resource);
    const up = ((refund.links as unknown[]) ?? []).map(obj).find((l) => l.rel === 'up');
    const capture = str(up?.href)?.split('/').pop() ?? null;
    if (!capture || !(await this.orders.paidOrderOf(ctx.m, { paypalCaptureId: capture })))
      throw new PaymentEventNotReady(`PayPal capture ${capture ?? '(none)'} is not recorded yet`);
    const id = str(refund.id);
    if (!id) return;
    const status = str(refund.status);
    await this.apply(ctx, SettlementKind.REFUND, {
      reference: id,
      selectionId: str(refund.custom_id),
      outcome:
        status === 'COMPLETED'
          ? 'done'
          : status === 'FAILED' || status === 'CANCELLED'
            ? 'failed'
            : 'pending',
      reason: `PayPal refund ${status ?? 'unknown'}`,
    });
  }

  @OnPaymentEvent(PaymentGateway.CASH_FREE, 'REFUND_STATUS_WEBHOOK')
  async cashfreeRefund(ctx: PaymentEventContext): Promise<void> {
    const refund = obj(obj(ctx.event.payload.data).refund);
    const order = str(refund.order_id);
    if (!order || !(await this.orders.paidOrderOf(ctx.m, { genericId: order })))
      throw new PaymentEventNotReady(`Cashfree order ${order ?? '(none)'}'s payment is not recorded yet`);
    const status = str(refund.refund_status);
    await this.apply(ctx, SettlementKind.REFUND, {
      reference: str(refund.cf_refund_id) ?? str(refund.refund_id) ?? '',
      selectionId: selectionOfRequestId(refund.refund_id),
      outcome: status === 'SUCCESS' ? 'done' : status === 'CANCELLED' ? 'failed' : 'pending',
      reason: `Cashfree refund ${status ?? 'unknown'}: ${str(refund.status_description) ?? 'no reason given'}`,
    });
  }

  @OnPaymentEvent(
    PaymentGateway.CASH_FREE,
    'TRANSFER_SUCCESS',
    'TRANSFER_FAILED',
    'TRANSFER_REVERSED',
    'TRANSFER_REJECTED',
  )
  async cashfreeTransfer(ctx: PaymentEventContext): Promise<void> {
    const payload = ctx.event.payload;
    const transfer = obj(payload.data);
    const type = str(payload.event_type) ?? ctx.event.type;
    const why = str(transfer.status_description) ?? 'no reason given';
    await this.apply(ctx, SettlementKind.PAYOUT, {
      reference: str(transfer.cf_transfer_id) ?? str(transfer.transfer_id) ?? '',
      selectionId: selectionOfRequestId(transfer.transfer_id),
      outcome: type === 'TRANSFER_SUCCESS' ? 'done' : 'failed',
      reason:
        type === 'TRANSFER_REVERSED'
          ? `Cashfree transfer reversed by the bank: ${why}`
          : `Cashfree transfer ${type === 'TRANSFER_REJECTED' ? 'rejected' : 'failed'}: ${why}`,
    });
  }

  /** Confirms or corrects one date selection's refund or payout from a gateway report. */
  private async apply(ctx: PaymentEventContext, kind: SettlementKind, r: GatewayReport): Promise<void> {
    if (!r.reference) return;
    let row: SettlementRow | undefined = await this.orders.byReference(ctx.m, r.reference);
    if (!row && r.selectionId) row = await this.orders.facts(r.selectionId, ctx.m);
    if (!row || row.kind !== kind) {
      // A refund made outside Hearth (the gateway's dashboard): nothing of ours to confirm.
      this.logger.log({ reference: r.reference, kind }, 'Gateway report about no refund or payout of ours');
      return;
    }
    ctx.relateToOrder(row.orderId);
    const doneStatus =
      kind === SettlementKind.REFUND ? PayoutRefundStatus.REFUNDED : PayoutRefundStatus.COMPLETED;
    if (r.outcome === 'done' && (row.status !== doneStatus || row.reference !== r.reference))
      await this.orders.recordDone(ctx.m, row.selectionId, kind, r.reference);
    // A late failure of an earlier try says nothing about the later one that went through.
    const otherDone = row.status === doneStatus && row.reference !== null && row.reference !== r.reference;
    if (
      r.outcome === 'failed' &&
      !otherDone &&
      !(row.status === PayoutRefundStatus.FAILED && row.error === r.reason)
    )
      await this.orders.recordFailed(
        ctx.m,
        row.selectionId,
        r.reason ?? 'Failed at the gateway',
        r.reference,
      );
  }
}
