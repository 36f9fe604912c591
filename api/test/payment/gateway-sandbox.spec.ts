import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cashfree } from 'cashfree-pg';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGatewaySandbox,
  type RunningGatewaySandbox,
} from '../../src/gateway-sandbox/gateway-sandbox.js';
import { loadSandboxConfig } from '../../src/gateway-sandbox/sandbox-config.js';
import {
  createCashfreePgClient,
  CashfreeApiError,
  CashfreePayoutClient,
} from '../../src/modules/payment/gateways/cashfree-client.js';
import { loadGatewayConfig, type GatewayConfig } from '../../src/modules/payment/gateways/gateway-config.js';
import { PayPalApiError, PayPalClient } from '../../src/modules/payment/gateways/paypal-client.js';
import { createStripeClient } from '../../src/modules/payment/gateways/stripe-client.js';
import {
  verifyCashfreeWebhook,
  verifyPayPalWebhook,
  verifyStripeWebhook,
  WebhookVerificationError,
  type PayPalWebhookEvent,
} from '../../src/modules/payment/gateways/webhook-verifiers.js';
import { formAction, WebhookReceiver } from './webhook-receiver.js';

/**
 * The local gateway sandbox driven by the real SDKs (stripe, cashfree-pg) and Hearth's own gateway
 * clients, as the checkout will use them: hosted pages submitted like a browser without JavaScript, and
 * every webhook received on a local server and checked with the verifiers the API will use.
 */
const CREDENTIALS = {
  STRIPE_SECRET_KEY: 'sk_test_gateway_spec',
  STRIPE_WEBHOOK_SECRET: 'whsec_gateway_spec_secret',
  PAYPAL_CLIENT_ID: 'paypal-spec-client',
  PAYPAL_CLIENT_SECRET: 'paypal-spec-secret',
  PAYPAL_WEBHOOK_ID: 'WH-SPEC-0001',
  CASHFREE_APP_ID: 'cashfree-spec-app',
  CASHFREE_SECRET_KEY: 'cashfree-spec-secret',
  CASHFREE_PAYOUT_CLIENT_ID: 'cashfree-spec-payout',
  CASHFREE_PAYOUT_CLIENT_SECRET: 'cashfree-spec-payout-secret',
};
const SHOP = 'http://shop.test';

let receiver: WebhookReceiver;
let sandbox: RunningGatewaySandbox;
let stateDir: string;
let gateways: GatewayConfig;
let stripe: Stripe;
let paypal: PayPalClient;
let cashfree: Cashfree;
let payouts: CashfreePayoutClient;

function sandboxEnv(): NodeJS.ProcessEnv {
  return {
    ...CREDENTIALS,
    GATEWAY_SANDBOX_PORT: '0',
    GATEWAY_SANDBOX_LOG_LEVEL: 'silent',
    GATEWAY_SANDBOX_STATE_FILE: join(stateDir, 'state.json'),
    GATEWAY_SANDBOX_WEBHOOK_URL_STRIPE: `${receiver.url}/stripe`,
    GATEWAY_SANDBOX_WEBHOOK_URL_PAYPAL: `${receiver.url}/paypal`,
    GATEWAY_SANDBOX_WEBHOOK_URL_CASHFREE: `${receiver.url}/cashfree-default`,
    GATEWAY_SANDBOX_WEBHOOK_URL_CASHFREE_PAYOUT: `${receiver.url}/payout`,
    GATEWAY_SANDBOX_WEBHOOK_RETRY_DELAY_MS: '40',
    GATEWAY_SANDBOX_WEBHOOK_ATTEMPTS: '4',
  };
}

function connect(): void {
  gateways = loadGatewayConfig({
    ...CREDENTIALS,
    STRIPE_API_BASE: sandbox.url,
    PAYPAL_API_BASE: sandbox.url,
    CASHFREE_API_BASE: sandbox.url,
  });
  stripe = createStripeClient(gateways.stripe!);
  paypal = new PayPalClient(gateways.paypal!);
  cashfree = createCashfreePgClient(gateways.cashfree!);
  payouts = new CashfreePayoutClient(gateways.cashfreePayout!);
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'gateway-sandbox-'));
  receiver = new WebhookReceiver();
  await receiver.start();
  sandbox = await startGatewaySandbox(loadSandboxConfig(sandboxEnv()));
  connect();
});

