import { createHmac } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { PaymentEventApplierService } from '../../src/modules/payment/events/payment-event-applier.service.js';
import { QUEUES } from '../../src/queue/queues.js';
import { createTestApp } from '../setup/app.js';
import { CALLBACK_PATHS, TEST_GATEWAY_KEYS } from '../setup/gateways.js';
import {
  eventRows,
  onlineOrder,
  paymentState,
  payOnHostedPage,
  startPaymentStack,
  until,
  type PaymentStack,
} from './payment-stack.js';

/**
 * The callbacks and the payment-events worker end to end: the sandbox's genuinely signed webhooks reach the
 * API, are stored once, and the worker applies each once; forged, stale, altered and unconfigured ones are
 * refused with nothing stored.
 */
describe('payment callbacks and the payment-events worker', () => {
  let s: PaymentStack;
  beforeAll(async () => {
    s = await startPaymentStack();
  });
  afterAll(() => s?.close());

  const post = (path: string, body: string, headers: Record<string, string>) =>
    request(s.h.http)
      .post(`${API_PREFIX}/${path}`)
      .set({ 'content-type': 'application/json', ...headers })
      .send(body);

  const stripeSigned = (
    payload: string,
    secret: string = TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET,
    at?: number,
  ) => s.stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: at });

  const stripeEvent = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

  it('a card payment through the sandbox: each event stored once, the order paid once, mails released', async () => {
    const o = await onlineOrder(s);
    await payOnHostedPage(o.checkoutUrl);
    const state = await until('the order paid', async () => {
      const st = await paymentState(s.h, o.orderId);
      return st.isPaymentCompleted ? st : undefined;
    });
    expect(state).toMatchObject({ grossAmount: o.gross, holdExpiresAt: null, orderStatus: 'PLACED' });
    expect(state.gatewayPaymentId).toMatch(/^pi_/);
    expect(state.additionalDetails?.chargeId).toMatch(/^ch_/);
    expect(state.dates.every((d) => d.paymentStatus === 'COMPLETED')).toBe(true);
    expect(state.mails.length).toBeGreaterThan(0);
    expect(state.mails).not.toContain('AWAITING_PAYMENT');
    // Each released confirmation has its send job, under the outbox row's id.
    const mailQueue = s.worker!.get<Queue>(getQueueToken(QUEUES.MAIL));
    const outboxIds = (await s.h.db.query(`SELECT id FROM email_outbox WHERE related_id = $1`, [
      o.orderId,
    ])) as Array<{ id: string }>;
    for (const { id } of outboxIds) expect((await mailQueue.getJob(id))?.data).toEqual({ outboxId: id });
    // Both success events are stored and applied; the second found the order paid.
    const rows = await until('both events applied', async () => {
      const r = await eventRows(s.h, `order_id = $1`, [o.orderId]);
      return r.length === 2 && r.every((e) => e.status === 'APPLIED') ? r : undefined;
    });
    expect(rows.map((r) => r.type).sort()).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Split per kitchen, exact: gross = Σ chef net + Σ platform fee + gateway fee.
    const split = state.additionalDetails?.split as Array<Record<string, string>>;
    expect(split).toHaveLength(2);
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(split.reduce((n, k) => n + cents(k.vsNet) + cents(k.vsFees) + cents(k.transactionFees), 0)).toBe(
      cents(state.grossAmount),
    );
  });

  it('the same event posted 5× at once is stored once and applied once', async () => {
    const o = await onlineOrder(s);
    const session = await s.stripe.checkout.sessions.retrieve(o.checkoutId);
    // The customer pays; the API does not hear of it (webhooks off) — then the same event arrives 5×.
    s.gateways.pointWebhooksAt(null);
    try {
      await payOnHostedPage(o.checkoutUrl);
    } finally {
      s.gateways.pointWebhooksAt(s.h.origin.replace('localhost', '127.0.0.1'));
    }
    const paid = await s.stripe.checkout.sessions.retrieve(session.id);
    const body = stripeEvent(`evt_dup_${o.orderNumber}`, 'checkout.session.completed', paid as never);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(CALLBACK_PATHS.stripe, body, { 'stripe-signature': stripeSigned(body) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    const rows = await until('the event applied', async () => {
      const r = await eventRows(s.h, `event_id = $1`, [`evt_dup_${o.orderNumber}`]);
      return r.length === 1 && r[0].status === 'APPLIED' ? r : undefined;
    });
    expect(rows[0]).toMatchObject({ attempts: 1, order_id: o.orderId });
    const st = await paymentState(s.h, o.orderId);
    expect(st.isPaymentCompleted).toBe(true);
    expect(st.dates.every((d) => d.paymentStatus === 'COMPLETED')).toBe(true);
  });

  it('five workers applying one stored event at once: one applies it, four find it applied', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    s.gateways.pointWebhooksAt(null);
    try {
      await payOnHostedPage(o.checkoutUrl);
    } finally {
      s.gateways.pointWebhooksAt(s.h.origin.replace('localhost', '127.0.0.1'));
    }
    const paid = await s.stripe.checkout.sessions.retrieve(o.checkoutId);
    // Stored without a job (as if Redis had refused it), then applied by five concurrent runs.
    const [row] = (await s.h.db.query(
      `INSERT INTO payment_event (gateway, event_id, type, payload) VALUES ('stripe', $1, 'checkout.session.completed', $2::jsonb) RETURNING id`,
      [
        `evt_race_${o.orderNumber}`,
        JSON.stringify({
          id: `evt_race_${o.orderNumber}`,
          type: 'checkout.session.completed',
          data: { object: paid },
        }),
      ],
    )) as Array<{ id: string }>;
    const applier = s.worker!.get(PaymentEventApplierService);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => applier.apply(row.id)));
    expect(outcomes.filter((x) => x.kind === 'applied')).toHaveLength(1);
    expect(outcomes.filter((x) => x.kind === 'already-applied')).toHaveLength(4);
    const [after] = await eventRows(s.h, `id = $1`, [row.id]);
    expect(after).toMatchObject({ status: 'APPLIED', attempts: 1, order_id: o.orderId });
    const changes = (await s.h.db.query(
      `SELECT count(*)::int AS n FROM email_outbox WHERE related_id = $1 AND state = 'AWAITING_PAYMENT'`,
      [o.orderId],
    )) as Array<{ n: number }>;
    expect(changes[0].n).toBe(0);
    expect((await paymentState(s.h, o.orderId)).isPaymentCompleted).toBe(true);
  });

  it('refuses forged, wrong-secret, stale, altered and unconfigured callbacks with 400 and stores nothing', async () => {
    const before = (await eventRows(s.h)).length;
    const body = stripeEvent('evt_forged_1', 'checkout.session.completed', {
      id: 'cs_x',
      payment_status: 'paid',
    });
    const cases: Array<[string, string, string, Record<string, string>]> = [
      [
        'forged',
        CALLBACK_PATHS.stripe,
        body,
        { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      ],
      [
        'wrong secret',
        CALLBACK_PATHS.stripe,
        body,
        { 'stripe-signature': stripeSigned(body, 'whsec_not_ours') },
      ],
      [
        'stale (301 s)',
        CALLBACK_PATHS.stripe,
        body,
        { 'stripe-signature': stripeSigned(body, undefined, Math.floor(Date.now() / 1000) - 301) },
      ],
      [
        'altered body',
        CALLBACK_PATHS.stripe,
        body.replace('paid', 'unpaid'),
        { 'stripe-signature': stripeSigned(body) },
      ],
      ['no signature', CALLBACK_PATHS.stripe, body, {}],
    ];
    // Cashfree: HMAC over timestamp + raw body with the PG secret; the payout endpoint uses the payout secret.
    const cf = JSON.stringify({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: { order: { order_id: 'x' }, payment: {} },
    });
    const cfSign = (secret: string, ts: number, raw = cf) => ({
      'x-webhook-timestamp': String(ts),
      'x-webhook-signature': createHmac('sha256', secret).update(`${ts}${raw}`).digest('base64'),
      'x-idempotency-key': 'cf-forged-1',
    });
    cases.push(
      ['cashfree wrong secret', CALLBACK_PATHS.cashfree, cf, cfSign('nope', Date.now())],
      [
        'cashfree stale',
        CALLBACK_PATHS.cashfree,
        cf,
        cfSign(TEST_GATEWAY_KEYS.CASHFREE_SECRET_KEY, Date.now() - 301_000),
      ],
      [
        'cashfree altered',
        CALLBACK_PATHS.cashfree,
        cf.replace('x', 'y'),
        cfSign(TEST_GATEWAY_KEYS.CASHFREE_SECRET_KEY, Date.now()),
      ],
      [
        'payout signed with the PG secret',
        CALLBACK_PATHS.cashfreePayout,
        cf,
        cfSign(TEST_GATEWAY_KEYS.CASHFREE_SECRET_KEY, Date.now()),
      ],
    );
    // PayPal: a made-up signature, and a transmission time outside the window.
    const pp = JSON.stringify({
      id: 'WH-FORGED-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'X' },
    });
    const ppHeaders = (time: string) => ({
      'paypal-transmission-id': 'abc',
      'paypal-transmission-time': time,
      'paypal-transmission-sig': Buffer.from('forged').toString('base64'),
      'paypal-cert-url': `${s.gateways.sandbox.url}/v1/notifications/certs/CERT-sandbox`,
      'paypal-auth-algo': 'SHA256withRSA',
    });
    cases.push(
      ['paypal forged', CALLBACK_PATHS.paypal, pp, ppHeaders(new Date().toISOString())],
      ['paypal stale', CALLBACK_PATHS.paypal, pp, ppHeaders(new Date(Date.now() - 301_000).toISOString())],
    );
    for (const [what, path, raw, headers] of cases) {
      const res = await post(path, raw, headers);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ status: 400, message: 'error.payment.callback_refused' });
    }
    expect((await eventRows(s.h)).length).toBe(before);
  });

  it('a valid signature for an event nobody handles is stored and applied with nothing to do', async () => {
    const body = stripeEvent('evt_unhandled_1', 'customer.created', { id: 'cus_1' });
    await post(CALLBACK_PATHS.stripe, body, { 'stripe-signature': stripeSigned(body) }).expect(200);
    const [row] = await until('applied', async () => {
      const r = await eventRows(s.h, `event_id = 'evt_unhandled_1'`);
      return r[0]?.status === 'APPLIED' ? r : undefined;
    });
    expect(row).toMatchObject({ gateway: 'stripe', type: 'customer.created', attempts: 1, order_id: null });
  });

  it('PayPal: approval captured by the worker, the capture event finds it paid; fees from PayPal recorded', async () => {
    const o = await onlineOrder(s, { gateway: 'paypal' });
    await payOnHostedPage(o.checkoutUrl);
    const st = await until('the PayPal order paid', async () => {
      const x = await paymentState(s.h, o.orderId);
      return x.isPaymentCompleted ? x : undefined;
    });
    expect(Number(st.transactionFees)).toBeGreaterThan(0);
    expect(st.additionalDetails?.captureIds).toHaveLength(1);
    expect(st.dates.every((d) => d.paymentStatus === 'COMPLETED')).toBe(true);
    const rows = await until('approval and capture applied', async () => {
      const r = await eventRows(s.h, `order_id = $1`, [o.orderId]);
      return r.length >= 2 && r.every((e) => e.status === 'APPLIED') ? r : undefined;
    });
    expect(rows.map((r) => r.type)).toEqual(
      expect.arrayContaining(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']),
    );
  });

  it('Cashfree: a signed PAYMENT_SUCCESS_WEBHOOK pays its order; a redelivery with the same idempotency key is a duplicate', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    const cfOrderId = `cf_${o.orderNumber}`;
    await s.h.db.query(
      `UPDATE payment_details SET gateway = 'cash-free', payment_method = 'CASH_FREE', payment_details_generic_id = $2 WHERE order_id = $1`,
      [o.orderId, cfOrderId],
    );
    const body = JSON.stringify({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      event_time: new Date().toISOString(),
      data: {
        order: { order_id: cfOrderId, order_amount: Number(o.gross), order_currency: o.currency },
        payment: {
          cf_payment_id: 5114910112,
          payment_status: 'SUCCESS',
          payment_amount: Number(o.gross),
          payment_group: 'upi',
        },
      },
    });
    const sign = () => {
      const ts = String(Date.now());
      return {
        'x-webhook-timestamp': ts,
        'x-webhook-signature': createHmac('sha256', TEST_GATEWAY_KEYS.CASHFREE_SECRET_KEY)
          .update(ts + body)
          .digest('base64'),
        'x-idempotency-key': `idem-${o.orderNumber}`,
      };
    };
    const first = await post(CALLBACK_PATHS.cashfree, body, sign()).expect(200);
    const again = await post(CALLBACK_PATHS.cashfree, body, sign()).expect(200);
    expect([first.body.duplicate, again.body.duplicate]).toEqual([false, true]);
    const st = await until('the Cashfree order paid', async () => {
      const x = await paymentState(s.h, o.orderId);
      return x.isPaymentCompleted ? x : undefined;
    });
    expect(st.gatewayPaymentId).toBe('5114910112');
    expect(await eventRows(s.h, `event_id = $1`, [`idem-${o.orderNumber}`])).toHaveLength(1);
  });

  it('admins list stuck events with their order number and retry one; a lost job is re-enqueued by housekeeping', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    const [failed] = (await s.h.db.query(
      `INSERT INTO payment_event (gateway, event_id, type, payload, status, attempts, error, order_id)
       VALUES ('stripe', $1, 'customer.updated', '{}'::jsonb, 'FAILED', 5, 'Error: boom', $2) RETURNING id`,
      [`evt_failed_${o.orderNumber}`, o.orderId],
    )) as Array<{ id: string }>;
    const admin = await s.h.admin();
    const list = await request(s.h.http)
      .get(`${API_PREFIX}/admin/payment-events`)
      .query({ status: 'FAILED' })
      .set(admin.auth)
      .expect(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({
        id: failed.id,
        gateway: 'stripe',
        type: 'customer.updated',
        eventId: `evt_failed_${o.orderNumber}`,
        status: 'FAILED',
        attempts: 5,
        error: 'Error: boom',
        orderNumber: o.orderNumber,
      }),
    );
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const customer = await s.h.customer();
    await request(s.h.http).get(`${API_PREFIX}/admin/payment-events`).set(customer.auth).expect(403);
    await request(s.h.http)
      .post(`${API_PREFIX}/admin/payment-events/${failed.id}/retry`)
      .set({ ...admin.auth, origin: s.h.origin })
      .expect(200, { id: failed.id, status: 'RECEIVED' });
    await until('the retried event applied', async () => {
      const [r] = await eventRows(s.h, `id = $1`, [failed.id]);
      return r.status === 'APPLIED' ? r : undefined;
    });

    // Stored, but its job never made it to Redis: the housekeeping job finds it after a minute.
    const [lost] = (await s.h.db.query(
      `INSERT INTO payment_event (gateway, event_id, type, payload, received_at)
       VALUES ('stripe', $1, 'customer.updated', '{}'::jsonb, now() - interval '2 minutes') RETURNING id`,
      [`evt_lost_${o.orderNumber}`],
    )) as Array<{ id: string }>;
    const { PaymentEventIntakeService } =
      await import('../../src/modules/payment/callbacks/payment-event-intake.service.js');
    expect(await s.worker!.get(PaymentEventIntakeService).requeueLost()).toBeGreaterThanOrEqual(1);
    await until('the lost event applied', async () => {
      const [r] = await eventRows(s.h, `id = $1`, [lost.id]);
      return r.status === 'APPLIED' ? r : undefined;
    });
  });

  it('Cashfree Payouts: a webhook signed with the payout secret is stored as a payout event (its handlers are the payouts’)', async () => {
    const body = JSON.stringify({
      event_type: 'TRANSFER_SUCCESS',
      event_time: new Date().toISOString(),
      data: { transfer_id: 'tr_callbacks_1', status: 'SUCCESS' },
    });
    const ts = String(Date.now());
    await post(CALLBACK_PATHS.cashfreePayout, body, {
      'x-webhook-timestamp': ts,
      'x-webhook-signature': createHmac('sha256', TEST_GATEWAY_KEYS.CASHFREE_PAYOUT_CLIENT_SECRET)
        .update(ts + body)
        .digest('base64'),
      'x-idempotency-key': 'transfer_callbacks_1',
    }).expect(200, { received: true, duplicate: false });
    // Stored once under the payout prefix; what applying it means is the payouts' handlers' business.
    const rows = await eventRows(s.h, `event_id = 'payout:transfer_callbacks_1'`);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ gateway: 'cash-free', type: 'TRANSFER_SUCCESS' });
  });

  it('with Redis away the callback still stores the event and answers 200 at once; housekeeping enqueues it later', async () => {
    const down = await createTestApp({ ...s.gateways.apiEnv, REDIS_URL: 'redis://127.0.0.1:6399' });
    try {
      const body = stripeEvent('evt_redis_down_1', 'customer.updated', { id: 'cus_2' });
      const started = Date.now();
      const res = await request(down.getHttpServer())
        .post(`${API_PREFIX}/${CALLBACK_PATHS.stripe}`)
        .set({ 'content-type': 'application/json', 'stripe-signature': stripeSigned(body) })
        .send(body);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await down.close();
    }
    const [row] = await eventRows(s.h, `event_id = 'evt_redis_down_1'`);
    expect(row).toMatchObject({ status: 'RECEIVED', attempts: 0 });
    await s.h.db.query(`UPDATE payment_event SET received_at = now() - interval '2 minutes' WHERE id = $1`, [
      row.id,
    ]);
    const { PaymentEventIntakeService } =
      await import('../../src/modules/payment/callbacks/payment-event-intake.service.js');
    await s.worker!.get(PaymentEventIntakeService).requeueLost();
    await until('applied once Redis is back', async () => {
      const [r] = await eventRows(s.h, `id = $1`, [row.id]);
      return r.status === 'APPLIED' ? r : undefined;
    });
  });

  it('a declined card records the reason and leaves the order payable', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    const page = await (await fetch(o.checkoutUrl)).text();
    const { formAction } = await import('./webhook-receiver.js');
    await fetch(new URL(formAction(page, /^Decline/i), o.checkoutUrl), {
      method: 'POST',
      redirect: 'manual',
    });
    const reason = await until('the failure recorded', async () => {
      const [r] = (await s.h.db.query(`SELECT failure_reason FROM payment_details WHERE order_id = $1`, [
        o.orderId,
      ])) as Array<{ failure_reason: string | null }>;
      return r.failure_reason ?? undefined;
    });
    expect(reason).toMatch(/declined/i);
    const st = await paymentState(s.h, o.orderId);
    expect(st.isPaymentCompleted).toBe(false);
    expect(st.mails.every((m) => m === 'AWAITING_PAYMENT')).toBe(true);
  });
});
