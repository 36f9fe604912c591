import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type Stripe from 'stripe';
import type { Cashfree } from 'cashfree-pg';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateMinor, applyRate, PaymentGateway, toMinor } from '@hearth/shared';
import {
  startGatewaySandbox,
  type RunningGatewaySandbox,
} from '../../src/gateway-sandbox/gateway-sandbox.js';
import { loadSandboxConfig } from '../../src/gateway-sandbox/sandbox-config.js';
import { PaymentGatewaysService } from '../../src/modules/payment/gateways/payment-gateways.service.js';
import type { CashfreePayoutClient } from '../../src/modules/payment/gateways/cashfree-client.js';
import { PayPalClient } from '../../src/modules/payment/gateways/paypal-client.js';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { coreImports } from '../../src/app.module.js';
import { SettlementWorkerModule } from '../../src/modules/payment/settlement/settlement-worker.module.js';
import { QUEUES } from '../../src/queue/queues.js';
import {
  PaymentEventNotReady,
  type PaymentEventContext,
} from '../../src/modules/payment/events/on-payment-event.decorator.js';
import { SettlementEventsService } from '../../src/modules/payment/settlement/settlement-events.service.js';
import { SettlementService } from '../../src/modules/payment/settlement/settlement.service.js';
import { WAITING_FOR_PAYOUT_ACCOUNT } from '../../src/modules/order/order-settlement.service.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { TEST_GATEWAY_KEYS } from '../setup/gateways.js';
import { createOfferedItem, createPickupLocation, dayFromNow } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from '../order/helpers.js';
import { formAction } from './webhook-receiver.js';

/**
 * Refunds of cancelled paid dates and payouts of delivered ones, through the real SDKs against the gateway
 * sandbox. Orders are placed through the API, then marked paid the way the payment-completed handler does
 * (gateway, ids, date selections COMPLETED) after a real payment at the sandbox's hosted page. The sandbox
 * keeps its state in a file on a fixed port, so a test can stop it and start it again.
 */
let h: Harness;
let sandbox: RunningGatewaySandbox;
let stateDir: string;
let port: number;
let stripe: Stripe;
let cashfree: Cashfree;
let payouts: CashfreePayoutClient;
let paypal: PayPalClient;
let settlement: SettlementService;
let events: SettlementEventsService;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

const apiEnv = () => ({
  ...TEST_GATEWAY_KEYS,
  STRIPE_API_BASE: sandbox.url,
  PAYPAL_API_BASE: sandbox.url,
  CASHFREE_API_BASE: sandbox.url,
  CASHFREE_PAYOUT_API_BASE: sandbox.url,
});

const startSandbox = () =>
  startGatewaySandbox(
    loadSandboxConfig({
      ...TEST_GATEWAY_KEYS,
      GATEWAY_SANDBOX_PORT: String(port),
      GATEWAY_SANDBOX_HOST: '127.0.0.1',
      GATEWAY_SANDBOX_LOG_LEVEL: 'silent',
      GATEWAY_SANDBOX_STATE_FILE: join(stateDir, 'state.json'),
    }),
  );

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'settlement-sandbox-'));
  port = await freePort();
  sandbox = await startSandbox();
  h = await startHarness(apiEnv());
  const gateways = h.app.get(PaymentGatewaysService);
  stripe = gateways.stripe!;
  cashfree = gateways.cashfree!;
  payouts = gateways.cashfreePayout!;
  paypal = gateways.paypal!;
  settlement = h.app.get(SettlementService);
  events = h.app.get(SettlementEventsService);
});

