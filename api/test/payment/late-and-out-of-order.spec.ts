import { Injectable, Module } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, PaymentGateway } from '@hearth/shared';
import { OrderPaymentModule } from '../../src/modules/order/order-payment.module.js';
import { OrderPaymentService } from '../../src/modules/order/order-payment.service.js';
import { PaymentHoldService } from '../../src/modules/order/payment-hold.service.js';
import {
  OnPaymentEvent,
  PaymentEventNotReady,
  type PaymentEventContext,
} from '../../src/modules/payment/events/on-payment-event.decorator.js';
import { CALLBACK_PATHS, TEST_GATEWAY_KEYS } from '../setup/gateways.js';
import { orderedCount } from '../setup/shop.js';
import {
  eventRows,
  onlineOrder,
  paymentState,
  payOnHostedPage,
  startPaymentStack,
  until,
  type PaymentStack,
} from './payment-stack.js';

/** A test-only event type standing for "a refund of a capture" (the refunds branch owns the real ones). */
const REFUND_LIKE = 'test.refund_of_capture';

/**
 * Stands in for a refund handler: it needs the capture recorded first, and says so with PaymentEventNotReady
 * until it is; then records what it applied.
 */
@Injectable()
class RefundLikeHandler {
  constructor(private readonly orders: OrderPaymentService) {}

  @OnPaymentEvent(PaymentGateway.STRIPE, REFUND_LIKE)
  async apply(ctx: PaymentEventContext): Promise<void> {
    const orderId = String((ctx.event.payload.data as { object: { orderId: string } }).object.orderId);
    ctx.relateToOrder(orderId);
    const payment = await this.orders.lockPayment(ctx.m, orderId);
    if (!payment?.isPaymentCompleted) throw new PaymentEventNotReady(`order ${orderId} has no capture yet`);
    await ctx.m.query(
      `UPDATE payment_details SET additional_details = additional_details || '{"testRefunds": 1}'::jsonb WHERE order_id = $1`,
      [orderId],
    );
  }
}

@Module({ imports: [OrderPaymentModule], providers: [RefundLikeHandler] })
class RefundLikeModule {}

