import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import {
  allocateMinor,
  computePaymentAmounts,
  DEFAULT_PLATFORM_FEE_RATE,
  fromMinor,
  OrderStatus,
  PaymentGateway,
  PaymentMethod,
  PaymentStatus,
  PayoutRefundStatus,
  sumMinor,
  toMinor,
  type MinorUnits,
} from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { portions } from '../cart/orderability.js';
import { ItemDateCapacityRepository, mergeClaims } from '../item/item-date-capacity.repository.js';
import { OutboxService } from '../mail/outbox.service.js';
import { orderStatusUrl } from './status-mails.js';

/** A payment the gateway says completed, as a payment-event handler read it. */
export interface PaymentReceived {
  orderId: string;
  /** PaymentIntent id (Stripe), the order's first capture id (PayPal), cf_payment_id (Cashfree). */
  gatewayPaymentId: string;
  /** Merged into payment_details.additional_details (charge id, capture ids, …). */
  details: Record<string, unknown>;
  /** What the gateway kept for the whole payment, in minor units of the order's currency. */
  transactionFees: MinorUnits;
  paidAt: Date;
  /** The amount the gateway says was paid, when it says (recorded when it differs from the order's gross). */
  paidAmount?: MinorUnits | null;
}

export type PaymentOutcome =
  /** The order was marked paid before (the other one of two success events, or a re-run). */
  | { kind: 'already-paid' }
  /** Paid and confirmed; `outboxIds` are the confirmation mails to enqueue after the commit. */
  | { kind: 'confirmed'; revived: boolean; outboxIds: string[] }
  /** The hold had ended and the capacity is gone: the caller refunds the whole payment. */
  | { kind: 'oversold'; grossAmount: string; currencyCode: string; orderNumber: string };

/** One kitchen's part of a paid order (payment_details.additional_details.split). */
export interface KitchenShare {
  publisherId: string;
  grossAmount: string;
  transactionFees: string;
  vsFees: string;
  vsNet: string;
}

/** What a payment-event handler needs to know about an order's payment. */
export interface OrderPaymentView {
  orderId: string;
  orderNumber: string;
  gateway: PaymentGateway;
  paymentMethod: PaymentMethod;
  paymentDetailsGenericId: string | null;
  gatewayPaymentId: string | null;
  additionalDetails: Record<string, unknown>;
  isPaymentCompleted: boolean;
  grossAmount: string;
  currencyCode: string;
}

interface SelectionRow {
  id: string;
  ordered_cart_item_id: string;
  item_id: string | null;
  publisher_id: string;
  vs_fees: string | null;
  order_quantity: number;
  time_slots: string[];
  date: string;
  order_status: OrderStatus;
  item_total: string;
  delivery_fee: string;
}

/**
 * The order side of an online payment completing or failing (issue 15): the payment module's event
 * handlers decide what a gateway said; the order's tables (payment details, date selections, the hold,
 * the capacity it took, its confirmation mails) change here, inside the handler's transaction. Order never
 * imports payment.
 */