afterAll(async () => {
  await h?.close();
  await sandbox?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Submits a hosted page's form like a browser without JavaScript. */
async function pay(pageUrl: string): Promise<void> {
  const html = await (await fetch(pageUrl)).text();
  const res = await fetch(new URL(formAction(html, /^Pay /), pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

interface Sel {
  id: string;
  date: string;
  item_id: string;
  line_id: string;
  order_status: string;
  payout_refund_status: string;
  payout_refund_amount: string | null;
  payout_refund_reference: string | null;
  payout_refund_error: string | null;
  payout_refund_attempts: number;
  payout_refund_at: Date | null;
  item_total: string;
  delivery_fee: string;
}

async function selections(orderId: string): Promise<Sel[]> {
  return h.db.query(
    `SELECT s.id, s.date::text AS date, l.item_id, l.id AS line_id, s.order_status, s.payout_refund_status,
            s.payout_refund_amount::text, s.payout_refund_reference, s.payout_refund_error, s.payout_refund_attempts,
            s.payout_refund_at, s.item_total::text, s.delivery_fee::text
       FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
      WHERE l.order_id = $1 ORDER BY s.date, l.item_name`,
    [orderId],
  );
}

const one = async (id: string): Promise<Sel> => {
  const [row]: Sel[] = await h.db.query(
    `SELECT s.id, s.order_status, s.payout_refund_status, s.payout_refund_amount::text, s.payout_refund_reference,
            s.payout_refund_error, s.payout_refund_attempts, s.payout_refund_at, s.item_total::text, s.delivery_fee::text
       FROM order_date_selection s WHERE s.id = $1`,
    [id],
  );
  return row;
};

interface PlacedOrder {
  chef: TestActor & { publisher: { id: string } };
  customer: TestActor;
  order: { id: string; orderNumber: string };
  gross: string;
}

/** Two dishes of one chef on two dates, delivered in one slot: one delivery fee per date (trip). */
async function placeTwoDishOrder(deliveryOption: 'DELIVERY' | 'PICKUP' = 'DELIVERY'): Promise<PlacedOrder> {
  const chef = await h.chef();
  await createPickupLocation(h.db, chef.publisher.id);
  const dates = [dayFromNow(3), dayFromNow(4)];
  const a = await createOfferedItem(h.db, {
    publisherId: chef.publisher.id,
    name: 'A Lasagna',
    chefPrice: '8.99',
    deliveryFees: '3.00',
    dates,
  });
  const b = await createOfferedItem(h.db, {
    publisherId: chef.publisher.id,
    name: 'B Dal',
    chefPrice: '12.50',
    deliveryFees: '3.00',
    dates,
  });
  const customer = await h.customer();
  await fillCart(
    h,
    customer,
    [a, b].map((o) => ({
      itemId: o.item.id,
      optionId: o.optionId,
      dates: dates.map((date) => ({ date, deliveryOption, timeSlots: ['PM_5_7'] })),
    })),
  );
  const placed = (await placeOrder(h, customer, checkoutBody()).expect(201)).body;
  const [{ id, gross }]: Array<{ id: string; gross: string }> = await h.db.query(
    `SELECT o.id, (SELECT sum(s.item_total + s.delivery_fee)::text FROM order_date_selection s
                     JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = o.id) AS gross
       FROM customer_order o WHERE o.order_number = $1`,
    [placed.orderNumber],
  );
  return { chef, customer, order: { id, orderNumber: placed.orderNumber }, gross };
}

/** Marks the order paid as the payment-completed handler does. */
async function markPaid(
  orderId: string,
  p: {
    gateway: PaymentGateway;
    method: string;
    genericId: string;
    paymentId: string | null;
    details: Record<string, unknown>;
    fees?: string;
    currency?: string;
  },
): Promise<void> {
  await h.db.query(
    `UPDATE payment_details SET gateway = $2, payment_method = $3, payment_details_generic_id = $4, gateway_payment_id = $5,
            additional_details = $6, transaction_fees = $7, is_payment_completed = true, payment_completed_time = now(),
            currency_code = coalesce($8, currency_code)
      WHERE order_id = $1`,
    [orderId, p.gateway, p.method, p.genericId, p.paymentId, p.details, p.fees ?? '0', p.currency ?? null],
  );
  if (p.currency)
    await h.db.query(`UPDATE customer_order SET currency_code = $2 WHERE id = $1`, [orderId, p.currency]);
  await h.db.query(
    `UPDATE order_date_selection SET payment_status = 'COMPLETED'
      WHERE ordered_cart_item_id IN (SELECT id FROM ordered_cart_item WHERE order_id = $1)`,
    [orderId],
  );
}

/** A real card payment of the whole order at the sandbox: the Checkout Session paid on its hosted page. */
async function payByCard(o: PlacedOrder, fees = '0'): Promise<{ pi: string; charge: string }> {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    success_url: 'http://shop.test/ok?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: toMinor(o.gross, 'USD'),
          product_data: { name: `Order ${o.order.orderNumber}` },
        },
      },
    ],
    payment_intent_data: { transfer_group: o.order.orderNumber },
  });
  await pay(session.url!);
  const pi = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
  const charge = (await stripe.paymentIntents.retrieve(pi)).latest_charge as string;
  await markPaid(o.order.id, {
    gateway: PaymentGateway.STRIPE,
    method: 'STRIPE_CARD',
    genericId: session.id,
    paymentId: pi,
    details: { chargeId: charge },
    fees,
  });
  return { pi, charge };
}

