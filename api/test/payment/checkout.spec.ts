import request from 'supertest';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../src/modules/payment/gateways/stripe-client.js';
import { PayPalClient } from '../../src/modules/payment/gateways/paypal-client.js';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Job, Queue } from 'bullmq';
import { coreImports } from '../../src/app.module.js';
import { PAYMENT_HOLD_SWEEP_JOB } from '../../src/modules/payment/checkout/payment-hold-sweep.service.js';
import { ScheduledJobsProcessor } from '../../src/queue/scheduled-jobs.processor.js';
import { QUEUES } from '../../src/queue/queues.js';
import { ScheduledWorkModule } from '../../src/worker.module.js';
import { startTestGateways, TEST_GATEWAY_KEYS, type TestGateways } from '../setup/gateways.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, orderedCount } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from '../order/helpers.js';
import { formAction } from './webhook-receiver.js';

/** The worker's scheduled jobs, booted as worker.ts boots them, its gateway clients on the sandbox. */
async function startScheduledWorker(env: Record<string, string>): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), ScheduledWorkModule],
    }).compile();
    const ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
    return ctx;
  } finally {
    process.env = saved;
  }
}

const ALL_METHODS = ['STRIPE_CARD', 'GOOGLE', 'PAYPAL', 'CASH_FREE', 'PAYTM', 'CASH_ON_PICKUP_DELIVERY'];

