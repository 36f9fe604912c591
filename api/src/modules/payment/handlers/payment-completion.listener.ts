import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { PaymentGateway, sumMinor, toMinor } from '@hearth/shared';
import { OutboxService } from '../../mail/outbox.service.js';
import {
  OrderPaymentService,
  type OrderPaymentView,
  type PaymentReceived,
} from '../../order/order-payment.service.js';
import { PaymentHoldService } from '../../order/payment-hold.service.js';
import {
  OnPaymentEvent,
  PaymentEventNotReady,
  type PaymentEventContext,
} from '../events/on-payment-event.decorator.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';
import { PayPalApiError, type PayPalOrder } from '../gateways/paypal-client.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * Payments completing and failing (issue 15 item 4): what each gateway's success and failure events mean
 * for an order. The order's tables change in OrderPaymentService, inside the worker's transaction for the
 * event; a success and its twin (Stripe's session.completed and payment_intent.succeeded, PayPal's
 * approval and capture) find the order paid already and do nothing.
 */
@Injectable()
export class PaymentCompletionListener {
  private readonly logger = new Logger(PaymentCompletionListener.name);

  constructor(
    private readonly gateways: PaymentGatewaysService,
    private readonly orders: OrderPaymentService,
    private readonly holds: PaymentHoldService,
    private readonly outbox: OutboxService,
  ) {}

  // ---- Stripe -------------------------------------------------------------------------------------

  @OnPaymentEvent(PaymentGateway.STRIPE, 'checkout.session.completed')
  async stripeSessionCompleted(ctx: PaymentEventContext): Promise<void> {
    const session = obj(obj(ctx.event.payload.data).object);
    // Delayed payment methods complete later, with payment_intent.succeeded.
    if (session.payment_status !== 'paid') return;
    const orderId = await this.stripeOrderId(ctx, str(session.id), obj(session.metadata));
    const piId = str(session.payment_intent) ?? str(obj(session.payment_intent).id);
    if (!orderId || !piId) return;
    await this.stripePaid(
      ctx,
      orderId,
      piId,
      typeof session.amount_total === 'number' ? session.amount_total : null,
    );
  }

  @OnPaymentEvent(PaymentGateway.STRIPE, 'payment_intent.succeeded')
  async stripeIntentSucceeded(ctx: PaymentEventContext): Promise<void> {
    const pi = obj(obj(ctx.event.payload.data).object);
    const orderId = await this.stripeOrderId(ctx, null, obj(pi.metadata));
    const piId = str(pi.id);
    if (!orderId || !piId) return;
    await this.stripePaid(
      ctx,
      orderId,
      piId,
      typeof pi.amount_received === 'number' ? pi.amount_received : null,
    );
  }

  @OnPaymentEvent(PaymentGateway.STRIPE, 'payment_intent.payment_failed')
  async stripeIntentFailed(ctx: PaymentEventContext): Promise<void> {
    const pi = obj(obj(ctx.event.payload.data).object);
    const orderId = await this.stripeOrderId(ctx, null, obj(pi.metadata));
    if (!orderId) return;
    const error = obj(pi.last_payment_error);
    await this.orders.recordFailure(ctx.m, orderId, str(error.message) ?? 'The card payment failed.');
  }

  @OnPaymentEvent(PaymentGateway.STRIPE, 'checkout.session.expired')
  async stripeSessionExpired(ctx: PaymentEventContext): Promise<void> {
    const session = obj(obj(ctx.event.payload.data).object);
    const orderId = await this.stripeOrderId(ctx, str(session.id), obj(session.metadata));
    if (!orderId) return;
    // Its own transaction, idempotent: a re-run of this event finds the hold released and gets false.
    await this.holds.release(orderId, 'The card payment session expired before the payment completed.', {
      restoreCart: true,
    });
  }

  // ---- PayPal -------------------------------------------------------------------------------------

  /** The buyer approved: capture (PayPal-Request-Id = our order id; H2's return page may have captured). */
  @OnPaymentEvent(PaymentGateway.PAYPAL, 'CHECKOUT.ORDER.APPROVED')
  async paypalApproved(ctx: PaymentEventContext): Promise<void> {
    const paypalOrderId = str(obj(ctx.event.payload.resource).id);
    if (!paypalOrderId) return;
    const orderId = await this.related(ctx, paypalOrderId);
    if (!orderId) return;
    const view = await this.orders.lockPayment(ctx.m, orderId);
    if (!view || view.isPaymentCompleted) return;
    const paypal = this.required(this.gateways.paypal, 'PayPal');
    let order: PayPalOrder;
    try {
      order = await paypal.captureOrder(paypalOrderId, orderId);
    } catch (error) {
      if (!(error instanceof PayPalApiError && error.issue === 'ORDER_ALREADY_CAPTURED')) throw error;
      order = await paypal.getOrder(paypalOrderId);
    }
    await this.paypalPaid(ctx, orderId, order);
  }