afterAll(async () => {
  await sandbox?.close();
  await receiver?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Opens a hosted page like a browser with JavaScript off, checks the label, submits the form with `button`. */
async function submit(
  pageUrl: string,
  button: RegExp,
): Promise<{ status: number; location: string | null; html: string }> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Test gateway — no money moves');
  const res = await fetch(new URL(formAction(html, button), pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html };
}

const stripeEvent = (type: string, id: string) => (body: Record<string, unknown>) =>
  body.type === type && (body.data as { object: { id: string } }).object.id === id;

async function onboardedAccount(email: string): Promise<string> {
  const account = await stripe.accounts.create({ type: 'express', country: 'US', email });
  expect(account.charges_enabled).toBe(false);
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    return_url: `${SHOP}/settings/connect-stripe-account`,
    refresh_url: `${SHOP}/settings/setup-stripe-account`,
  });
  const done = await submit(link.url, /Complete onboarding/);
  expect(done).toMatchObject({ status: 303, location: `${SHOP}/settings/connect-stripe-account` });
  return account.id;
}

describe('Stripe through the sandbox, with the stripe SDK', () => {
  it('onboards an Express account: the link completes it, account.updated arrives signed, the account reads ready', async () => {
    const id = await onboardedAccount('chef-onboarding@example.test');
    const hook = await receiver.waitFor('/stripe', (b) => b.type === 'account.updated' && b.account === id);
    const event = verifyStripeWebhook(stripe, hook.rawBody, hook.headers, gateways.stripe!.webhookSecret);
    expect((event.data.object as Stripe.Account).charges_enabled).toBe(true);
    const account = await stripe.accounts.retrieve(id);
    expect(account).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
  });

  it('pays a two-chef cart: one session, the hosted page paid, the signed webhook verified, each chef paid their part', async () => {
    const [chefA, chefB] = [
      await onboardedAccount('chef-a@example.test'),
      await onboardedAccount('chef-b@example.test'),
    ];
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      success_url: `${SHOP}/order/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SHOP}/cart`,
      client_reference_id: 'order-2-chefs',
      metadata: { orderId: 'order-2-chefs' },
      line_items: [
        {
          quantity: 2,
          price_data: {
            currency: 'usd',
            unit_amount: 1250,
            product_data: { name: 'Dal makhani · Tue 1 Dec' },
          },
        },
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 1800, product_data: { name: 'Lasagne · Wed 2 Dec' } },
        },
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 300, product_data: { name: 'Delivery (chef B)' } },
        },
      ],
      payment_intent_data: { transfer_group: 'order-2-chefs', metadata: { orderId: 'order-2-chefs' } },
    };
    const session = await stripe.checkout.sessions.create(params, {
      idempotencyKey: 'checkout-order-2-chefs',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 4600,
      currency: 'usd',
    });
    expect(session.id).toMatch(/^cs_test_/);
    // The same Idempotency-Key replays the same session; reused with other parameters it is refused.
    expect(
      (await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-order-2-chefs' })).id,
    ).toBe(session.id);
    await expect(
      stripe.checkout.sessions.create(
        { ...params, client_reference_id: 'other' },
        { idempotencyKey: 'checkout-order-2-chefs' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain('Dal makhani · Tue 1 Dec');
    expect(html).toContain('46.00 USD');
    const paid = await submit(session.url!, /^Pay /);
    expect(paid).toMatchObject({ status: 303, location: `${SHOP}/order/return?session_id=${session.id}` });

    const hook = await receiver.waitFor('/stripe', stripeEvent('checkout.session.completed', session.id));
    expect(hook.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verifyStripeWebhook(stripe, hook.rawBody, hook.headers, gateways.stripe!.webhookSecret);
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { orderId: 'order-2-chefs' },
    });
    expect(() =>
      verifyStripeWebhook(
        stripe,
        hook.rawBody.replace('"paid"', '"unpaid"'),
        hook.headers,
        gateways.stripe!.webhookSecret,
      ),
    ).toThrow(WebhookVerificationError);

    const pi = await stripe.paymentIntents.retrieve(completed.payment_intent as string);
    expect(pi).toMatchObject({ status: 'succeeded', amount_received: 4600, transfer_group: 'order-2-chefs' });
    const charge = pi.latest_charge as string;
    // Separate charges and transfers: each chef gets their part less the platform's 20 %.
    const toA = await stripe.transfers.create({
      amount: 2000,
      currency: 'usd',
      destination: chefA,
      source_transaction: charge,
      transfer_group: 'order-2-chefs',
    });
    const toB = await stripe.transfers.create({
      amount: 1680,
      currency: 'usd',
      destination: chefB,
      source_transaction: charge,
      transfer_group: 'order-2-chefs',
    });
    expect([toA.id, toB.id].every((id) => id.startsWith('tr_'))).toBe(true);
    expect(toA).toMatchObject({ amount: 2000, destination: chefA, source_transaction: charge });
    // What is left of the charge (920) cannot be overdrawn.
    await expect(
      stripe.transfers.create({
        amount: 921,
        currency: 'usd',
        destination: chefA,
        source_transaction: charge,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'balance_insufficient' });
  });

  it('charges one chef with an application fee, then refunds one date partially with the fee and the transfer', async () => {
    const chef = await onboardedAccount('chef-fee@example.test');
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: `${SHOP}/ok`,
      cancel_url: `${SHOP}/cart`,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'cad', unit_amount: 2500, product_data: { name: 'Tourtière · Mon' } },
        },
        {
          quantity: 1,
          price_data: { currency: 'cad', unit_amount: 1500, product_data: { name: 'Tourtière · Tue' } },
        },
      ],
      payment_intent_data: { application_fee_amount: 800, transfer_data: { destination: chef } },
    });
    expect((await fetch(session.url!).then((r) => r.text())).includes('of which platform fee')).toBe(true);
    await submit(session.url!, /^Pay /);
    await receiver.waitFor('/stripe', stripeEvent('checkout.session.completed', session.id));
    const retrieved = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent', 'line_items'],
    });
    const pi = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      application_fee_amount: 800,
      transfer_data: { destination: chef },
      status: 'succeeded',
    });
    expect(retrieved.line_items!.data.map((l) => l.amount_total)).toEqual([2500, 1500]);

    const refund = await stripe.refunds.create(
      {
        payment_intent: pi.id,
        amount: 1500,
        refund_application_fee: true,
        reverse_transfer: true,
        metadata: { date: 'Tue' },
      },
      { idempotencyKey: 'refund-tue' },
    );
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1500,
      status: 'succeeded',
      payment_intent: pi.id,
    });
    expect(refund.id).toMatch(/^re_/);
    const hook = await receiver.waitFor(
      '/stripe',
      (b) =>
        b.type === 'charge.refunded' &&
        (b.data as { object: { payment_intent: string } }).object.payment_intent === pi.id,
    );
    const charge = verifyStripeWebhook(stripe, hook.rawBody, hook.headers, gateways.stripe!.webhookSecret)
      .data.object as Stripe.Charge;
    expect(charge).toMatchObject({ amount: 4000, amount_refunded: 1500, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 2501 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
    });
  });

  it('declines: back to the cart, payment_intent.payment_failed signed, the session stays open until expired', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: `${SHOP}/ok`,
      cancel_url: `${SHOP}/cart?declined=1`,
      line_items: [
        { quantity: 1, price_data: { currency: 'aud', unit_amount: 990, product_data: { name: 'Pavlova' } } },
      ],
    });
    const declined = await submit(session.url!, /Decline/);
    expect(declined).toMatchObject({ status: 303, location: `${SHOP}/cart?declined=1` });
    const hook = await receiver.waitFor('/stripe', (b) => b.type === 'payment_intent.payment_failed');
    const failed = verifyStripeWebhook(stripe, hook.rawBody, hook.headers, gateways.stripe!.webhookSecret)
      .data.object as Stripe.PaymentIntent;
    expect(failed.last_payment_error?.code).toBe('card_declined');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await receiver.waitFor('/stripe', stripeEvent('checkout.session.expired', session.id));
    expect((await fetch(session.url!)).status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('refuses a wrong key, and keeps one connected account’s objects from another', async () => {
    const wrong = createStripeClient({ ...gateways.stripe!, secretKey: 'sk_test_not_the_key' });
    await expect(wrong.accounts.create({ type: 'express' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    const chef = await onboardedAccount('chef-direct@example.test');
    const other = await onboardedAccount('chef-other@example.test');
    const direct = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        success_url: `${SHOP}/ok`,
        line_items: [
          { quantity: 1, price_data: { currency: 'sgd', unit_amount: 700, product_data: { name: 'Laksa' } } },
        ],
        payment_intent_data: { application_fee_amount: 140 },
      },
      { stripeAccount: chef },
    );
    expect((await stripe.checkout.sessions.retrieve(direct.id, {}, { stripeAccount: chef })).id).toBe(
      direct.id,
    );
    await expect(
      stripe.checkout.sessions.retrieve(direct.id, {}, { stripeAccount: other }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.checkout.sessions.retrieve(direct.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('retries webhooks while the target is down, with a fresh signature each time', async () => {
    const before = sandbox.store.state.deliveries.length;
    receiver.failNext('/stripe', 2);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: `${SHOP}/ok`,
      line_items: [
        {
          quantity: 3,
          price_data: { currency: 'myr', unit_amount: 1200, product_data: { name: 'Nasi lemak' } },
        },
      ],
    });
    await submit(session.url!, /^Pay /);
    const hook = await receiver.waitFor('/stripe', stripeEvent('checkout.session.completed', session.id));
    const completed = verifyStripeWebhook(stripe, hook.rawBody, hook.headers, gateways.stripe!.webhookSecret);
    const pi = (completed.data.object as Stripe.Checkout.Session).payment_intent as string;
    await receiver.waitFor('/stripe', stripeEvent('payment_intent.succeeded', pi));
    // The two events of this payment (checkout.session.completed, payment_intent.succeeded) met two refusals.
    let these: { status: string; attempts: number }[] = [];
    for (let i = 0; i < 100; i++) {
      const deliveries = (await fetch(`${sandbox.url}/_sandbox/deliveries`).then((r) => r.json())) as {
        data: { status: string; attempts: number }[];
      };
      these = deliveries.data.slice(before);
      if (these.every((d) => d.status !== 'pending')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(these.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(these.reduce((sum, d) => sum + d.attempts, 0)).toBe(4);
  });
});

describe('PayPal through the sandbox, with the REST client', () => {
  it('creates, approves, captures and refunds an order; every webhook passes PayPal’s verification', async () => {
    const order = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: 'chef-a',
            custom_id: 'order-pp-1',
            amount: {
              currency_code: 'USD',
              value: '31.00',
              breakdown: {
                item_total: { currency_code: 'USD', value: '28.00' },
                shipping: { currency_code: 'USD', value: '3.00' },
              },
            },
            items: [
              { name: 'Tamales · Fri', quantity: '4', unit_amount: { currency_code: 'USD', value: '7.00' } },
            ],
            payee: { email_address: 'chef-a@example.test' },
            payment_instruction: { platform_fees: [{ amount: { currency_code: 'USD', value: '6.20' } }] },
          },
        ],
        payment_source: {
          paypal: { experience_context: { return_url: `${SHOP}/paypal/return`, cancel_url: `${SHOP}/cart` } },
        },
      },
      'create-order-pp-1',
    );
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    await expect(paypal.captureOrder(order.id, 'early-capture')).rejects.toMatchObject({
      issue: 'ORDER_NOT_APPROVED',
    });

    const approved = await submit(PayPalClient.approvalUrl(order)!, /^Pay /);
    expect(approved.html).toContain('Tamales · Fri');
    expect(approved.status).toBe(303);
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/paypal/return`);
    expect(back.searchParams.get('token')).toBe(order.id);
    expect(back.searchParams.get('PayerID')).toBeTruthy();

    const approvedHook = await receiver.waitFor('/paypal', (b) => b.event_type === 'CHECKOUT.ORDER.APPROVED');
    const approvedEvent = await verifyPayPalWebhook(paypal, approvedHook.rawBody, approvedHook.headers);
    expect((approvedEvent.resource as { id: string }).id).toBe(order.id);

    const captured = await paypal.captureOrder(order.id, 'capture-order-pp-1');
    expect(captured.status).toBe('COMPLETED');
    // The same PayPal-Request-Id replays the capture; a new one finds it already captured.
    expect((await paypal.captureOrder(order.id, 'capture-order-pp-1')).status).toBe('COMPLETED');
    await expect(paypal.captureOrder(order.id, 'capture-again')).rejects.toMatchObject({
      issue: 'ORDER_ALREADY_CAPTURED',
    });
    const capture = captured.purchase_units[0].payments!.captures![0];
    const b = capture.seller_receivable_breakdown!;
    const cents = (m: { value: string }) => Math.round(Number(m.value) * 100);
    expect(cents(b.gross_amount)).toBe(
      cents(b.paypal_fee) + cents(b.platform_fees![0].amount) + cents(b.net_amount),
    );

    const captureHook = await receiver.waitFor(
      '/paypal',
      (e) => e.event_type === 'PAYMENT.CAPTURE.COMPLETED' && (e.resource as { id: string }).id === capture.id,
    );
    const captureEvent = await verifyPayPalWebhook(paypal, captureHook.rawBody, captureHook.headers);
    expect(captureEvent.resource).toMatchObject({
      custom_id: 'order-pp-1',
      supplementary_data: { related_ids: { order_id: order.id } },
    });

    const refund = await paypal.refundCapture(capture.id, 'refund-fri', {
      amount: { currency_code: 'USD', value: '7.00' },
    });
    expect(refund).toMatchObject({ status: 'COMPLETED', amount: { value: '7.00' } });
    await expect(
      paypal.refundCapture(capture.id, 'refund-too-much', {
        amount: { currency_code: 'USD', value: '24.01' },
      }),
    ).rejects.toBeInstanceOf(PayPalApiError);
    const refundHook = await receiver.waitFor('/paypal', (e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    const refundEvent: PayPalWebhookEvent = await verifyPayPalWebhook(
      paypal,
      refundHook.rawBody,
      refundHook.headers,
    );
    expect((refundEvent.resource as { id: string }).id).toBe(refund.id);
  });

  it('refuses an altered body, a stale transmission, another webhook id and a wrong client secret', async () => {
    const hook = await receiver.waitFor('/paypal', (e) => e.event_type === 'CHECKOUT.ORDER.APPROVED');
    const reason = async (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: WebhookVerificationError) => e.reason,
      );
    expect(
      await reason(verifyPayPalWebhook(paypal, hook.rawBody.replace('APPROVED', 'COMPLETED'), hook.headers)),
    ).toBe('bad_signature');
    expect(
      await reason(verifyPayPalWebhook(paypal, hook.rawBody, hook.headers, 300, Date.now() + 301_000)),
    ).toBe('stale');
    const otherWebhook = new PayPalClient({ ...gateways.paypal!, webhookId: 'WH-SOMEONE-ELSE' });
    expect(await reason(verifyPayPalWebhook(otherWebhook, hook.rawBody, hook.headers))).toBe('bad_signature');
    const forged = { ...hook.headers, 'paypal-transmission-sig': Buffer.alloc(256).toString('base64') };
    expect(await reason(verifyPayPalWebhook(paypal, hook.rawBody, forged))).toBe('bad_signature');
    const wrongSecret = new PayPalClient({ ...gateways.paypal!, clientSecret: 'nope' });
    await expect(wrongSecret.getOrder('X')).rejects.toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });

  it('sends the buyer back to cancel_url when they decline', async () => {
    const order = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'CAD', value: '12.00' } }],
        payment_source: {
          paypal: { experience_context: { return_url: `${SHOP}/paypal/return`, cancel_url: `${SHOP}/cart` } },
        },
      },
      'create-declined',
    );
    const declined = await submit(PayPalClient.approvalUrl(order)!, /Decline/);
    expect(declined.location).toBe(`${SHOP}/cart?token=${order.id}`);
    expect((await paypal.getOrder(order.id)).status).toBe('PAYER_ACTION_REQUIRED');
  });
});

describe('Cashfree through the sandbox, with cashfree-pg and the payouts client', () => {
  it('creates an order, pays it on the hosted page, signs the webhook as the SDK verifies, refunds part', async () => {
    const created = await cashfree.PGCreateOrder({
      order_id: 'hearth-in-1001',
      order_amount: 450.5,
      order_currency: 'INR',
      customer_details: {
        customer_id: 'cust-1',
        customer_phone: '9999999999',
        customer_email: 'c@example.test',
      },
      order_meta: {
        return_url: `${SHOP}/cashfree/return?order_id={order_id}`,
        notify_url: `${receiver.url}/cashfree`,
      },
    });
    const order = created.data;
    expect(order).toMatchObject({ order_id: 'hearth-in-1001', order_status: 'ACTIVE', order_amount: 450.5 });
    expect(order.payment_session_id).toMatch(/^session_/);

    const paid = await submit(
      `${sandbox.publicUrl}/cashfree/checkout?payment_session_id=${order.payment_session_id}`,
      /^Pay /,
    );
    expect(paid.html).toContain('450.50 INR');
    expect(paid).toMatchObject({ status: 303, location: `${SHOP}/cashfree/return?order_id=hearth-in-1001` });

    const hook = await receiver.waitFor('/cashfree', (b) => b.type === 'PAYMENT_SUCCESS_WEBHOOK');
    const signature = hook.headers['x-webhook-signature'] as string;
    const timestamp = hook.headers['x-webhook-timestamp'] as string;
    expect(cashfree.PGVerifyWebhookSignature(signature, hook.rawBody, timestamp).type).toBe(
      'PAYMENT_SUCCESS_WEBHOOK',
    );
    const event = verifyCashfreeWebhook<{
      data: { order: { order_id: string }; payment: { payment_status: string } };
    }>(hook.rawBody, hook.headers, gateways.cashfree!.secretKey);
    expect(event.data).toMatchObject({
      order: { order_id: 'hearth-in-1001' },
      payment: { payment_status: 'SUCCESS' },
    });
    expect(() =>
      cashfree.PGVerifyWebhookSignature(signature, hook.rawBody.replace('450.5', '45.5'), timestamp),
    ).toThrow();
    expect((await cashfree.PGFetchOrder('hearth-in-1001')).data.order_status).toBe('PAID');

    const refund = await cashfree.PGOrderCreateRefund('hearth-in-1001', {
      refund_amount: 150.25,
      refund_id: 'refund-date-2',
    });
    expect(refund.data).toMatchObject({
      refund_id: 'refund-date-2',
      refund_amount: 150.25,
      refund_status: 'SUCCESS',
    });
    const refundHook = await receiver.waitFor('/cashfree', (b) => b.type === 'REFUND_STATUS_WEBHOOK');
    verifyCashfreeWebhook(refundHook.rawBody, refundHook.headers, gateways.cashfree!.secretKey);
    await expect(
      cashfree.PGOrderCreateRefund('hearth-in-1001', { refund_amount: 300.26, refund_id: 'refund-too-much' }),
    ).rejects.toMatchObject({
      response: { status: 400, data: { code: 'refund_amount_invalid' } },
    });
  });

  it('declines: PAYMENT_FAILED_WEBHOOK, the order stays payable', async () => {
    const order = (
      await cashfree.PGCreateOrder({
        order_amount: 99,
        order_currency: 'INR',
        customer_details: { customer_id: 'cust-2', customer_phone: '9999999998' },
        order_meta: { return_url: `${SHOP}/cashfree/return?order_id={order_id}` },
      })
    ).data;
    const declined = await submit(
      `${sandbox.publicUrl}/cashfree/checkout?payment_session_id=${order.payment_session_id}`,
      /Decline/,
    );
    expect(declined.location).toBe(`${SHOP}/cashfree/return?order_id=${order.order_id}`);
    const hook = await receiver.waitFor('/cashfree-default', (b) => b.type === 'PAYMENT_FAILED_WEBHOOK');
    verifyCashfreeWebhook(hook.rawBody, hook.headers, gateways.cashfree!.secretKey);
    expect((await cashfree.PGFetchOrder(order.order_id!)).data.order_status).toBe('ACTIVE');
  });

  it('adds a bank beneficiary and pays it out; the transfer completes with a signed TRANSFER_SUCCESS', async () => {
    const beneficiary = await payouts.createBeneficiary({
      beneficiary_id: 'chef-in-42',
      beneficiary_name: 'Asha Kitchen',
      beneficiary_instrument_details: { bank_account_number: '00011020001772', bank_ifsc: 'HDFC0000001' },
      beneficiary_contact_details: {
        beneficiary_email: 'asha@example.test',
        beneficiary_phone: '9876543210',
      },
    });
    expect(beneficiary.beneficiary_status).toBe('VERIFIED');
    await expect(
      payouts.createBeneficiary({
        beneficiary_id: 'chef-in-42',
        beneficiary_name: 'Again',
        beneficiary_instrument_details: { bank_account_number: '1234', bank_ifsc: 'HDFC0000001' },
      }),
    ).rejects.toMatchObject({ status: 409, code: 'beneficiary_id_already_exists' });
    await expect(
      payouts.createBeneficiary({
        beneficiary_id: 'chef-in-43',
        beneficiary_name: 'Bad',
        beneficiary_instrument_details: { bank_account_number: '1234', bank_ifsc: 'NOTANIFSC' },
      }),
    ).rejects.toBeInstanceOf(CashfreeApiError);

    const transfer = await payouts.createTransfer({
      transfer_id: 'payout-2026-12-01-42',
      transfer_amount: 360.4,
      beneficiary_details: { beneficiary_id: 'chef-in-42' },
    });
    expect(transfer).toMatchObject({ status: 'RECEIVED', transfer_amount: 360.4 });
    const hook = await receiver.waitFor('/payout', (b) => b.event_type === 'TRANSFER_SUCCESS');
    verifyCashfreeWebhook(hook.rawBody, hook.headers, gateways.cashfreePayout!.clientSecret);
    expect(await payouts.getTransfer('payout-2026-12-01-42')).toMatchObject({
      status: 'SUCCESS',
      transfer_amount: 360.4,
    });
    await expect(
      payouts.createTransfer({
        transfer_id: 'payout-2026-12-01-42',
        transfer_amount: 1,
        beneficiary_details: { beneficiary_id: 'chef-in-42' },
      }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('the sandbox itself', () => {
  it('answers its health check and keeps its state across a restart', async () => {
    expect(await fetch(`${sandbox.url}/health`).then((r) => r.json())).toMatchObject({ status: 'UP' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: `${SHOP}/ok`,
      line_items: [
        { quantity: 1, price_data: { currency: 'inr', unit_amount: 25000, product_data: { name: 'Thali' } } },
      ],
    });
    await sandbox.close();
    sandbox = await startGatewaySandbox(loadSandboxConfig(sandboxEnv()));
    connect();
    expect((await stripe.checkout.sessions.retrieve(session.id)).amount_total).toBe(25000);
    expect((await cashfree.PGFetchOrder('hearth-in-1001')).data.order_status).toBe('PAID');
  });
});