@Injectable()
export class OrderPaymentService {
  constructor(
    private readonly capacity: ItemDateCapacityRepository,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** The order whose checkout the gateway names (Checkout Session, PayPal order or Cashfree order id). */
  async orderIdByCheckout(m: EntityManager, paymentDetailsGenericId: string): Promise<string | null> {
    const rows: Array<{ order_id: string }> = await m.query(
      `SELECT order_id FROM payment_details WHERE payment_details_generic_id = $1`,
      [paymentDetailsGenericId],
    );
    return rows[0]?.order_id ?? null;
  }

  /** The order with this id (e.g. from a gateway's metadata), if it exists. */
  async orderExists(m: EntityManager, orderId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM customer_order WHERE id::text = $1 AND EXISTS (SELECT 1 FROM payment_details WHERE order_id = customer_order.id)`,
      [orderId],
    );
    return rows.length > 0;
  }

  /** The order's payment, locked (FOR UPDATE) so two events about one order apply one after the other. */
  async lockPayment(m: EntityManager, orderId: string): Promise<OrderPaymentView | null> {
    const rows: Array<{
      order_id: string;
      order_number: string;
      gateway: PaymentGateway;
      payment_method: PaymentMethod;
      payment_details_generic_id: string | null;
      gateway_payment_id: string | null;
      additional_details: Record<string, unknown> | null;
      is_payment_completed: boolean;
      gross_amount: string;
      currency_code: string;
    }> = await m.query(
      `SELECT p.order_id, o.order_number, p.gateway, p.payment_method, p.payment_details_generic_id,
              p.gateway_payment_id, p.additional_details, p.is_payment_completed,
              p.gross_amount::text AS gross_amount, p.currency_code
         FROM payment_details p JOIN customer_order o ON o.id = p.order_id
        WHERE p.order_id = $1
        FOR UPDATE OF p, o`,
      [orderId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      orderId: r.order_id,
      orderNumber: r.order_number,
      gateway: r.gateway,
      paymentMethod: r.payment_method,
      paymentDetailsGenericId: r.payment_details_generic_id,
      gatewayPaymentId: r.gateway_payment_id,
      additionalDetails: r.additional_details ?? {},
      isPaymentCompleted: r.is_payment_completed,
      grossAmount: r.gross_amount,
      currencyCode: r.currency_code,
    };
  }

  /** A failed attempt (declined card): its reason is shown to the customer; the order stays payable. */
  async recordFailure(m: EntityManager, orderId: string, reason: string): Promise<void> {
    await m.query(
      `UPDATE payment_details SET failure_reason = $2, updated_at = now() WHERE order_id = $1 AND NOT is_payment_completed`,
      [orderId, reason.slice(0, 1000)],
    );
  }

  /**
   * Marks the order paid, once: amounts recomputed with the gateway's real fee (per kitchen, the fee split
   * by each kitchen's share of the gross, exact to the minor unit), every date's paymentStatus COMPLETED,
   * the hold cleared, the confirmation mails released. An order whose hold had already ended (cancelled,
   * capacity given back) takes its capacity again and is revived; when the capacity is gone it is
   * `oversold` and nothing here changed: the caller refunds and calls {@link recordRefundedLatePayment}.
   */
  async markPaid(m: EntityManager, paid: PaymentReceived): Promise<PaymentOutcome> {
    const payment = await this.lockPayment(m, paid.orderId);
    if (!payment) throw new Error(`Order ${paid.orderId} has no payment details`);
    if (payment.isPaymentCompleted) return { kind: 'already-paid' };
    const [order] = (await m.query(`SELECT order_status FROM customer_order WHERE id = $1 FOR UPDATE`, [
      paid.orderId,
    ])) as Array<{ order_status: OrderStatus }>;
    const selections = await this.selections(m, paid.orderId);
    const holdEnded = order.order_status === OrderStatus.CANCELLED;
    if (holdEnded) {
      const short = await this.capacity.take(
        m,
        mergeClaims(
          selections
            .filter((s) => s.item_id)
            .map((s) => ({
              itemId: s.item_id as string,
              date: s.date,
              portions: portions(s.order_quantity, s.time_slots),
            })),
        ),
      );
      if (short) {
        // Nothing may stay taken: the caller's transaction goes on to record the refund.
        await this.giveBackPartial(m, selections, short.failed);
        return {
          kind: 'oversold',
          grossAmount: payment.grossAmount,
          currencyCode: payment.currencyCode,
          orderNumber: payment.orderNumber,
        };
      }
      await this.revive(m, paid.orderId, selections);
    }

    const split = this.split(payment, selections, paid.transactionFees);
    const sum = (f: (s: (typeof split)[number]) => MinorUnits) => sumMinor(split.map(f));
    const currency = payment.currencyCode;
    const details: Record<string, unknown> = {
      ...paid.details,
      split: split.map((s): KitchenShare => ({
        publisherId: s.publisherId,
        grossAmount: fromMinor(s.amounts.grossAmount, currency),
        transactionFees: fromMinor(s.amounts.transactionFees, currency),
        vsFees: fromMinor(s.amounts.vsFees, currency),
        vsNet: fromMinor(s.amounts.vsNet, currency),
      })),
      ...(holdEnded ? { paidAfterHoldEnded: true } : {}),
      ...(paid.paidAmount != null && paid.paidAmount !== toMinor(payment.grossAmount, currency)
        ? { paidAmountDiffers: fromMinor(paid.paidAmount, currency) }
        : {}),
    };
    await m.query(
      `UPDATE payment_details
          SET gateway_payment_id = $2, additional_details = coalesce(additional_details, '{}'::jsonb) || $3::jsonb,
              is_payment_completed = true, payment_completed_time = $4, transaction_fees = $5, net_amount = $6,
              vs_fees = $7, vs_net = $8, failure_reason = NULL, checkout_url = NULL, updated_at = now()
        WHERE order_id = $1`,
      [
        paid.orderId,
        paid.gatewayPaymentId,
        JSON.stringify(details),
        paid.paidAt,
        fromMinor(
          sum((s) => s.amounts.transactionFees),
          currency,
        ),
        fromMinor(
          sum((s) => s.amounts.netAmount),
          currency,
        ),
        fromMinor(
          sum((s) => s.amounts.vsFees),
          currency,
        ),
        fromMinor(
          sum((s) => s.amounts.vsNet),
          currency,
        ),
      ],
    );
    await m.query(
      `UPDATE order_date_selection SET payment_status = $2, updated_at = now()
        WHERE ordered_cart_item_id IN (SELECT id FROM ordered_cart_item WHERE order_id = $1) AND payment_status = ANY($3::text[])`,
      [paid.orderId, PaymentStatus.COMPLETED, [PaymentStatus.INITIATED, PaymentStatus.CREATED]],
    );
    await m.query(
      `UPDATE customer_order SET payment_hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
      [paid.orderId],
    );
    const outboxIds = await this.outbox.releaseAwaitingPayment(m, paid.orderId);
    if (holdEnded) outboxIds.push(...(await this.requeueDroppedConfirmations(m, paid.orderId)));
    return { kind: 'confirmed', revived: holdEnded, outboxIds };
  }