  @OnPaymentEvent(PaymentGateway.PAYPAL, 'PAYMENT.CAPTURE.COMPLETED')
  async paypalCaptureCompleted(ctx: PaymentEventContext): Promise<void> {
    const capture = obj(ctx.event.payload.resource);
    const paypalOrderId = str(obj(obj(capture.supplementary_data).related_ids).order_id);
    if (!paypalOrderId) return;
    const orderId = await this.related(ctx, paypalOrderId);
    if (!orderId) return;
    const view = await this.orders.lockPayment(ctx.m, orderId);
    if (!view || view.isPaymentCompleted) return;
    const order = await this.required(this.gateways.paypal, 'PayPal').getOrder(paypalOrderId);
    // One capture per kitchen: the order is paid when PayPal says the whole order is.
    if (order.status !== 'COMPLETED') {
      throw new PaymentEventNotReady(`PayPal order ${paypalOrderId} is ${order.status}, not COMPLETED yet`);
    }
    await this.paypalPaid(ctx, orderId, order);
  }

  // ---- Cashfree -----------------------------------------------------------------------------------

  @OnPaymentEvent(PaymentGateway.CASH_FREE, 'PAYMENT_SUCCESS_WEBHOOK')
  async cashfreeSuccess(ctx: PaymentEventContext): Promise<void> {
    const data = obj(ctx.event.payload.data);
    const payment = obj(data.payment);
    const cfOrderId = str(obj(data.order).order_id);
    const cfPaymentId = payment.cf_payment_id == null ? null : String(payment.cf_payment_id);
    if (!cfOrderId || !cfPaymentId) return;
    const orderId = await this.related(ctx, cfOrderId);
    if (!orderId) return;
    const view = await this.orders.lockPayment(ctx.m, orderId);
    if (!view) return;
    const amount = payment.payment_amount;
    await this.paid(ctx, view, {
      orderId,
      gatewayPaymentId: cfPaymentId,
      details: { cashfreeOrderId: cfOrderId, paymentGroup: str(payment.payment_group) },
      // Cashfree's webhook carries no fee; its settlement report does (not read by the product yet).
      transactionFees: 0,
      paidAt: new Date(str(payment.payment_time) ?? ctx.event.receivedAt),
      paidAmount:
        typeof amount === 'number' || typeof amount === 'string' ? toMinor(amount, view.currencyCode) : null,
    });
  }

  @OnPaymentEvent(PaymentGateway.CASH_FREE, 'PAYMENT_FAILED_WEBHOOK')
  async cashfreeFailed(ctx: PaymentEventContext): Promise<void> {
    const data = obj(ctx.event.payload.data);
    const cfOrderId = str(obj(data.order).order_id);
    if (!cfOrderId) return;
    const orderId = await this.related(ctx, cfOrderId);
    if (!orderId) return;
    const payment = obj(data.payment);
    const reason =
      str(obj(payment.error_details).error_description) ??
      str(payment.payment_message) ??
      'The payment failed at Cashfree.';
    await this.orders.recordFailure(ctx.m, orderId, reason);
  }

  // ---- shared -------------------------------------------------------------------------------------

  private async stripePaid(
    ctx: PaymentEventContext,
    orderId: string,
    paymentIntentId: string,
    paidAmount: number | null,
  ): Promise<void> {
    const view = await this.orders.lockPayment(ctx.m, orderId);
    if (!view || view.isPaymentCompleted) return;
    const stripe = this.required(this.gateways.stripe, 'Stripe');
    // A direct charge on a connected account is read on that account (the event names it).
    const account = str(ctx.event.payload.account);
    const pi = await stripe.paymentIntents.retrieve(
      paymentIntentId,
      { expand: ['latest_charge.balance_transaction'] },
      account ? { stripeAccount: account } : undefined,
    );
    const charge = pi.latest_charge;
    const chargeId = typeof charge === 'string' ? charge : (charge?.id ?? null);
    const balance = typeof charge === 'object' && charge ? charge.balance_transaction : null;
    // Stripe's own fee is on the charge's balance transaction (absent in the sandbox, which charges none).
    const fee = balance && typeof balance === 'object' ? (balance as Stripe.BalanceTransaction).fee : 0;
    await this.paid(ctx, view, {
      orderId,
      gatewayPaymentId: pi.id,
      details: { paymentIntentId: pi.id, chargeId, ...(account ? { stripeAccount: account } : {}) },
      transactionFees: fee,
      paidAt: new Date(),
      paidAmount: paidAmount ?? pi.amount_received,
    });
  }