const cancelUrl = (o: PlacedOrder, s: Sel) =>
  `${API}/order/${o.order.orderNumber}/cartItem/${s.line_id}/dateSelection/${s.date}/cancel`;
const moveUrl = (o: PlacedOrder, s: Sel, status: string) =>
  `${API}/order/${o.order.orderNumber}/cartItem/${s.line_id}/item/${s.item_id}/fulfillmentDate/${s.date}/status/${status}`;

async function cancelByCustomer(o: PlacedOrder, s: Sel): Promise<void> {
  await request(h.http)
    .post(cancelUrl(o, s))
    .set({ ...TZ, ...o.customer.auth })
    .send({ reason: 'Plans changed' })
    .expect(200);
}

async function deliver(o: PlacedOrder, s: Sel): Promise<void> {
  await h.db.query(`UPDATE order_date_selection SET order_status = 'PICKUP_READY' WHERE id = $1`, [s.id]);
  await request(h.http)
    .post(moveUrl(o, s, 'DELIVERED'))
    .set(o.chef.auth)
    .send({})
    .expect(200);
}

async function onboardedStripeAccount(publisherId: string): Promise<string> {
  const account = await stripe.accounts.create({ type: 'express', country: 'US' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    return_url: 'http://shop.test/done',
    refresh_url: 'http://shop.test/again',
  });
  const html = await (await fetch(link.url)).text();
  await fetch(new URL(formAction(html, /Complete onboarding/), link.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  await h.db.query(
    `INSERT INTO payout_account (publisher_id, gateway, account_id, charges_enabled, payouts_enabled, details_submitted)
     VALUES ($1, 'stripe', $2, true, true, true)`,
    [publisherId, account.id],
  );
  return account.id;
}

function ctxOf(m: EntityManager, gateway: PaymentGateway, type: string, payload: Record<string, unknown>) {
  const related: string[] = [];
  const ctx: PaymentEventContext = {
    m,
    event: {
      id: randomUUID(),
      gateway,
      eventId: `evt_${randomUUID()}`,
      type,
      payload,
      receivedAt: new Date(),
      attempt: 1,
    },
    afterCommit: () => undefined,
    relateToOrder: (id) => related.push(id),
  };
  return { ctx, related };
}

describe('refunds of cancelled paid dates', () => {
  it('refunds exactly the cancelled date by card: its items while the trip fee moves on, items and fee for the last date of the trip', async () => {
    const o = await placeTwoDishOrder();
    const { pi } = await payByCard(o);
    const before = await selections(o.order.id);
    const day1 = before.filter((s) => s.date === before[0].date);
    const carrier = day1.find((s) => s.delivery_fee === '3.00')!;
    const heir = day1.find((s) => s.id !== carrier.id)!;
    expect(carrier).toBeDefined();

    await cancelByCustomer(o, carrier);
    let c = await one(carrier.id);
    // The fee moved to the other dish of the same trip: the cancelled date no longer owes only its items.
    expect(c).toMatchObject({ payout_refund_status: 'DRAFTED', payout_refund_amount: carrier.item_total });
    expect((await one(heir.id)).delivery_fee).toBe('3.00');

    const outcome = await settlement.settle(carrier.id);
    expect(outcome.state).toBe('done');
    c = await one(carrier.id);
    expect(c.payout_refund_status).toBe('REFUNDED');
    expect(c.payout_refund_at).toBeInstanceOf(Date);
    const refund = await stripe.refunds.retrieve(c.payout_refund_reference!);
    expect(refund).toMatchObject({
      amount: toMinor(carrier.item_total, 'USD'),
      payment_intent: pi,
      status: 'succeeded',
      metadata: { selectionId: carrier.id, orderNumber: o.order.orderNumber },
    });
    // A repeated job finds nothing to do (and the gateway would replay the same refund).
    expect((await settlement.settle(carrier.id)).state).toBe('skipped');

    // The last live date of the trip carries the fee: cancelling it gives back items and fee.
    await cancelByCustomer(o, heir);
    expect(await one(heir.id)).toMatchObject({
      payout_refund_status: 'DRAFTED',
      payout_refund_amount: (Number(heir.item_total) + 3).toFixed(2),
    });
    await settlement.settle(heir.id);
    const h2 = await one(heir.id);
    expect(h2.payout_refund_status).toBe('REFUNDED');
    expect((await stripe.refunds.retrieve(h2.payout_refund_reference!)).amount).toBe(
      toMinor(heir.item_total, 'USD') + 300,
    );

    // The second date is untouched, and the charge was refunded exactly the two amounts.
    for (const s of (await selections(o.order.id)).filter((s) => s.date !== before[0].date))
      expect(s).toMatchObject({ order_status: 'PLACED', payout_refund_status: 'DEFAULT' });
    const charge = await stripe.charges.retrieve(
      (await stripe.paymentIntents.retrieve(pi)).latest_charge as string,
    );
    expect(charge.amount_refunded).toBe(
      toMinor(carrier.item_total, 'USD') + toMinor(heir.item_total, 'USD') + 300,
    );

    // The customer's order page says so.
    const detail = await request(h.http)
      .get(`${API}/order/${o.order.orderNumber}`)
      .set(o.customer.auth)
      .expect(200);
    const dates = detail.body.cartItems.flatMap((l: { dates: unknown[] }) => l.dates) as Array<{
      id: string;
      payoutRefundStatus: string;
      payoutRefundAt: string | null;
      payoutRefundError: string | null;
    }>;
    expect(dates.find((d) => d.id === carrier.id)).toMatchObject({
      payoutRefundStatus: 'REFUNDED',
      payoutRefundError: null,
    });
    expect(dates.find((d) => d.id === carrier.id)!.payoutRefundAt).toBeTruthy();
  });

  it('a cash order is never refunded through a gateway', async () => {
    const o = await placeTwoDishOrder();
    await h.db.query(
      `UPDATE order_date_selection SET payment_status = 'COMPLETED' WHERE ordered_cart_item_id IN (SELECT id FROM ordered_cart_item WHERE order_id = $1)`,
      [o.order.id],
    );
    const [first] = await selections(o.order.id);
    await cancelByCustomer(o, first);
    expect((await one(first.id)).payout_refund_status).toBe('DEFAULT');
  });

  it('a refund the gateway refuses is FAILED with its reason and listed for admins; one that got no answer is retried with the same key and goes through', async () => {
    const o = await placeTwoDishOrder();
    const { pi } = await payByCard(o);
    const [first, second] = await selections(o.order.id);
    // Someone refunded most of the charge at the gateway's dashboard: less is left than the date's amount.
    const left = toMinor(first.item_total, 'USD') - 1;
    await stripe.refunds.create({ payment_intent: pi, amount: toMinor(o.gross, 'USD') - left });
    await cancelByCustomer(o, first);
    const refused = await settlement.settle(first.id);
    expect(refused).toMatchObject({ state: 'failed', transient: false, attempts: 1 });
    const f = await one(first.id);
    expect(f.payout_refund_status).toBe('FAILED');
    expect(f.payout_refund_error).toMatch(/^Stripe: Refund amount .* is greater than unrefunded amount/);

    const admin = await h.admin();
    const listed = await request(h.http)
      .get(`${API}/admin/settlements`)
      .query({ status: 'FAILED' })
      .set(admin.auth)
      .expect(200);
    expect(listed.body.find((r: { selectionId: string }) => r.selectionId === first.id)).toMatchObject({
      kind: 'refund',
      status: 'FAILED',
      attempts: 1,
      orderNumber: o.order.orderNumber,
      gateway: 'stripe',
    });
    const retried = await request(h.http)
      .post(`${API}/admin/settlements/${first.id}/retry`)
      .set(admin.auth)
      .expect(200);
    expect(retried.body).toMatchObject({ status: 'DRAFTED', attempts: 0 });
    await request(h.http).post(`${API}/admin/settlements/${second.id}/retry`).set(admin.auth).expect(404);

    // The gateway is away: the attempt fails without an answer, keeps its key, and the sweep finishes it.
    const o2 = await placeTwoDishOrder();
    const paid2 = await payByCard(o2);
    const [d] = await selections(o2.order.id);
    await cancelByCustomer(o2, d);
    await sandbox.close();
    try {
      const away = await settlement.settle(d.id);
      expect(away).toMatchObject({ state: 'failed', transient: true, attempts: 0 });
      expect((await one(d.id)).payout_refund_error).toMatch(/^The payment provider could not be reached/);
    } finally {
      sandbox = await startSandbox();
    }
    await h.db.query(
      `UPDATE order_date_selection SET updated_at = now() - interval '10 minutes' WHERE id = $1`,
      [d.id],
    );
    expect(await settlement.sweep()).toBeGreaterThanOrEqual(1);
    const done = await one(d.id);
    expect(done).toMatchObject({ payout_refund_status: 'REFUNDED', payout_refund_error: null });
    const refund = await stripe.refunds.retrieve(done.payout_refund_reference!);
    expect(refund).toMatchObject({
      payment_intent: paid2.pi,
      amount: toMinor(done.payout_refund_amount!, 'USD'),
    });
  });
});

describe('payouts of delivered dates', () => {
  it("pays the chef's share of each delivered card-paid date to their Stripe account; payouts, platform and gateway fees add up to what was paid", async () => {
    const o = await placeTwoDishOrder('PICKUP');
    const account = await onboardedStripeAccount(o.chef.publisher.id);
    const { charge } = await payByCard(o, '1.63');
    const all = await selections(o.order.id);
    for (const s of all) await deliver(o, s);
    let platformFees = 0;
    let paidOut = 0;
    const grossMinor = toMinor(o.gross, 'USD');
    const weights = all.map((s) => toMinor(s.item_total, 'USD') + toMinor(s.delivery_fee, 'USD'));
    // Every date's share of the gateway fees, by what it was paid (the order of ids is the split's order).
    const byId = [...all].sort((a, b) => (a.id < b.id ? -1 : 1));
    const shares = allocateMinor(
      163,
      byId.map((s) => toMinor(s.item_total, 'USD') + toMinor(s.delivery_fee, 'USD')),
    );
    const shareOf = (id: string) => shares[byId.findIndex((s) => s.id === id)];
    for (const s of all) {
      expect((await one(s.id)).payout_refund_status).toBe('DRAFTED');
      expect((await settlement.settle(s.id)).state).toBe('done');
      const row = await one(s.id);
      expect(row.payout_refund_status).toBe('COMPLETED');
      const transfer = await stripe.transfers.retrieve(row.payout_refund_reference!);
      expect(transfer).toMatchObject({
        amount: toMinor(row.payout_refund_amount!, 'USD'),
        destination: account,
        source_transaction: charge,
        transfer_group: o.order.orderNumber,
      });
      paidOut += transfer.amount;
      const gross = toMinor(s.item_total, 'USD') + toMinor(s.delivery_fee, 'USD');
      expect(toMinor(row.payout_refund_amount!, 'USD')).toBe(
        gross - shareOf(s.id) - applyRate(gross - shareOf(s.id), '0.2'),
      );
      platformFees += applyRate(gross - shareOf(s.id), '0.2');
    }
    expect(weights.reduce((a, b) => a + b, 0)).toBe(grossMinor);
    // To the minor unit: what the customer paid = payouts + platform fees + gateway fees (163).
    expect(paidOut + platformFees + 163).toBe(grossMinor);
  });

  it('waits for a kitchen without a payout account, then the sweep pays once it has one', async () => {
    const o = await placeTwoDishOrder('PICKUP');
    await payByCard(o);
    const [first] = await selections(o.order.id);
    await deliver(o, first);
    expect(await settlement.settle(first.id)).toEqual({
      state: 'waiting',
      reason: WAITING_FOR_PAYOUT_ACCOUNT,
    });
    expect(await one(first.id)).toMatchObject({
      payout_refund_status: 'DRAFTED',
      payout_refund_error: WAITING_FOR_PAYOUT_ACCOUNT,
      payout_refund_attempts: 0,
    });
    await onboardedStripeAccount(o.chef.publisher.id);
    expect(await settlement.sweep(0)).toBeGreaterThanOrEqual(1);
    expect(await one(first.id)).toMatchObject({
      payout_refund_status: 'COMPLETED',
      payout_refund_error: null,
    });
  });

  it('a cash date delivered is not paid out (the chef holds the cash)', async () => {
    const o = await placeTwoDishOrder('PICKUP');
    const [first] = await selections(o.order.id);
    await deliver(o, first);
    expect((await one(first.id)).payout_refund_status).toBe('DEFAULT');
  });
});

describe('Cashfree: refund by refund_id, payout to the bank beneficiary', () => {
  it('refunds a cancelled date of a Cashfree order and pays the delivered one to the beneficiary', async () => {
    const o = await placeTwoDishOrder('PICKUP');
    const cfOrder = `hearth-${o.order.orderNumber}`;
    const created = await cashfree.PGCreateOrder({
      order_id: cfOrder,
      order_amount: Number(o.gross),
      order_currency: 'INR',
      customer_details: { customer_id: 'c1', customer_phone: '9999999999' },
      order_meta: { return_url: 'http://shop.test/return?order_id={order_id}' },
    });
    await pay(`${sandbox.publicUrl}/cashfree/checkout?payment_session_id=${created.data.payment_session_id}`);
    const payments = (await cashfree.PGOrderFetchPayments(cfOrder)).data;
    await markPaid(o.order.id, {
      gateway: PaymentGateway.CASH_FREE,
      method: 'CASH_FREE',
      genericId: cfOrder,
      paymentId: String(payments[0].cf_payment_id),
      details: {},
      currency: 'INR',
    });
    const [first, second] = await selections(o.order.id);
    await cancelByCustomer(o, first);
    expect((await settlement.settle(first.id)).state).toBe('done');
    const refunded = await one(first.id);
    expect(refunded.payout_refund_status).toBe('REFUNDED');
    const atGateway = (await cashfree.PGOrderFetchRefund(cfOrder, first.id)).data;
    expect(atGateway).toMatchObject({ refund_status: 'SUCCESS', refund_amount: Number(first.item_total) });
    expect(refunded.payout_refund_reference).toBe(atGateway.cf_refund_id);

    const beneId = `bene${o.order.orderNumber.replace(/\W/g, '')}`.slice(0, 40);
    await payouts.createBeneficiary({
      beneficiary_id: beneId,
      beneficiary_name: 'Asha Kitchen',
      beneficiary_instrument_details: { bank_account_number: '00011020001772', bank_ifsc: 'HDFC0000001' },
    });
    await h.db.query(
      `INSERT INTO bank_beneficiary (publisher_id, bene_id, name, bank_account, ifsc, registered_at)
       VALUES ($1, $2, 'Asha Kitchen', '00011020001772', 'HDFC0000001', now())`,
      [o.chef.publisher.id, beneId],
    );
    await deliver(o, second);
    const drafted = await one(second.id);
    // No gateway fees recorded: the chef gets the date less 20 %.
    const gross = toMinor(second.item_total, 'INR');
    expect(toMinor(drafted.payout_refund_amount!, 'INR')).toBe(gross - applyRate(gross, '0.2'));
    expect((await settlement.settle(second.id)).state).toBe('done');
    const transfer = await payouts.getTransfer(second.id);
    expect(transfer).toMatchObject({
      transfer_amount: Number(drafted.payout_refund_amount),
      beneficiary_details: { beneficiary_id: beneId },
    });
    expect(await one(second.id)).toMatchObject({
      payout_refund_status: 'COMPLETED',
      payout_refund_reference: transfer.cf_transfer_id,
    });

    // The bank reverses the transfer later: the payout is FAILED with the reason, for a retry.
    const reversed = { ...transfer, status: 'REVERSED', status_description: 'Account closed' };
    await h.db.transaction((m) =>
      events.cashfreeTransfer(
        ctxOf(m, PaymentGateway.CASH_FREE, 'TRANSFER_REVERSED', {
          event_type: 'TRANSFER_REVERSED',
          data: reversed,
        }).ctx,
      ),
    );
    expect(await one(second.id)).toMatchObject({
      payout_refund_status: 'FAILED',
      payout_refund_error: 'Cashfree transfer reversed by the bank: Account closed',
      payout_refund_attempts: 1,
    });
    // Retried under a new transfer_id, since the first one is spent.
    await h.db.query(
      `UPDATE order_date_selection SET updated_at = now() - interval '10 minutes' WHERE id = $1`,
      [second.id],
    );
    await settlement.sweep();
    expect((await one(second.id)).payout_refund_status).toBe('COMPLETED');
    expect((await payouts.getTransfer(`${second.id}-r2`)).transfer_amount).toBe(
      Number(drafted.payout_refund_amount),
    );
  });
});

describe('gateway events about refunds', () => {
  it('a Stripe refund event before its payment is recorded is not ready; after, it confirms the refund the worker never heard back about', async () => {
    const o = await placeTwoDishOrder();
    const { pi } = await payByCard(o);
    const [first] = await selections(o.order.id);
    await cancelByCustomer(o, first);
    // The refund went through at Stripe, but the worker's answer was lost: the row is still DRAFTED.
    const refund = await stripe.refunds.create({
      payment_intent: pi,
      amount: toMinor(first.item_total, 'USD'),
      metadata: { selectionId: first.id },
    });
    await h.db.query(`UPDATE payment_details SET gateway_payment_id = NULL WHERE order_id = $1`, [
      o.order.id,
    ]);
    const payload = { type: 'refund.created', data: { object: refund } };
    await expect(
      h.db.transaction((m) =>
        events.stripeRefund(ctxOf(m, PaymentGateway.STRIPE, 'refund.created', payload).ctx),
      ),
    ).rejects.toBeInstanceOf(PaymentEventNotReady);
    expect((await one(first.id)).payout_refund_status).toBe('DRAFTED');

    await h.db.query(`UPDATE payment_details SET gateway_payment_id = $2 WHERE order_id = $1`, [
      o.order.id,
      pi,
    ]);
    const { ctx, related } = ctxOf(h.db.manager, PaymentGateway.STRIPE, 'refund.created', payload);
    await h.db.transaction((m) => events.stripeRefund({ ...ctx, m }));
    expect(await one(first.id)).toMatchObject({
      payout_refund_status: 'REFUNDED',
      payout_refund_reference: refund.id,
    });
    expect(related).toEqual([o.order.id]);
    // The worker's job then finds nothing left to do.
    expect((await settlement.settle(first.id)).state).toBe('skipped');
  });
});

describe("PayPal: the kitchen's capture", () => {
  it('refunds a cancelled date from the capture of its kitchen; the refund event confirms it', async () => {
    const o = await placeTwoDishOrder();
    const order = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: o.chef.publisher.id,
            custom_id: o.order.id,
            amount: { currency_code: 'USD', value: o.gross },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: 'http://shop.test/paypal/return',
              cancel_url: 'http://shop.test/cart',
            },
          },
        },
      } as Parameters<PayPalClient['createOrder']>[0],
      `create-${o.order.id}`,
    );
    await pay(PayPalClient.approvalUrl(order)!);
    const captured = await paypal.captureOrder(order.id, `capture-${o.order.id}`);
    const capture = captured.purchase_units[0].payments!.captures![0];
    await markPaid(o.order.id, {
      gateway: PaymentGateway.PAYPAL,
      method: 'PAYPAL',
      genericId: order.id,
      paymentId: null,
      details: { paypalCaptures: { [o.chef.publisher.id]: capture.id } },
    });
    const [first] = await selections(o.order.id);
    await cancelByCustomer(o, first);
    const amount = (await one(first.id)).payout_refund_amount!;
    expect((await settlement.settle(first.id)).state).toBe('done');
    const row = await one(first.id);
    expect(row.payout_refund_status).toBe('REFUNDED');
    const afterRefund = await paypal.getOrder(order.id);
    expect(afterRefund.purchase_units[0].payments!.captures![0].status).toBe('PARTIALLY_REFUNDED');

    // The event about it: already recorded, nothing changes; a later FAILED report would correct it.
    const resource = {
      id: row.payout_refund_reference,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: amount },
      custom_id: first.id,
      links: [{ rel: 'up', href: `${sandbox.url}/v2/payments/captures/${capture.id}`, method: 'GET' }],
    };
    await h.db.transaction((m) =>
      events.paypalRefund(ctxOf(m, PaymentGateway.PAYPAL, 'PAYMENT.CAPTURE.REFUNDED', { resource }).ctx),
    );
    expect(await one(first.id)).toMatchObject({
      payout_refund_status: 'REFUNDED',
      payout_refund_reference: row.payout_refund_reference,
    });
    // A refund of a capture Hearth has not recorded is not ready yet.
    await expect(
      h.db.transaction((m) =>
        events.paypalRefund(
          ctxOf(m, PaymentGateway.PAYPAL, 'PAYMENT.CAPTURE.REFUNDED', {
            resource: {
              ...resource,
              links: [{ rel: 'up', href: `${sandbox.url}/v2/payments/captures/NOPE` }],
            },
          }).ctx,
        ),
      ),
    ).rejects.toBeInstanceOf(PaymentEventNotReady);
  });
});