  /**
   * A payment that completed after its hold ended, for capacity that is gone, was refunded in full by the
   * caller: record it (paid, then REFUNDED on every date with its amount and the refund's reference) and
   * tell the customer. Returns the outbox ids to enqueue after the commit.
   */
  async recordRefundedLatePayment(
    m: EntityManager,
    paid: PaymentReceived,
    refundReference: string,
  ): Promise<string[]> {
    const payment = await this.lockPayment(m, paid.orderId);
    if (!payment) throw new Error(`Order ${paid.orderId} has no payment details`);
    const currency = payment.currencyCode;
    await m.query(
      `UPDATE payment_details
          SET gateway_payment_id = $2, additional_details = coalesce(additional_details, '{}'::jsonb) || $3::jsonb,
              is_payment_completed = true, payment_completed_time = $4, transaction_fees = $5,
              failure_reason = NULL, checkout_url = NULL, updated_at = now()
        WHERE order_id = $1`,
      [
        paid.orderId,
        paid.gatewayPaymentId,
        JSON.stringify({ ...paid.details, refundedAfterHoldEnded: refundReference }),
        paid.paidAt,
        fromMinor(Math.min(paid.transactionFees, toMinor(payment.grossAmount, currency)), currency),
      ],
    );
    await m.query(
      `UPDATE order_date_selection
          SET payment_status = $2, payout_refund_status = $3, payout_refund_amount = item_total + delivery_fee,
              payout_refund_reference = $4, payout_refund_at = now(), payout_refund_error = NULL, updated_at = now()
        WHERE ordered_cart_item_id IN (SELECT id FROM ordered_cart_item WHERE order_id = $1)`,
      [paid.orderId, PaymentStatus.COMPLETED, PayoutRefundStatus.REFUNDED, refundReference],
    );
    await m.query(
      `UPDATE customer_order SET payment_hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
      [paid.orderId],
    );
    const [contact] = (await m.query(
      `SELECT coalesce(c.user_email, o.contact_details->>'email') AS email FROM customer_order o JOIN consumer c ON c.id = o.consumer_id WHERE o.id = $1`,
      [paid.orderId],
    )) as Array<{ email: string | null }>;
    if (!contact?.email) return [];
    const url = orderStatusUrl(this.config.get('WEB_ORIGIN', { infer: true }), payment.orderNumber);
    const amount = `${payment.grossAmount} ${currency}`;
    const text =
      `Your payment of ${amount} for order ${payment.orderNumber} arrived after the time we could hold ` +
      `your order for, and some of what you ordered has sold out since. We have refunded the whole payment ` +
      `(reference ${refundReference}); your bank shows it within a few days. Order: ${url}`;
    return this.outbox.stage(m, [
      {
        to: contact.email,
        subject: `Order ${payment.orderNumber}: your payment was refunded`,
        text,
        html: `<p>${escapeHtml(text)}</p>`,
        relatedType: 'order-refund',
        relatedId: paid.orderId,
      },
    ]);
  }

  /**
   * Each kitchen's amounts: the order's gross and the gateway fee split by the kitchens' shares of the order
   * (largest remainder, so the parts add up exactly), then computePaymentAmounts at the kitchen's rate.
   */
  private split(payment: OrderPaymentView, selections: SelectionRow[], fees: MinorUnits) {
    const currency = payment.currencyCode;
    const byKitchen = new Map<string, { weight: MinorUnits; rate: string }>();
    for (const s of selections) {
      const k = byKitchen.get(s.publisher_id) ?? {
        weight: 0,
        rate: s.vs_fees ?? DEFAULT_PLATFORM_FEE_RATE,
      };
      k.weight += toMinor(s.item_total, currency) + toMinor(s.delivery_fee, currency);
      byKitchen.set(s.publisher_id, k);
    }
    const kitchens = [...byKitchen.entries()].sort(([a], [b]) => a.localeCompare(b));
    const gross = toMinor(payment.grossAmount, currency);
    const fee = Math.min(fees, gross);
    return splitPayment(
      gross,
      fee,
      kitchens.map(([publisherId, k]) => ({ publisherId, weight: k.weight, rate: k.rate })),
      currency,
      payment.paymentMethod,
    );
  }

  private async selections(m: EntityManager, orderId: string): Promise<SelectionRow[]> {
    return m.query(
      `SELECT s.id, s.ordered_cart_item_id, l.item_id, l.publisher_id, l.vs_fees::text AS vs_fees, l.order_quantity,
              s.time_slots, to_char(s.date, 'YYYY-MM-DD') AS date, s.order_status,
              s.item_total::text AS item_total, s.delivery_fee::text AS delivery_fee
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
        WHERE l.order_id = $1
        ORDER BY s.id
        FOR UPDATE OF s`,
      [orderId],
    );
  }

  /** take() stops at the first short claim: what it took before that goes back. */
  private async giveBackPartial(
    m: EntityManager,
    selections: SelectionRow[],
    failed: { itemId: string; date: string },
  ): Promise<void> {
    const claims = mergeClaims(
      selections
        .filter((s) => s.item_id)
        .map((s) => ({
          itemId: s.item_id as string,
          date: s.date,
          portions: portions(s.order_quantity, s.time_slots),
        })),
    ).sort((a, b) =>
      a.itemId === b.itemId ? a.date.localeCompare(b.date) : a.itemId.localeCompare(b.itemId),
    );
    for (const c of claims) {
      if (c.itemId === failed.itemId && c.date === failed.date) break;
      await this.capacity.giveBack(m, c);
    }
  }

  /** The hold's cancellation is undone: every date PLACED again, with a status change saying why. */
  private async revive(m: EntityManager, orderId: string, selections: SelectionRow[]): Promise<void> {
    await m.query(
      `UPDATE order_date_selection SET order_status = $2, updated_at = now()
        WHERE ordered_cart_item_id IN (SELECT id FROM ordered_cart_item WHERE order_id = $1)`,
      [orderId, OrderStatus.PLACED],
    );
    await m.query(`UPDATE customer_order SET order_status = $2, updated_at = now() WHERE id = $1`, [
      orderId,
      OrderStatus.PLACED,
    ]);
    for (const s of selections) {
      await m.query(
        `INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status, reason, actor_id, at)
         VALUES ($1, $2, $3, $4, $5, $6, NULL, now())`,
        [
          orderId,
          s.ordered_cart_item_id,
          s.item_id,
          s.id,
          OrderStatus.PLACED,
          'The payment completed after the hold ended and the portions were still available.',
        ],
      );
    }
  }

  /** Confirmations dropped when the hold ended are sent after all, now that the order is revived. */
  private async requeueDroppedConfirmations(m: EntityManager, orderId: string): Promise<string[]> {
    const [rows] = (await m.query(
      `UPDATE email_outbox SET state = 'QUEUED', last_error = NULL, updated_at = now()
        WHERE related_type = 'order' AND related_id = $1 AND state = 'FAILED' AND attempts = 0 RETURNING id`,
      [orderId],
    )) as [Array<{ id: string }>, number];
    return rows.map((r) => r.id);
  }
}

/**
 * Splits a payment across kitchens: the gross and the gateway fee are allocated by each kitchen's weight
 * (its item and delivery totals) with the largest-remainder method, then each part goes through
 * computePaymentAmounts at the kitchen's platform fee rate. Σ gross parts = gross and Σ fee parts = fee
 * exactly, and for each part vsFees + vsNet = gross − fee, so gross = Σ vsNet + Σ vsFees + fee.
 */
export function splitPayment(
  gross: MinorUnits,
  fee: MinorUnits,
  kitchens: ReadonlyArray<{ publisherId: string; weight: MinorUnits; rate: string }>,
  currencyCode: string,
  paymentMethod: PaymentMethod,
) {
  const weights = kitchens.map((k) => k.weight);
  const allZero = weights.every((w) => w === 0);
  const w = allZero ? weights.map(() => 1) : weights;
  const grossParts = allocateMinor(gross, w);
  const feeParts = allocateMinor(fee, w);
  return kitchens.map((k, i) => {
    // A kitchen's fee part can exceed its gross part only with absurd weights; clamp to keep it payable.
    const partFee = Math.min(feeParts[i], grossParts[i]);
    return {
      publisherId: k.publisherId,
      amounts: computePaymentAmounts({
        grossAmount: grossParts[i],
        currencyCode,
        paymentMethod,
        transactionFees: partFee,
        vsFeeRate: k.rate,
      }),
    };
  });
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
