import { fromMinor, toMinor } from '@hearth/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutPage, messagePage } from './hosted-pages.js';
import { obj, str, type Json, type SandboxContext } from './sandbox-context.js';
import { newId } from './sandbox-store.js';
import { cashfreeSignature } from './signatures.js';

/**
 * Cashfree, the calls Hearth makes: PG orders (API version 2023-08-01 and later: `payment_session_id`),
 * order payments and refunds, and Payouts v2 (beneficiary, standard transfer, transfer status). Auth is
 * `x-client-id` / `x-client-secret` with `x-api-version`; errors are `{ message, code, type }`.
 */
interface StoredOrder {
  notifyUrl: string | null;
  returnUrl: string | null;
  lines: { name: string; quantity: number; amount: number }[];
  object: Json & { order_id: string; order_status: string; order_amount: number; order_currency: string };
}

export interface CashfreeState {
  orders: Record<string, StoredOrder>;
  payments: Record<string, Json & { order_id: string; payment_status: string }>;
  refunds: Record<string, Json & { order_id: string; refund_id: string; refund_amount: number }>;
  beneficiaries: Record<string, Json & { beneficiary_id: string }>;
  transfers: Record<string, Json & { transfer_id: string; cf_transfer_id: string; status: string }>;
}

class CashfreeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

const digits = (n: number) => newId('', n, '0123456789').replace(/^0/, '1');

/** A Cashfree amount (a JSON number of rupees, at most 2 decimals) in paise. */
function rupees(value: unknown, field: string, min = 1): number {
  const n = typeof value === 'number' ? value : Number(str(value));
  if (!Number.isFinite(n) || !/^\d+(\.\d{1,2})?$/.test(String(n)) || n < min) {
    throw new CashfreeError(
      400,
      `${field}_invalid`,
      `${field} : must be a number ≥ ${min} with at most two decimals. Value received: ${JSON.stringify(value)}`,
    );
  }
  return toMinor(String(n), 'INR');
}

const asNumber = (paise: number) => Number(fromMinor(paise, 'INR'));