describe('checkout with online payment methods (gateway sandbox)', () => {
  let gateways: TestGateways;
  let h: Harness;
  let stripe: Stripe;

  beforeAll(async () => {
    gateways = await startTestGateways();
    h = await startHarness(gateways.apiEnv);
    stripe = createStripeClient({
      secretKey: TEST_GATEWAY_KEYS.STRIPE_SECRET_KEY,
      webhookSecret: TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET,
      apiBase: gateways.sandbox.url,
    });
  });
  afterAll(async () => {
    await h?.close();
    await gateways?.close();
  });

  /** A chef who accepts `methods`, with a ready Stripe account and a registered Cashfree beneficiary. */
  async function kitchen(
    o: {
      methods?: string[];
      stripe?: boolean;
      cashMax?: string;
      currencyCode?: string;
      chefPrice?: string;
    } = {},
  ) {
    const chef = await h.chef(o.currencyCode ? { currencyCode: o.currencyCode } : {});
    const id = chef.publisher.id;
    await h.db.query(
      `INSERT INTO chef_setting (publisher_id, key, value) VALUES ($1, 'PAYMENT_PREFERENCES', $2)`,
      [id, JSON.stringify(o.methods ?? ALL_METHODS)],
    );
    if (o.cashMax)
      await h.db.query(
        `INSERT INTO chef_setting (publisher_id, key, value) VALUES ($1, 'CASH_MAX_ORDER_VALUE', $2)`,
        [id, JSON.stringify(o.cashMax)],
      );
    if (o.stripe !== false)
      await h.db.query(
        `INSERT INTO payout_account (publisher_id, gateway, account_id, charges_enabled, payouts_enabled, details_submitted)
         VALUES ($1, 'stripe', $2, true, true, true)`,
        [id, `acct_test_${id.slice(0, 8)}`],
      );
    await h.db.query(
      `INSERT INTO bank_beneficiary (publisher_id, bene_id, name, bank_account, ifsc, registered_at)
       VALUES ($1, $2, 'Chef', '026291800001191', 'YESB0000262', now())`,
      [id, `bene_${id.slice(0, 8)}`],
    );
    await createPickupLocation(h.db, id);
    const item = await createOfferedItem(h.db, {
      publisherId: id,
      name: 'Dumplings',
      chefPrice: o.chefPrice ?? '8.99',
      deliveryFees: '5.00',
    });
    return { chef, item };
  }

  async function cartWith(customer: TestActor, k: Awaited<ReturnType<typeof kitchen>>, quantity = 2) {
    await fillCart(h, customer, [
      {
        itemId: k.item.item.id,
        optionId: k.item.optionId,
        orderQuantity: quantity,
        dates: [{ date: k.item.dates[0] }, { date: k.item.dates[1], deliveryOption: 'PICKUP' }],
      },
    ]);
  }

  const orderRow = async (orderNumber: string) =>
    (
      await h.db.query(
        `SELECT o.id, o.order_status, o.payment_hold_expires_at, p.gateway, p.payment_method, p.payment_details_generic_id, p.checkout_url
           FROM customer_order o JOIN payment_details p ON p.order_id = o.id WHERE o.order_number = $1`,
        [orderNumber],
      )
    )[0];
  const dateRows = async (orderId: string) =>
    h.db.query(
      `SELECT s.order_status, s.payment_status FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = $1`,
      [orderId],
    ) as Promise<Array<{ order_status: string; payment_status: string }>>;
  const mailStates = async (orderId: string) =>
    (
      (await h.db.query(`SELECT state FROM email_outbox WHERE related_type = 'order' AND related_id = $1`, [
        orderId,
      ])) as Array<{ state: string }>
    ).map((r) => r.state);

  it('lists the methods for my cart, each not offered with its reason, and labels the sandbox as a test gateway', async () => {
    const ready = await kitchen({
      methods: ['STRIPE_CARD', 'PAYPAL', 'CASH_ON_PICKUP_DELIVERY'],
      cashMax: '10.00',
    });
    const customer = await h.customer();
    await cartWith(customer, ready);
    const res = await request(h.http)
      .get(`${API}/order/payment-methods`)
      .set({ ...TZ, ...customer.auth })
      .expect(200);
    expect(res.body).toMatchObject({ currencyCode: 'USD', orderTotal: '40.96' });
    const by = (m: string) => res.body.methods.find((o: { method: string }) => o.method === m);
    expect(by('STRIPE_CARD')).toMatchObject({
      offered: true,
      reason: null,
      gateway: 'stripe',
      testMode: true,
    });
    expect(by('PAYPAL')).toMatchObject({ offered: true, testMode: true });
    expect(by('GOOGLE')).toMatchObject({
      offered: false,
      reason: `Google Pay isn't offered: ${ready.chef.publisher.kitchenName} doesn't accept it.`,
    });
    expect(by('CASH_FREE').reason).toBe("Cashfree isn't offered: it takes payments in INR only.");
    expect(by('CASH_ON_PICKUP_DELIVERY')).toMatchObject({
      offered: false,
      testMode: false,
      reason: `Cash isn't offered: the order total 40.96 USD is over ${ready.chef.publisher.kitchenName}'s cash limit of 10.00 USD.`,
    });
    await request(h.http).get(`${API}/order/payment-methods`).set(TZ).expect(401);
  });

  it('refuses a method not offered with the reason (400 on paymentMethod) and places nothing', async () => {
    const notReady = await kitchen({ stripe: false });
    const customer = await h.customer();
    await cartWith(customer, notReady);
    const res = await placeOrder(h, customer, checkoutBody({ paymentMethod: 'STRIPE_CARD' })).expect(400);
    expect(res.body.fieldErrors[0]).toEqual({
      field: 'paymentMethod',
      message: `Card isn't offered: ${notReady.chef.publisher.kitchenName} can't receive card payments yet.`,
    });
    const paypalInr = await placeOrder(h, customer, checkoutBody({ paymentMethod: 'PAYTM' })).expect(400);
    expect(paypalInr.body.fieldErrors[0].message).toBe("Paytm isn't offered: it takes payments in INR only.");
    expect(await orderedCount(h.db, notReady.item.item.id, notReady.item.dates[0])).toBe(0);
    const [{ count }] = await h.db.query(
      `SELECT count(*)::int AS count FROM customer_order WHERE consumer_id = $1`,
      [customer.consumer.id],
    );
    expect(count).toBe(0);
  });

  it('card: one order held for the payment, one Checkout Session with a line per item and date and per delivery, dates CREATED, mails waiting; a double submit finds both again', async () => {
    const k = await kitchen();
    const customer = await h.customer();
    await cartWith(customer, k);
    const body = checkoutBody({ paymentMethod: 'STRIPE_CARD' });
    const [first, second] = await Promise.all([placeOrder(h, customer, body), placeOrder(h, customer, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const order = first.body;
    expect(second.body.orderNumber).toBe(order.orderNumber);
    expect(order.paymentUrl).toMatch(new RegExp(`^${gateways.sandbox.url}/stripe/checkout/cs_`));
    expect(second.body.paymentUrl).toBe(order.paymentUrl);
    expect(order).toMatchObject({ orderTotal: '40.96', orderStatus: 'PLACED', paymentError: null });
    expect(order.paymentDetails).toMatchObject({ paymentMethod: 'STRIPE_CARD', isPaymentCompleted: false });

    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({
      gateway: 'stripe',
      payment_method: 'STRIPE_CARD',
      checkout_url: order.paymentUrl,
    });
    expect(row.payment_details_generic_id).toMatch(/^cs_/);
    const heldFor = new Date(row.payment_hold_expires_at).getTime() - Date.now();
    expect(heldFor).toBeGreaterThan(28 * 60_000);
    expect(heldFor).toBeLessThanOrEqual(30 * 60_000);
    expect((await dateRows(row.id)).map((d) => d.payment_status)).toEqual(['CREATED', 'CREATED']);
    expect(new Set(await mailStates(row.id))).toEqual(new Set(['AWAITING_PAYMENT']));
    expect(await orderedCount(h.db, k.item.item.id, k.item.dates[0])).toBe(2);

    const session = await stripe.checkout.sessions.retrieve(row.payment_details_generic_id, {
      expand: ['line_items'],
    });
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: 4096,
      currency: 'usd',
      client_reference_id: row.id,
      customer_email: customer.consumer.userEmail,
      metadata: { orderId: row.id, orderNumber: order.orderNumber, paymentMethod: 'STRIPE_CARD' },
    });
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(
      new Date(row.payment_hold_expires_at).getTime() - 1000,
    );
    expect(session.success_url).toBe(
      `${h.origin}/l/orders/payment?orderNumber=${order.orderNumber}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancel_url).toBe(`${h.origin}/l/orders/payment/cancel?orderNumber=${order.orderNumber}`);
    const lines = session.line_items!.data.map((l) => [l.description, l.amount_total]);
    expect(lines).toHaveLength(3);
    expect(lines).toContainEqual([
      expect.stringMatching(/^Dumplings — \w{3}, \w{3} \d{1,2}, 2 × 8\.99$/),
      1798,
    ]);
    expect(lines).toContainEqual([expect.stringMatching(/^Delivery from .+ — \w{3}, \w{3} \d{1,2}$/), 500]);
    const [{ sessions }] = await h.db.query(
      `SELECT count(DISTINCT payment_details_generic_id)::int AS sessions FROM payment_details p JOIN customer_order o ON o.id = p.order_id WHERE o.consumer_id = $1`,
      [customer.consumer.id],
    );
    expect(sessions).toBe(1);

    // Pay now gives the same page again.
    const again = await request(h.http)
      .post(`${API}/order/${order.orderNumber}/pay`)
      .set({ ...TZ, ...customer.auth })
      .expect(200);
    expect(again.body).toEqual({ paymentUrl: order.paymentUrl, paymentError: null });

    // Paid on the sandbox's hosted page like a browser without JavaScript: back to the return page.
    const page = await fetch(order.paymentUrl);
    const html = await page.text();
    expect(html).toContain('Test gateway — no money moves');
    const paid = await fetch(new URL(formAction(html, /^Pay /), order.paymentUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${h.origin}/l/orders/payment?orderNumber=${order.orderNumber}&session_id=${session.id}`,
    );
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
  });

  it('cancel at the gateway: the hold is released, dates cancelled, portions back, mails dropped, cart restored, session expired', async () => {
    const k = await kitchen();
    const customer = await h.customer();
    await cartWith(customer, k);
    const order = (await placeOrder(h, customer, checkoutBody({ paymentMethod: 'GOOGLE' })).expect(201)).body;
    const row = await orderRow(order.orderNumber);
    expect(row.payment_method).toBe('GOOGLE');
    const cancel = () =>
      request(h.http)
        .post(`${API}/order/${order.orderNumber}/payment/cancel`)
        .set({ ...TZ, ...customer.auth })
        .expect(200);
    expect((await cancel()).body).toEqual({ released: true });
    expect((await cancel()).body).toEqual({ released: false });

    const after = await orderRow(order.orderNumber);
    expect(after).toMatchObject({
      order_status: 'CANCELLED',
      payment_hold_expires_at: null,
      checkout_url: null,
    });
    expect((await dateRows(row.id)).map((d) => d.order_status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(new Set(await mailStates(row.id))).toEqual(new Set(['FAILED']));
    expect(await orderedCount(h.db, k.item.item.id, k.item.dates[0])).toBe(0);
    expect(await orderedCount(h.db, k.item.item.id, k.item.dates[1])).toBe(0);
    const [{ reasons }] = await h.db.query(
      `SELECT array_agg(DISTINCT reason) AS reasons FROM order_status_change WHERE order_id = $1 AND life_cycle_status = 'CANCELLED'`,
      [row.id],
    );
    expect(reasons).toEqual(['Payment cancelled at the payment page']);

    const cart = await request(h.http)
      .get(`${API}/cart`)
      .set({ ...TZ, ...customer.auth })
      .expect(200);
    expect(cart.body.totals[0]).toMatchObject({ cartTotal: '40.96' });
    expect((await stripe.checkout.sessions.retrieve(row.payment_details_generic_id)).status).toBe('expired');
    await request(h.http)
      .post(`${API}/order/${order.orderNumber}/pay`)
      .set({ ...TZ, ...customer.auth })
      .expect(409);
    // The restored cart can be checked out again.
    await placeOrder(h, customer, checkoutBody({ paymentMethod: 'STRIPE_CARD' })).expect(201);
  });

  it('the sweep releases holds past their expiry (portions back, session expired) and leaves the others', async () => {
    const k = await kitchen();
    const [late, onTime] = [await h.customer(), await h.customer()];
    await cartWith(late, k);
    await cartWith(onTime, k, 1);
    const expired = (await placeOrder(h, late, checkoutBody({ paymentMethod: 'STRIPE_CARD' })).expect(201))
      .body;
    const held = (await placeOrder(h, onTime, checkoutBody({ paymentMethod: 'PAYPAL' })).expect(201)).body;
    expect(held.paymentUrl).toMatch(/\/paypal\/checkoutnow\?token=/);
    expect(await orderedCount(h.db, k.item.item.id, k.item.dates[0])).toBe(3);
    await h.db.query(
      `UPDATE customer_order SET payment_hold_expires_at = now() - interval '1 second' WHERE order_number = $1`,
      [expired.orderNumber],
    );
    const worker = await startScheduledWorker(gateways.apiEnv);
    const sweep = () =>
      worker
        .get(ScheduledJobsProcessor)
        .process({ name: PAYMENT_HOLD_SWEEP_JOB, data: {} } as unknown as Job);
    try {
      expect(
        await worker.get<Queue>(getQueueToken(QUEUES.SCHEDULED)).getJobScheduler(PAYMENT_HOLD_SWEEP_JOB),
      ).toMatchObject({ key: PAYMENT_HOLD_SWEEP_JOB, pattern: '* * * * *' });
      expect(await sweep()).toEqual({ released: 1 });
      expect(await sweep()).toEqual({ released: 0 });
    } finally {
      await worker.close();
    }
    expect(await orderedCount(h.db, k.item.item.id, k.item.dates[0])).toBe(1);
    const row = await orderRow(expired.orderNumber);
    expect(row).toMatchObject({ order_status: 'CANCELLED', payment_hold_expires_at: null });
    expect((await stripe.checkout.sessions.retrieve(row.payment_details_generic_id)).status).toBe('expired');
    expect((await orderRow(held.orderNumber)).order_status).toBe('PLACED');
    // No cart restored by the sweep: the customer did not come back.
    const cart = await request(h.http)
      .get(`${API}/cart`)
      .set({ ...TZ, ...late.auth })
      .expect(200);
    expect(cart.body.totals).toEqual([]);
  });

  it('PayPal: one purchase unit per kitchen, approval on the hosted page, capture through the API (one capture)', async () => {
    const [a, b] = [await kitchen(), await kitchen()];
    const customer = await h.customer();
    await cartWith(customer, a);
    await cartWith(customer, b, 1);
    const order = (await placeOrder(h, customer, checkoutBody({ paymentMethod: 'PAYPAL' })).expect(201)).body;
    const row = await orderRow(order.orderNumber);
    const paypal = new PayPalClient({
      clientId: TEST_GATEWAY_KEYS.PAYPAL_CLIENT_ID,
      clientSecret: TEST_GATEWAY_KEYS.PAYPAL_CLIENT_SECRET,
      webhookId: TEST_GATEWAY_KEYS.PAYPAL_WEBHOOK_ID,
      apiBase: gateways.sandbox.url,
    });
    const pp = await paypal.getOrder(row.payment_details_generic_id);
    expect(pp.purchase_units).toHaveLength(2);
    expect(pp.purchase_units.map((u) => u.custom_id)).toEqual([row.id, row.id]);
    const sum = pp.purchase_units.reduce((s, u) => s + Math.round(Number(u.amount.value) * 100), 0);
    expect(sum).toBe(Math.round(Number(order.orderTotal) * 100));

    const page = await fetch(order.paymentUrl);
    const html = await page.text();
    const approved = await fetch(new URL(formAction(html, /^Pay /), order.paymentUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${h.origin}/l/orders/payment`);
    expect(back.searchParams.get('token')).toBe(row.payment_details_generic_id);
    const capture = () =>
      request(h.http)
        .post(`${API}/order/${order.orderNumber}/paypal/capture`)
        .set({ ...TZ, ...customer.auth })
        .send({ token: back.searchParams.get('token') });
    await capture().expect(200);
    await capture().expect(200);
    expect((await paypal.getOrder(row.payment_details_generic_id)).status).toBe('COMPLETED');
    await request(h.http)
      .post(`${API}/order/${order.orderNumber}/paypal/capture`)
      .set({ ...TZ, ...customer.auth })
      .send({ token: 'NOT-THIS-ORDER' })
      .expect(409);
  });

  it('Cashfree (INR): a PG order keyed by the order number, paid on the hosted checkout, back to the return page', async () => {
    const k = await kitchen({ currencyCode: 'INR', chefPrice: '150.00' });
    const customer = await h.customer();
    await cartWith(customer, k, 1);
    const order = (await placeOrder(h, customer, checkoutBody({ paymentMethod: 'PAYTM' })).expect(201)).body;
    expect(order.currencyCode).toBe('INR');
    expect(order.paymentUrl).toMatch(/\/cashfree\/checkout\?payment_session_id=/);
    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({ gateway: 'cash-free', payment_details_generic_id: order.orderNumber });
    const page = await fetch(order.paymentUrl);
    const html = await page.text();
    expect(html).toContain(`${order.orderTotal} INR`);
    const paid = await fetch(new URL(formAction(html, /^Pay /), order.paymentUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(
      `${h.origin}/l/orders/payment?orderNumber=${order.orderNumber}`,
    );
  });
});

describe('checkout when the gateway does not answer', () => {
  let h: Harness;
  beforeAll(async () => {
    // Stripe configured, but nothing listens where its API should be.
    h = await startHarness({
      STRIPE_SECRET_KEY: TEST_GATEWAY_KEYS.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => h?.close());

  it('keeps the order held with the reason (no order lost, none doubled); Pay now tries again', async () => {
    const chef = await h.chef();
    await h.db.query(
      `INSERT INTO chef_setting (publisher_id, key, value) VALUES ($1, 'PAYMENT_PREFERENCES', $2)`,
      [chef.publisher.id, JSON.stringify(['STRIPE_CARD'])],
    );
    await h.db.query(
      `INSERT INTO payout_account (publisher_id, gateway, account_id, charges_enabled) VALUES ($1, 'stripe', $2, true)`,
      [chef.publisher.id, `acct_down_${chef.publisher.id.slice(0, 8)}`],
    );
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const customer = await h.customer();
    await fillCart(h, customer, [
      { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date: offered.dates[0] }] },
    ]);
    const body = checkoutBody({ paymentMethod: 'STRIPE_CARD' });
    const res = await placeOrder(h, customer, body).expect(201);
    expect(res.body.paymentUrl).toBeNull();
    expect(res.body.paymentError).toMatch(/^The payment page could not be opened \(Stripe did not answer/);
    const [row] = await h.db.query(
      `SELECT o.payment_hold_expires_at, p.payment_details_generic_id, p.failure_reason, p.checkout_url
         FROM customer_order o JOIN payment_details p ON p.order_id = o.id WHERE o.order_number = $1`,
      [res.body.orderNumber],
    );
    expect(row).toMatchObject({
      payment_details_generic_id: `pending:${res.body.orderNumber}`,
      checkout_url: null,
      failure_reason: res.body.paymentError,
    });
    expect(row.payment_hold_expires_at).not.toBeNull();
    expect(await orderedCount(h.db, offered.item.id, offered.dates[0])).toBe(1);
    expect(res.body.paymentDetails).toMatchObject({
      gateway: 'stripe',
      failureReason: res.body.paymentError,
    });

    const again = await placeOrder(h, customer, body).expect(200);
    expect(again.body.orderNumber).toBe(res.body.orderNumber);
    const pay = await request(h.http)
      .post(`${API}/order/${res.body.orderNumber}/pay`)
      .set({ ...TZ, ...customer.auth })
      .expect(200);
    expect(pay.body).toMatchObject({ paymentUrl: null, paymentError: res.body.paymentError });
    expect(await orderedCount(h.db, offered.item.id, offered.dates[0])).toBe(1);
  });
});
