import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import type Stripe from 'stripe';
import { toMinor } from '@hearth/shared';
import { coreImports } from '../../src/app.module.js';
import { PaymentWorkerModule } from '../../src/modules/payment/payment-worker.module.js';
import { createStripeClient } from '../../src/modules/payment/gateways/stripe-client.js';
import { PayPalClient } from '../../src/modules/payment/gateways/paypal-client.js';
import { QUEUES } from '../../src/queue/queues.js';
import { until } from '../mail/mail-worker.js';
import { startTestGateways, TEST_GATEWAY_KEYS, type TestGateways } from '../setup/gateways.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, type OfferedItem } from '../setup/shop.js';
import { checkoutBody, fillCart, placeOrder } from '../order/helpers.js';
import { formAction } from './webhook-receiver.js';

export { until };

/** The payment-events worker booted in this process as worker.ts boots it (plus `extra` test modules). */
export async function startPaymentWorker(
  env: Record<string, string>,
  extra: Array<NonNullable<Parameters<typeof Test.createTestingModule>[0]['imports']>[number]> = [],
): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }, env);
  let ctx: INestApplicationContext;
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), PaymentWorkerModule, ...extra],
    }).compile();
    ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
  } finally {
    process.env = saved;
  }
  return ctx;
}

export interface PaymentStack {
  gateways: TestGateways;
  h: Harness;
  worker: INestApplicationContext | null;
  stripe: Stripe;
  paypal: PayPalClient;
  close(): Promise<void>;
}

/** The gateway sandbox, the API (webhooks pointed at it) and, unless `worker: false`, the worker. */
export async function startPaymentStack(
  options: { worker?: boolean; extra?: Parameters<typeof startPaymentWorker>[1] } = {},
): Promise<PaymentStack> {
  const gateways = await startTestGateways();
  const h = await startHarness(gateways.apiEnv);
  gateways.pointWebhooksAt(h.origin.replace('localhost', '127.0.0.1'));
  const worker = options.worker === false ? null : await startPaymentWorker(gateways.apiEnv, options.extra);
  if (worker) await worker.get<Queue>(getQueueToken(QUEUES.PAYMENT_EVENTS)).drain(true);
  const stripe = createStripeClient({
    secretKey: TEST_GATEWAY_KEYS.STRIPE_SECRET_KEY,
    webhookSecret: TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET,
    apiBase: gateways.sandbox.url,
  } as Parameters<typeof createStripeClient>[0]);
  const paypal = new PayPalClient({
    clientId: TEST_GATEWAY_KEYS.PAYPAL_CLIENT_ID,
    clientSecret: TEST_GATEWAY_KEYS.PAYPAL_CLIENT_SECRET,
    webhookId: TEST_GATEWAY_KEYS.PAYPAL_WEBHOOK_ID,
    apiBase: gateways.sandbox.url,
  } as ConstructorParameters<typeof PayPalClient>[0]);
  return {
    gateways,
    h,
    worker,
    stripe,
    paypal,
    async close() {
      await worker?.close();
      await h.close();
      await gateways.close();
    },
  };
}

export interface OnlineOrder {
  orderId: string;
  orderNumber: string;
  gross: string;
  currency: string;
  /** Checkout Session id / PayPal order id. */
  checkoutId: string;
  /** The hosted page the customer pays on. */
  checkoutUrl: string;
  itemIds: string[];
  dates: string[];
  customer: TestActor;
}

/**
 * An order awaiting an online payment, as the checkout (another branch) leaves it: placed through the API,
 * then turned into a card or PayPal order with its gateway session, hold and waiting confirmation mails.
 * Two kitchens unless `kitchens: 1`.
 */