export function registerCashfree(app: FastifyInstance, ctx: SandboxContext): () => boolean {
  const c = ctx.store.state.cashfree;

  const sendError = (reply: FastifyReply, err: unknown) => {
    if (err instanceof CashfreeError) {
      return reply.code(err.status).send({ message: err.message, code: err.code, type: err.type });
    }
    ctx.log.error({ err }, 'cashfree: unexpected error');
    return reply
      .code(500)
      .send({ message: 'internal error in the test gateway', code: 'internal_error', type: 'api_error' });
  };

  const authenticate = (req: FastifyRequest, payout: boolean) => {
    const id = req.headers['x-client-id'];
    const secret = req.headers['x-client-secret'];
    const [wantId, wantSecret] = payout
      ? [ctx.config.cashfree.payoutClientId, ctx.config.cashfree.payoutClientSecret]
      : [ctx.config.cashfree.appId, ctx.config.cashfree.secretKey];
    if (id !== wantId || secret !== wantSecret) {
      throw new CashfreeError(401, 'request_failed', 'authentication Failed', 'authentication_error');
    }
    if (!payout && !req.headers['x-api-version']) {
      throw new CashfreeError(400, 'x-api-version_missing', 'x-api-version : header missing in the request');
    }
  };

  type Handler = (
    body: Json,
    params: Record<string, string>,
    query: Json,
  ) => { status: number; body: unknown };
  const route = (method: 'GET' | 'POST', path: string, payout: boolean, handler: Handler) => {
    app.route({
      method,
      url: path,
      handler: async (req, reply) => {
        try {
          authenticate(req, payout);
          const result = handler(obj(req.body), req.params as Record<string, string>, obj(req.query));
          ctx.store.save();
          return reply
            .code(result.status)
            .header('x-request-id', req.headers['x-request-id'] ?? newId('', 20))
            .send(result.body);
        } catch (err) {
          return sendError(reply, err);
        }
      },
    });
  };

  const post = (
    kind: 'pg' | 'payout',
    url: string | null,
    type: string,
    payload: Json,
    idempotencyKey: string,
  ) => {
    if (!url) {
      ctx.log.info({ gateway: 'cashfree', eventType: type }, 'no webhook target configured; event not sent');
      return;
    }
    const body = JSON.stringify(payload);
    const secret = kind === 'pg' ? ctx.config.cashfree.secretKey : ctx.config.cashfree.payoutClientSecret;
    ctx.sender.send({
      gateway: kind === 'pg' ? 'cashfree' : 'cashfree-payout',
      eventId: idempotencyKey,
      eventType: type,
      url,
      body,
      headers: () => {
        const timestamp = String(Date.now());
        return {
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': cashfreeSignature(secret, timestamp, body),
          'x-webhook-version': '2025-01-01',
          'x-idempotency-key': idempotencyKey,
        };
      },
    });
  };

  // ---- PG orders ---------------------------------------------------------------------------------
  const findOrder = (id: string): StoredOrder => {
    const order = c.orders[id];
    if (!order) throw new CashfreeError(404, 'order_not_found', 'order not found for this order_id');
    return order;
  };

  route('POST', '/pg/orders', false, (body) => {
    const currency = str(body.order_currency).toUpperCase();
    if (currency !== 'INR') {
      throw new CashfreeError(
        400,
        'order_currency_invalid',
        `order_currency : the test gateway takes INR only. Value received: ${JSON.stringify(body.order_currency)}`,
      );
    }
    const amount = rupees(body.order_amount, 'order_amount');
    const customer = obj(body.customer_details);
    if (!str(customer.customer_id))
      throw new CashfreeError(
        400,
        'customer_details.customer_id_missing',
        'customer_details.customer_id : is missing in the request',
      );
    if (!/^\+?\d{10,15}$/.test(str(customer.customer_phone))) {
      throw new CashfreeError(
        400,
        'customer_details.customer_phone_invalid',
        'customer_details.customer_phone : should be 10 digits (or with a country code)',
      );
    }
    const orderId = str(body.order_id) || `order_${newId('', 20)}`;
    if (!/^[A-Za-z0-9_-]{3,45}$/.test(orderId)) {
      throw new CashfreeError(
        400,
        'order_id_invalid',
        'order_id : should be 3-45 characters of letters, digits, - and _',
      );
    }
    if (c.orders[orderId])
      throw new CashfreeError(409, 'order_already_exists', 'order with same id is already present');
    const meta = obj(body.order_meta);
    for (const key of ['return_url', 'notify_url']) {
      const v = str(meta[key]);
      if (v && !/^https?:\/\//.test(v))
        throw new CashfreeError(
          400,
          `order_meta.${key}_invalid`,
          `order_meta.${key} : should be an http or https url`,
        );
    }
    const cart = Array.isArray(obj(body.cart_details).cart_items)
      ? (obj(body.cart_details).cart_items as unknown[]).map(obj)
      : [];
    const lines =
      cart.length > 0
        ? cart.map((item) => {
            const quantity = Number(str(item.item_quantity) || '1');
            const unit = rupees(
              item.item_discounted_unit_price ?? item.item_original_unit_price,
              'cart_details.cart_items.item_discounted_unit_price',
              0,
            );
            return { name: str(item.item_name) || str(item.item_id), quantity, amount: unit * quantity };
          })
        : [{ name: str(body.order_note) || `Order ${orderId}`, quantity: 1, amount }];
    const now = new Date();
    const order: StoredOrder = {
      notifyUrl: str(meta.notify_url) || null,
      returnUrl: str(meta.return_url) || null,
      lines,
      object: {
        cf_order_id: digits(10),
        created_at: now.toISOString(),
        customer_details: customer,
        entity: 'order',
        order_amount: asNumber(amount),
        order_currency: currency,
        order_expiry_time:
          str(body.order_expiry_time) || new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        order_id: orderId,
        order_meta: {
          return_url: str(meta.return_url) || null,
          notify_url: str(meta.notify_url) || null,
          payment_methods: meta.payment_methods ?? null,
        },
        order_note: str(body.order_note) || null,
        order_splits: Array.isArray(body.order_splits) ? body.order_splits : [],
        order_status: 'ACTIVE',
        order_tags: body.order_tags ?? null,
        payment_session_id: `session_${newId('', 96)}`,
        cart_details: cart.length > 0 ? obj(body.cart_details) : null,
      },
    };
    c.orders[orderId] = order;
    ctx.log.info({ gateway: 'cashfree', order: orderId, amount }, 'order created');
    return { status: 200, body: order.object };
  });

  route('GET', '/pg/orders/:id', false, (_b, params) => ({ status: 200, body: findOrder(params.id).object }));

  route('GET', '/pg/orders/:id/payments', false, (_b, params) => {
    findOrder(params.id);
    return { status: 200, body: Object.values(c.payments).filter((pay) => pay.order_id === params.id) };
  });

  route('POST', '/pg/orders/:id/refunds', false, (body, params) => {
    const order = findOrder(params.id);
    if (order.object.order_status !== 'PAID') {
      throw new CashfreeError(400, 'order_not_paid', 'refund can be initiated only for a paid order');
    }
    const refundId = str(body.refund_id);
    if (!/^[A-Za-z0-9_-]{3,40}$/.test(refundId)) {
      throw new CashfreeError(
        400,
        'refund_id_invalid',
        'refund_id : should be 3-40 characters of letters, digits, - and _',
      );
    }
    const key = `${params.id}:${refundId}`;
    if (c.refunds[key])
      throw new CashfreeError(409, 'refund_already_exists', 'refund with same refund_id is already present');
    const amount = rupees(body.refund_amount, 'refund_amount', 0.01);
    const paid = toMinor(String(order.object.order_amount), 'INR');
    const already = Object.values(c.refunds)
      .filter((r) => r.order_id === params.id)
      .reduce((sum, r) => sum + toMinor(String(r.refund_amount), 'INR'), 0);
    if (amount > paid - already) {
      throw new CashfreeError(
        400,
        'refund_amount_invalid',
        `refund_amount : should be less than or equal to the unrefunded amount ${fromMinor(paid - already, 'INR')}`,
      );
    }
    const payment = Object.values(c.payments).find(
      (pay) => pay.order_id === params.id && pay.payment_status === 'SUCCESS',
    );
    const now = new Date().toISOString();
    const refund = {
      cf_payment_id: payment?.cf_payment_id ?? null,
      cf_refund_id: digits(10),
      refund_id: refundId,
      order_id: params.id,
      entity: 'refund',
      refund_amount: asNumber(amount),
      refund_currency: 'INR',
      refund_note: str(body.refund_note) || null,
      refund_status: 'SUCCESS',
      refund_arn: `ARN${digits(12)}`,
      refund_charge: 0,
      status_description: 'Refund processed successfully',
      refund_type: 'MERCHANT_INITIATED',
      refund_mode: 'STANDARD',
      refund_speed: {
        requested: str(body.refund_speed) || 'STANDARD',
        accepted: 'STANDARD',
        processed: 'STANDARD',
      },
      created_at: now,
      processed_at: now,
    };
    c.refunds[key] = refund;
    ctx.log.info({ gateway: 'cashfree', order: params.id, refund: refundId, amount }, 'refund created');
    post(
      'pg',
      order.notifyUrl ?? ctx.config.cashfree.webhookUrl,
      'REFUND_STATUS_WEBHOOK',
      { data: { refund }, event_time: now, type: 'REFUND_STATUS_WEBHOOK' },
      `refund_${refund.cf_refund_id}`,
    );
    return { status: 200, body: refund };
  });

  route('GET', '/pg/orders/:id/refunds/:refund', false, (_b, params) => {
    const refund = c.refunds[`${params.id}:${params.refund}`];
    if (!refund) throw new CashfreeError(404, 'refund_not_found', 'refund not found for this refund_id');
    return { status: 200, body: refund };
  });

  // ---- Hosted checkout ---------------------------------------------------------------------------
  const orderForPage = (req: FastifyRequest, reply: FastifyReply): StoredOrder | null => {
    const session = str(obj(req.query).payment_session_id);
    const order = Object.values(c.orders).find((o) => o.object.payment_session_id === session);
    if (!order) {
      void reply
        .code(404)
        .type('text/html')
        .send(messagePage('Order not found', 'No order has this payment session.'));
      return null;
    }
    if (
      order.object.order_status === 'ACTIVE' &&
      Date.parse(str(order.object.order_expiry_time)) <= Date.now()
    ) {
      order.object.order_status = 'EXPIRED';
      ctx.store.save();
    }
    if (order.object.order_status !== 'ACTIVE') {
      void reply
        .code(409)
        .type('text/html')
        .send(messagePage('Order closed', `This order is ${order.object.order_status.toLowerCase()}.`));
      return null;
    }
    return order;
  };

  app.get('/cashfree/checkout', async (req, reply) => {
    const order = orderForPage(req, reply);
    if (!order) return;
    const session = encodeURIComponent(str(order.object.payment_session_id));
    return reply.type('text/html').send(
      checkoutPage({
        gateway: 'Cashfree',
        merchant: 'Hearth',
        reference: order.object.order_id,
        currency: 'INR',
        lines: order.lines,
        total: toMinor(String(order.object.order_amount), 'INR'),
        payAction: `/cashfree/checkout/pay?payment_session_id=${session}`,
        declineAction: `/cashfree/checkout/decline?payment_session_id=${session}`,
      }),
    );
  });

  const settle = (order: StoredOrder, success: boolean) => {
    const now = new Date().toISOString();
    const payment = {
      cf_payment_id: digits(10),
      order_id: order.object.order_id,
      entity: 'payment',
      payment_amount: order.object.order_amount,
      payment_currency: 'INR',
      payment_status: success ? 'SUCCESS' : 'FAILED',
      payment_message: success ? 'Simulated payment (test gateway)' : 'Payment declined in the test gateway',
      payment_time: now,
      payment_completion_time: now,
      bank_reference: digits(12),
      is_captured: success,
      payment_group: 'upi',
      payment_method: {
        upi: { channel: 'collect', upi_id: success ? 'testsuccess@gocash' : 'testfailure@gocash' },
      },
      error_details: success
        ? null
        : {
            error_code: 'TRANSACTION_DECLINED',
            error_description: 'declined by the payer',
            error_reason: 'payment_declined',
            error_source: 'customer',
          },
    };
    c.payments[payment.cf_payment_id] = payment;
    if (success) order.object.order_status = 'PAID';
    ctx.store.save();
    const type = success ? 'PAYMENT_SUCCESS_WEBHOOK' : 'PAYMENT_FAILED_WEBHOOK';
    ctx.log.info(
      {
        gateway: 'cashfree',
        order: order.object.order_id,
        payment: payment.cf_payment_id,
        status: payment.payment_status,
      },
      'payment settled',
    );
    post(
      'pg',
      order.notifyUrl ?? ctx.config.cashfree.webhookUrl,
      type,
      {
        data: {
          order: {
            order_id: order.object.order_id,
            order_amount: order.object.order_amount,
            order_currency: 'INR',
            order_tags: order.object.order_tags,
          },
          payment,
          customer_details: order.object.customer_details,
          payment_gateway_details: {
            gateway_name: 'CASHFREE',
            gateway_order_id: order.object.cf_order_id,
            gateway_payment_id: payment.cf_payment_id,
          },
          payment_offers: null,
        },
        event_time: now,
        type,
      },
      `payment_${payment.cf_payment_id}`,
    );
  };

  const back = (order: StoredOrder, reply: FastifyReply, text: string) => {
    if (!order.returnUrl) return reply.type('text/html').send(messagePage('Done', text));
    return reply.redirect(
      order.returnUrl.replace('{order_id}', encodeURIComponent(order.object.order_id)),
      303,
    );
  };

  app.post('/cashfree/checkout/pay', async (req, reply) => {
    const order = orderForPage(req, reply);
    if (!order) return;
    settle(order, true);
    return back(order, reply, 'Payment received.');
  });

  app.post('/cashfree/checkout/decline', async (req, reply) => {
    const order = orderForPage(req, reply);
    if (!order) return;
    settle(order, false);
    return back(order, reply, 'Payment declined.');
  });

  // ---- Payouts v2 --------------------------------------------------------------------------------
  route('POST', '/payout/beneficiary', true, (body) => {
    const id = str(body.beneficiary_id);
    if (!/^[A-Za-z0-9_|-]{1,50}$/.test(id))
      throw new CashfreeError(
        400,
        'beneficiary_id_invalid',
        'beneficiary_id : should be 1-50 characters of letters, digits, _, | and -',
      );
    if (c.beneficiaries[id])
      throw new CashfreeError(409, 'beneficiary_id_already_exists', 'Beneficiary ID already exists');
    const name = str(body.beneficiary_name);
    if (!name)
      throw new CashfreeError(
        400,
        'beneficiary_name_missing',
        'beneficiary_name : is missing in the request',
      );
    const instrument = obj(body.beneficiary_instrument_details);
    const account = str(instrument.bank_account_number);
    const ifsc = str(instrument.bank_ifsc).toUpperCase();
    const vpa = str(instrument.vpa);
    if (!vpa || account || ifsc) {
      if (!/^[A-Za-z0-9]{4,25}$/.test(account)) {
        throw new CashfreeError(
          400,
          'beneficiary_instrument_details.bank_account_number_invalid',
          'bank_account_number : should be 4-25 letters or digits',
        );
      }
      if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) {
        throw new CashfreeError(
          400,
          'beneficiary_instrument_details.bank_ifsc_invalid',
          'bank_ifsc : should be a valid IFSC (4 letters, 0, 6 letters or digits)',
        );
      }
      // A well-formed IFSC of no bank branch, as Cashfree refuses one it cannot find: the test magic
      // value (like Stripe's test card numbers) is any IFSC of the bank code NONE, e.g. NONE0000001.
      if (ifsc.startsWith('NONE')) {
        throw new CashfreeError(
          422,
          'beneficiary_instrument_details.bank_ifsc_not_found',
          `bank_ifsc : ${ifsc} is not the IFSC of any bank branch`,
        );
      }
    }
    const beneficiary = {
      beneficiary_id: id,
      beneficiary_name: name,
      beneficiary_instrument_details: {
        bank_account_number: account || null,
        bank_ifsc: ifsc || null,
        vpa: vpa || null,
      },
      beneficiary_contact_details: obj(body.beneficiary_contact_details),
      beneficiary_status: 'VERIFIED',
      added_on: new Date().toISOString(),
    };
    c.beneficiaries[id] = beneficiary;
    ctx.log.info({ gateway: 'cashfree-payout', beneficiary: id }, 'beneficiary added');
    return { status: 201, body: beneficiary };
  });

  route('GET', '/payout/beneficiary', true, (_b, _p, query) => {
    const found = c.beneficiaries[str(query.beneficiary_id)];
    if (!found) throw new CashfreeError(404, 'beneficiary_not_found', 'Beneficiary does not exist');
    return { status: 200, body: found };
  });

  route('POST', '/payout/transfers', true, (body) => {
    const transferId = str(body.transfer_id);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(transferId))
      throw new CashfreeError(
        400,
        'transfer_id_invalid',
        'transfer_id : should be 1-40 characters of letters, digits, _ and -',
      );
    if (c.transfers[transferId])
      throw new CashfreeError(409, 'transfer_id_already_exists', 'Transfer ID already exists');
    const amount = rupees(body.transfer_amount, 'transfer_amount', 1);
    const currency = str(body.transfer_currency) || 'INR';
    if (currency !== 'INR')
      throw new CashfreeError(400, 'transfer_currency_invalid', 'transfer_currency : should be INR');
    const beneficiaryId = str(obj(body.beneficiary_details).beneficiary_id);
    const beneficiary = c.beneficiaries[beneficiaryId];
    if (!beneficiary) throw new CashfreeError(404, 'beneficiary_not_found', 'Beneficiary does not exist');
    const now = new Date().toISOString();
    const transfer = {
      transfer_id: transferId,
      cf_transfer_id: digits(10),
      status: 'RECEIVED',
      status_code: 'RECEIVED',
      status_description: 'Request accepted. Transfer will be processed shortly.',
      beneficiary_details: {
        beneficiary_id: beneficiaryId,
        beneficiary_instrument_details: beneficiary.beneficiary_instrument_details,
      },
      currency: 'INR',
      transfer_amount: asNumber(amount),
      transfer_service_charge: 0,
      transfer_service_tax: 0,
      transfer_mode: str(body.transfer_mode) || 'banktransfer',
      transfer_utr: null as string | null,
      transfer_remarks: str(body.transfer_remarks) || null,
      fundsource_id: 'CASHFREE_DEFAULT',
      added_on: now,
      updated_on: now,
    };
    c.transfers[transferId] = transfer;
    const response = { ...transfer };
    // The bank accepts at once in the sandbox; real transfers settle within minutes.
    setImmediate(() => {
      Object.assign(transfer, {
        status: 'SUCCESS',
        status_code: 'COMPLETED',
        status_description: 'Transfer completed successfully',
        transfer_utr: `N${digits(15)}`,
        updated_on: new Date().toISOString(),
      });
      ctx.store.save();
      ctx.log.info({ gateway: 'cashfree-payout', transfer: transferId, amount }, 'transfer completed');
      post(
        'payout',
        ctx.config.cashfree.payoutWebhookUrl,
        'TRANSFER_SUCCESS',
        { event_type: 'TRANSFER_SUCCESS', event_time: transfer.updated_on, data: transfer },
        `transfer_${transfer.cf_transfer_id}`,
      );
    });
    ctx.log.info(
      { gateway: 'cashfree-payout', transfer: transferId, amount, beneficiary: beneficiaryId },
      'transfer received',
    );
    return { status: 200, body: response };
  });

  route('GET', '/payout/transfers', true, (_b, _p, query) => {
    const byId = c.transfers[str(query.transfer_id)];
    const found =
      byId ?? Object.values(c.transfers).find((t) => t.cf_transfer_id === str(query.cf_transfer_id));
    if (!found) throw new CashfreeError(404, 'transfer_not_found', 'Transfer does not exist');
    return { status: 200, body: found };
  });

  /** Marks ACTIVE orders past their expiry EXPIRED. */
  return () => {
    let changed = false;
    for (const order of Object.values(c.orders)) {
      if (
        order.object.order_status === 'ACTIVE' &&
        Date.parse(str(order.object.order_expiry_time)) <= Date.now()
      ) {
        order.object.order_status = 'EXPIRED';
        changed = true;
      }
    }
    return changed;
  };
}