  private async paypalPaid(ctx: PaymentEventContext, orderId: string, order: PayPalOrder): Promise<void> {
    const view = await this.orders.lockPayment(ctx.m, orderId);
    if (!view || view.isPaymentCompleted) return;
    const captures = order.purchase_units.flatMap((u) => u.payments?.captures ?? []);
    if (order.status !== 'COMPLETED' || captures.length === 0) {
      throw new PaymentEventNotReady(`PayPal order ${order.id} has no completed capture yet`);
    }
    const currency = view.currencyCode;
    await this.paid(ctx, view, {
      orderId,
      gatewayPaymentId: captures[0].id,
      details: { paypalOrderId: order.id, captureIds: captures.map((c) => c.id) },
      transactionFees: sumMinor(
        captures.map((c) => toMinor(c.seller_receivable_breakdown?.paypal_fee?.value ?? '0', currency)),
      ),
      paidAt: new Date(),
      paidAmount: sumMinor(captures.map((c) => toMinor(c.amount.value, currency))),
    });
  }

  /**
   * The order is paid: confirmed (mails after the commit), or, when its hold ended and the portions are
   * gone, the whole payment is refunded through its gateway (idempotency key = order id, so a re-run of this
   * event refunds once) and recorded, and the customer is told.
   */
  private async paid(ctx: PaymentEventContext, view: OrderPaymentView, paid: PaymentReceived): Promise<void> {
    const outcome = await this.orders.markPaid(ctx.m, paid);
    if (outcome.kind === 'already-paid') return;
    if (outcome.kind === 'confirmed') {
      ctx.afterCommit(() => this.outbox.enqueue(outcome.outboxIds));
      return;
    }
    this.logger.warn(
      { orderId: paid.orderId, orderNumber: outcome.orderNumber },
      'A payment completed after its hold ended and the portions are gone: refunding it in full',
    );
    const reference = await this.refundWhole(view, paid, outcome.grossAmount);
    const ids = await this.orders.recordRefundedLatePayment(ctx.m, paid, reference);
    ctx.afterCommit(() => this.outbox.enqueue(ids));
  }

  private async refundWhole(view: OrderPaymentView, paid: PaymentReceived, gross: string): Promise<string> {
    switch (view.gateway) {
      case PaymentGateway.STRIPE: {
        const refund = await this.required(this.gateways.stripe, 'Stripe').refunds.create(
          {
            payment_intent: paid.gatewayPaymentId,
            metadata: { orderId: view.orderId, reason: 'hold_ended' },
          },
          {
            idempotencyKey: view.orderId,
            ...(typeof paid.details.stripeAccount === 'string'
              ? { stripeAccount: paid.details.stripeAccount }
              : {}),
          },
        );
        return refund.id;
      }
      case PaymentGateway.PAYPAL: {
        const paypal = this.required(this.gateways.paypal, 'PayPal');
        const captureIds = (paid.details.captureIds as string[] | undefined) ?? [paid.gatewayPaymentId];
        const ids: string[] = [];
        for (const captureId of captureIds) {
          const refund = await paypal.refundCapture(captureId, `${view.orderId}:${captureId}`, {
            note_to_payer: 'Your order sold out before the payment arrived.',
          });
          ids.push(refund.id);
        }
        return ids.join(',');
      }
      case PaymentGateway.CASH_FREE: {
        const cashfree = this.required(this.gateways.cashfree, 'Cashfree');
        const cfOrderId = view.paymentDetailsGenericId ?? view.orderId;
        const refundId = `late-${view.orderId}`.slice(0, 40);
        const response = await cashfree.PGOrderCreateRefund(
          cfOrderId,
          {
            refund_amount: Number(gross),
            refund_id: refundId,
            refund_note: 'The order sold out before the payment arrived.',
          },
          undefined,
          view.orderId,
        );
        return String(response.data.refund_id ?? refundId);
      }
      default:
        throw new Error(`A ${view.gateway} payment cannot be refunded by a payment event`);
    }
  }

  /** The order of a Stripe object: by its Checkout Session id, else by `metadata.orderId`. */
  private async stripeOrderId(
    ctx: PaymentEventContext,
    sessionId: string | null,
    metadata: Json,
  ): Promise<string | null> {
    let orderId = sessionId ? await this.orders.orderIdByCheckout(ctx.m, sessionId) : null;
    const fromMetadata = str(metadata.orderId);
    if (!orderId && fromMetadata && (await this.orders.orderExists(ctx.m, fromMetadata)))
      orderId = fromMetadata;
    if (orderId) ctx.relateToOrder(orderId);
    else this.logger.warn({ eventId: ctx.event.eventId, sessionId }, 'A Stripe event names no order of ours');
    return orderId;
  }

  private async related(ctx: PaymentEventContext, checkoutId: string): Promise<string | null> {
    const orderId = await this.orders.orderIdByCheckout(ctx.m, checkoutId);
    if (orderId) ctx.relateToOrder(orderId);
    else
      this.logger.warn({ eventId: ctx.event.eventId, checkoutId }, 'A payment event names no order of ours');
    return orderId;
  }

  private required<T>(client: T | null, name: string): T {
    if (!client) throw new Error(`${name} is not configured in this worker`);
    return client;
  }
}