export async function onlineOrder(
  s: PaymentStack,
  options: {
    gateway?: 'stripe' | 'paypal';
    currency?: string;
    kitchens?: 1 | 2;
    maxAllowed?: number;
    chefPrice?: string;
  } = {},
): Promise<OnlineOrder> {
  const { h } = s;
  const currency = options.currency ?? 'USD';
  const chefs = [await h.chef({ currencyCode: currency })];
  if ((options.kitchens ?? 2) === 2) chefs.push(await h.chef({ currencyCode: currency }));
  const offered: OfferedItem[] = [];
  for (const [i, chef] of chefs.entries()) {
    offered.push(
      await createOfferedItem(h.db, {
        publisherId: chef.publisher.id,
        chefPrice: options.chefPrice ?? (i === 0 ? '8.99' : '12.35'),
        deliveryFees: i === 0 ? '4.50' : '0',
        maxAllowed: options.maxAllowed ?? 10,
        ...(offered[0] ? { dates: offered[0].dates } : {}),
      }),
    );
  }
  const customer = await h.customer();
  await fillCart(
    h,
    customer,
    offered.map((o, i) => ({
      itemId: o.item.id,
      optionId: o.optionId,
      orderQuantity: i + 1,
      dates: [{ date: o.dates[0] }],
    })),
  );
  const order = (await placeOrder(h, customer, checkoutBody()).expect(201)).body as {
    id: string;
    orderNumber: string;
    paymentDetails: { grossAmount: string };
    currencyCode: string;
  };
  const [row] = (await h.db.query(`SELECT id FROM customer_order WHERE order_number = $1`, [
    order.orderNumber,
  ])) as Array<{ id: string }>;
  const orderId = row.id;
  const gross = order.paymentDetails.grossAmount;
  let checkoutId: string;
  let checkoutUrl: string;
  if ((options.gateway ?? 'stripe') === 'stripe') {
    const session = await s.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: toMinor(gross, currency),
            product_data: { name: `Order ${order.orderNumber}` },
          },
        },
      ],
      success_url: 'http://shop.test/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cancel',
      metadata: { orderId },
      payment_intent_data: { metadata: { orderId } },
    });
    checkoutId = session.id;
    checkoutUrl = session.url as string;
  } else {
    const ppOrder = await s.paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: orderId, amount: { currency_code: currency, value: gross } }],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: 'http://shop.test/done',
              cancel_url: 'http://shop.test/cancel',
            },
          },
        },
      },
      orderId,
    );
    checkoutId = ppOrder.id;
    checkoutUrl = PayPalClient.approvalUrl(ppOrder) as string;
  }
  await h.db.query(
    `UPDATE payment_details SET gateway = $2, payment_method = $3, payment_details_generic_id = $4, checkout_url = $5,
            additional_details = NULL WHERE order_id = $1`,
    [
      orderId,
      options.gateway ?? 'stripe',
      (options.gateway ?? 'stripe') === 'stripe' ? 'STRIPE_CARD' : 'PAYPAL',
      checkoutId,
      checkoutUrl,
    ],
  );
  await h.db.query(
    `UPDATE customer_order SET payment_hold_expires_at = now() + interval '30 minutes' WHERE id = $1`,
    [orderId],
  );
  await h.db.query(
    `UPDATE email_outbox SET state = 'AWAITING_PAYMENT' WHERE related_type = 'order' AND related_id = $1`,
    [orderId],
  );
  return {
    orderId,
    orderNumber: order.orderNumber,
    gross,
    currency,
    checkoutId,
    checkoutUrl,
    itemIds: offered.map((o) => o.item.id),
    dates: [offered[0].dates[0]],
    customer,
  };
}

/** The customer presses "Pay" on the sandbox's hosted page (a form post, no JavaScript). */
export async function payOnHostedPage(url: string): Promise<void> {
  const page = await fetch(url);
  const html = await page.text();
  const action = formAction(html, /^Pay/i);
  const res = await fetch(new URL(action, url), { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`The sandbox answered ${res.status} to Pay`);
}

export interface PaidState {
  isPaymentCompleted: boolean;
  grossAmount: string;
  transactionFees: string;
  netAmount: string;
  vsFees: string;
  vsNet: string;
  gatewayPaymentId: string | null;
  additionalDetails: Record<string, unknown> | null;
  holdExpiresAt: Date | null;
  orderStatus: string;
  dates: Array<{ paymentStatus: string; orderStatus: string; payoutRefundStatus: string }>;
  mails: string[];
}

export async function paymentState(h: Harness, orderId: string): Promise<PaidState> {
  const [p] = (await h.db.query(
    `SELECT p.is_payment_completed, p.gross_amount::text AS gross, p.transaction_fees::text AS fees, p.net_amount::text AS net,
            p.vs_fees::text AS vs_fees, p.vs_net::text AS vs_net, p.gateway_payment_id, p.additional_details,
            o.payment_hold_expires_at, o.order_status
       FROM payment_details p JOIN customer_order o ON o.id = p.order_id WHERE p.order_id = $1`,
    [orderId],
  )) as Array<Record<string, unknown>>;
  const dates = (await h.db.query(
    `SELECT s.payment_status, s.order_status, s.payout_refund_status FROM order_date_selection s
       JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = $1 ORDER BY s.id`,
    [orderId],
  )) as Array<Record<string, string>>;
  const mails = (await h.db.query(`SELECT state FROM email_outbox WHERE related_id = $1 ORDER BY state`, [
    orderId,
  ])) as Array<{ state: string }>;
  return {
    isPaymentCompleted: p.is_payment_completed as boolean,
    grossAmount: p.gross as string,
    transactionFees: p.fees as string,
    netAmount: p.net as string,
    vsFees: p.vs_fees as string,
    vsNet: p.vs_net as string,
    gatewayPaymentId: p.gateway_payment_id as string | null,
    additionalDetails: p.additional_details as Record<string, unknown> | null,
    holdExpiresAt: p.payment_hold_expires_at as Date | null,
    orderStatus: p.order_status as string,
    dates: dates.map((d) => ({
      paymentStatus: d.payment_status,
      orderStatus: d.order_status,
      payoutRefundStatus: d.payout_refund_status,
    })),
    mails: mails.map((m) => m.state),
  };
}

export async function eventRows(
  h: Harness,
  where = 'true',
  params: unknown[] = [],
): Promise<
  Array<{
    id: string;
    gateway: string;
    event_id: string;
    type: string;
    status: string;
    attempts: number;
    error: string | null;
    order_id: string | null;
  }>
> {
  return h.db.query(
    `SELECT id, gateway, event_id, type, status, attempts, error, order_id FROM payment_event WHERE ${where} ORDER BY received_at`,
    params,
  );
}