describe('events out of order and payments after the hold ended', () => {
  let s: PaymentStack;
  beforeAll(async () => {
    s = await startPaymentStack({ extra: [RefundLikeModule] });
  });
  afterAll(() => s?.close());

  const holds = () => s.worker!.get(PaymentHoldService);

  it('a refund arriving before its capture is retried (not ready) until the capture lands, then applied once', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    const body = JSON.stringify({
      id: `evt_refund_${o.orderNumber}`,
      object: 'event',
      type: REFUND_LIKE,
      created: Math.floor(Date.now() / 1000),
      data: { object: { orderId: o.orderId } },
    });
    const signature = s.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET,
    });
    await request(s.h.http)
      .post(`${API_PREFIX}/${CALLBACK_PATHS.stripe}`)
      .set({ 'content-type': 'application/json', 'stripe-signature': signature })
      .send(body)
      .expect(200);
    const notReady = await until('the first try refused as not ready', async () => {
      const [r] = await eventRows(s.h, `event_id = $1`, [`evt_refund_${o.orderNumber}`]);
      return r && r.attempts >= 1 ? r : undefined;
    });
    expect(notReady).toMatchObject({ status: 'RECEIVED' });
    expect(notReady.error).toMatch(/PaymentEventNotReady/);

    await payOnHostedPage(o.checkoutUrl);
    const applied = await until(
      'the refund applied after the capture',
      async () => {
        const [r] = await eventRows(s.h, `event_id = $1`, [`evt_refund_${o.orderNumber}`]);
        return r?.status === 'APPLIED' ? r : undefined;
      },
      40_000,
    );
    expect(applied.attempts).toBeGreaterThanOrEqual(2);
    expect(applied.error).toBeNull();
    const st = await paymentState(s.h, o.orderId);
    expect(st.isPaymentCompleted).toBe(true);
    expect(st.additionalDetails?.testRefunds).toBe(1);
  }, 60_000);

  it('a payment completing after its hold ended takes the capacity again and confirms the order', async () => {
    const o = await onlineOrder(s, { kitchens: 1, maxAllowed: 5 });
    const [itemId, date] = [o.itemIds[0], o.dates[0]];
    expect(await orderedCount(s.h.db, itemId, date)).toBe(1);
    expect(await holds().release(o.orderId, 'The payment hold expired.')).toBe(true);
    expect(await orderedCount(s.h.db, itemId, date)).toBe(0);
    expect((await paymentState(s.h, o.orderId)).orderStatus).toBe('CANCELLED');

    await payOnHostedPage(o.checkoutUrl);
    const st = await until('the order revived and paid', async () => {
      const x = await paymentState(s.h, o.orderId);
      return x.isPaymentCompleted ? x : undefined;
    });
    expect(st.orderStatus).toBe('PLACED');
    expect(st.dates).toEqual([
      { orderStatus: 'PLACED', paymentStatus: 'COMPLETED', payoutRefundStatus: 'DEFAULT' },
    ]);
    expect(st.additionalDetails?.paidAfterHoldEnded).toBe(true);
    expect(await orderedCount(s.h.db, itemId, date)).toBe(1);
    // The confirmations dropped with the hold are sent after all.
    expect(st.mails.length).toBeGreaterThan(0);
    expect(st.mails.every((m) => m === 'QUEUED' || m === 'SENT')).toBe(true);
  });

  it('a payment completing after its hold ended, with the portions sold meanwhile, is refunded in full: never oversold', async () => {
    const o = await onlineOrder(s, { kitchens: 1, maxAllowed: 2, chefPrice: '9.50' });
    const [itemId, date] = [o.itemIds[0], o.dates[0]];
    await holds().release(o.orderId, 'The payment hold expired.');
    // Someone else buys the last portions meanwhile.
    await s.h.db.query(
      `UPDATE item_date_capacity SET ordered_count = max_allowed WHERE item_id = $1 AND date = $2`,
      [itemId, date],
    );

    await payOnHostedPage(o.checkoutUrl);
    const st = await until('the late payment refunded', async () => {
      const x = await paymentState(s.h, o.orderId);
      return x.isPaymentCompleted ? x : undefined;
    });
    expect(st.orderStatus).toBe('CANCELLED');
    expect(st.dates).toEqual([
      { orderStatus: 'CANCELLED', paymentStatus: 'COMPLETED', payoutRefundStatus: 'REFUNDED' },
    ]);
    expect(await orderedCount(s.h.db, itemId, date)).toBe(2);
    const [sel] = (await s.h.db.query(
      `SELECT s.payout_refund_amount::text AS amount, s.payout_refund_reference AS ref FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = $1`,
      [o.orderId],
    )) as Array<{ amount: string; ref: string }>;
    expect(sel.amount).toBe(o.gross);
    expect(sel.ref).toMatch(/^re_/);
    // The gateway really refunded it, once.
    const refund = await s.stripe.refunds.retrieve(sel.ref);
    expect(refund).toMatchObject({ amount: Math.round(Number(o.gross) * 100), status: 'succeeded' });
    // The customer is told.
    const mails = (await s.h.db.query(
      `SELECT subject FROM email_outbox WHERE related_type = 'order-refund' AND related_id = $1`,
      [o.orderId],
    )) as Array<{ subject: string }>;
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/refunded/);
  });

  it('an expired Checkout Session releases the hold and gives the capacity back', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    const [itemId, date] = [o.itemIds[0], o.dates[0]];
    expect(await orderedCount(s.h.db, itemId, date)).toBe(1);
    await s.stripe.checkout.sessions.expire(o.checkoutId);
    await until('the hold released', async () =>
      (await paymentState(s.h, o.orderId)).orderStatus === 'CANCELLED' ? true : undefined,
    );
    expect(await orderedCount(s.h.db, itemId, date)).toBe(0);
    const st = await paymentState(s.h, o.orderId);
    expect(st.isPaymentCompleted).toBe(false);
    expect(st.mails.every((m) => m === 'FAILED')).toBe(true);
  });
});