describe('through the settlements queue', () => {
  let worker: INestApplicationContext;
  beforeAll(async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }, apiEnv());
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [...coreImports(), SettlementWorkerModule],
      }).compile();
      worker = moduleRef.createNestApplication({ bufferLogs: true });
      await worker.init();
    } finally {
      process.env = saved;
    }
    // Jobs the tests above enqueued (settled by hand there) would only be skipped: drop them.
    await worker.get<Queue>(getQueueToken(QUEUES.SETTLEMENTS)).drain(true);
  });
  afterAll(() => worker?.close());

  it('a chef cancelling a paid date is refunded by the worker after the commit, with no one calling it', async () => {
    const o = await placeTwoDishOrder();
    await payByCard(o);
    const [first] = await selections(o.order.id);
    await h.db.query(`UPDATE order_date_selection SET order_status = 'CONFIRMED' WHERE id = $1`, [first.id]);
    await request(h.http)
      .post(moveUrl(o, first, 'CANCELLED'))
      .set(o.chef.auth)
      .send({ reason: 'Oven broke' })
      .expect(200);
    const end = Date.now() + 20_000;
    let row = await one(first.id);
    while (row.payout_refund_status !== 'REFUNDED' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      row = await one(first.id);
    }
    expect(row).toMatchObject({ payout_refund_status: 'REFUNDED', payout_refund_amount: first.item_total });
    expect((await stripe.refunds.retrieve(row.payout_refund_reference!)).amount).toBe(
      toMinor(first.item_total, 'USD'),
    );
  });
});
