import { fromMinor, toMinor } from '@hearth/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutPage, messagePage } from './hosted-pages.js';
import { obj, str, type Json, type SandboxContext } from './sandbox-context.js';
import { newId } from './sandbox-store.js';
import { paypalTransmissionHeaders, verifyPaypalTransmission } from './signatures.js';

/**
 * PayPal REST, the calls Hearth makes: OAuth client credentials, Orders v2 (create, get, capture),
 * capture refunds, and webhook signature verification, on PayPal's JSON wire format and error shape.
 */
interface Money {
  currency_code: string;
  value: string;
}

interface StoredOrder {
  clientId: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  object: Json & { id: string; status: string; purchase_units: Json[] };
}

export interface PayPalState {
  tokens: Record<string, { clientId: string; expiresAt: number }>;
  orders: Record<string, StoredOrder>;
  captures: Record<
    string,
    { orderId: string; refundedMinor?: number; object: Json & { id: string; amount: Money; status: string } }
  >;
  refunds: Record<string, Json & { id: string }>;
  requestIds: Record<string, { status: number; body: Json }>;
  signing?: { privateKeyPem: string; certPem: string; certName: string };
}

class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    message: string,
    readonly details: { field?: string; issue: string; description: string; location?: string }[] = [],
  ) {
    super(message);
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const paypalId = () => newId('', 17, ID_ALPHABET);
const TOKEN_TTL_S = 32_400;

/** PayPal's sandbox fee for a capture: 2.9 % + 0.30 in the currency's minor unit, half up. */
export function paypalFee(grossMinor: number): number {
  return Math.round((grossMinor * 29) / 1000) + 30;
}

function amountOf(value: unknown, field: string, currency?: string): { money: Money; minor: number } {
  const m = obj(value);
  const code = str(m.currency_code).toUpperCase();
  const v = str(m.value);
  if (!/^[A-Z]{3}$/.test(code)) {
    throw new PayPalError(
      400,
      'INVALID_REQUEST',
      'Request is not well-formed, syntactically incorrect, or violates schema.',
      [
        {
          field: `${field}/currency_code`,
          issue: 'MISSING_REQUIRED_PARAMETER',
          description: 'A required field / parameter is missing.',
          location: 'body',
        },
      ],
    );
  }
  if (currency && code !== currency) {
    throw new PayPalError(
      422,
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
      [
        {
          field: `${field}/currency_code`,
          issue: 'CURRENCY_MISMATCH',
          description: 'Currency code should be the same for all amounts in the purchase unit.',
        },
      ],
    );
  }
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(v)) {
    throw new PayPalError(
      422,
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
      [
        {
          field: `${field}/value`,
          issue: 'DECIMAL_PRECISION',
          description: 'If the currency supports decimals, only two decimal place precision is supported.',
        },
      ],
    );
  }
  return { money: { currency_code: code, value: v }, minor: toMinor(v, code) };
}

const moneyOf = (minor: number, currency: string): Money => ({
  currency_code: currency,
  value: fromMinor(minor, currency),
});

export async function registerPayPal(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const p = ctx.store.state.paypal;
  if (!p.signing) {
    // Loaded only here: the certificate is generated once and then kept in the state file.
    const { generate } = await import('selfsigned');
    const pems = await generate(
      [{ name: 'commonName', value: 'messageverificationcerts.sandbox.hearth.test' }],
      {
        keySize: 2048,
        algorithm: 'sha256',
        notAfterDate: new Date(Date.now() + 10 * 365 * 86_400_000),
      },
    );
    p.signing = {
      privateKeyPem: pems.private,
      certPem: pems.cert,
      certName: `CERT-360caa42-fca2a594-${newId('', 8, '0123456789abcdef')}`,
    };
    ctx.store.save();
  }
  const signing = p.signing;
  const certUrl = () => `${ctx.publicUrl()}/v1/notifications/certs/${signing.certName}`;

  const debugId = () => newId('', 13, '0123456789abcdef');

  const sendError = (reply: FastifyReply, err: unknown) => {
    if (err instanceof PayPalError) {
      return reply.code(err.status).header('paypal-debug-id', debugId()).send({
        name: err.name,
        message: err.message,
        debug_id: debugId(),
        details: err.details,
        links: [],
      });
    }
    ctx.log.error({ err }, 'paypal: unexpected error');
    return reply.code(500).send({
      name: 'INTERNAL_SERVER_ERROR',
      message: 'An internal server error occurred.',
      debug_id: debugId(),
    });
  };

  const bearer = (req: FastifyRequest): string => {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const found = p.tokens[token];
    if (!found || found.expiresAt < Date.now()) {
      throw new PayPalError(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        [{ issue: 'INVALID_TOKEN', description: 'Token signature verification failed' }],
      );
    }
    return found.clientId;
  };

  type Handler = (
    body: Json,
    clientId: string,
    params: Record<string, string>,
  ) => { status: number; body: Json };

  const route = (method: 'GET' | 'POST', path: string, handler: Handler) => {
    app.route({
      method,
      url: path,
      handler: async (req, reply) => {
        try {
          const clientId = bearer(req);
          const params = req.params as Record<string, string>;
          const requestId = req.headers['paypal-request-id'];
          const slot =
            typeof requestId === 'string' && requestId && method === 'POST'
              ? `${clientId}:${path}:${requestId}`
              : null;
          if (slot && p.requestIds[slot]) {
            const seen = p.requestIds[slot];
            return reply.code(seen.status).send(seen.body);
          }
          const result = handler(obj(req.body), clientId, params);
          if (slot) p.requestIds[slot] = result;
          ctx.store.save();
          return reply.code(result.status).header('paypal-debug-id', debugId()).send(result.body);
        } catch (err) {
          return sendError(reply, err);
        }
      },
    });
  };

  const event = (eventType: string, resourceType: string, resource: Json, summary: string) => {
    const evt = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        {
          href: `${ctx.publicUrl()}/v1/notifications/webhooks-events/${eventType}`,
          rel: 'self',
          method: 'GET',
        },
      ],
    };
    const target = ctx.config.paypal.webhookUrl;
    if (!target) {
      ctx.log.info({ gateway: 'paypal', eventType }, 'no webhook target configured; event not sent');
      return;
    }
    const body = JSON.stringify(evt);
    ctx.sender.send({
      gateway: 'paypal',
      eventId: evt.id,
      eventType,
      url: target,
      body,
      headers: () =>
        paypalTransmissionHeaders({
          rawBody: body,
          webhookId: ctx.config.paypal.webhookId,
          privateKeyPem: signing.privateKeyPem,
          certUrl: certUrl(),
        }),
    });
  };

  // ---- OAuth -------------------------------------------------------------------------------------
  app.post('/v1/oauth2/token', async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const [id, secret] = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString().split(':')
      : ['', ''];
    if (id !== ctx.config.paypal.clientId || secret !== ctx.config.paypal.clientSecret) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (str(obj(req.body).grant_type) !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${newId('', 80)}`;
    p.tokens[token] = { clientId: id, expiresAt: Date.now() + TOKEN_TTL_S * 1000 };
    for (const [t, v] of Object.entries(p.tokens)) if (v.expiresAt < Date.now()) delete p.tokens[t];
    ctx.store.save();
    return reply.send({
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-HEARTH-SANDBOX',
      expires_in: TOKEN_TTL_S,
      nonce: `${new Date().toISOString()}${newId('', 20)}`,
    });
  });

  // ---- Orders v2 ---------------------------------------------------------------------------------
  const orderLinks = (order: StoredOrder): Json[] => {
    const id = order.object.id;
    const base = `${ctx.publicUrl()}/v2/checkout/orders/${id}`;
    const links: Json[] = [{ href: base, rel: 'self', method: 'GET' }];
    if (order.object.status === 'CREATED' || order.object.status === 'PAYER_ACTION_REQUIRED') {
      links.push({
        href: `${ctx.publicUrl()}/paypal/checkoutnow?token=${id}`,
        rel: order.object.status === 'PAYER_ACTION_REQUIRED' ? 'payer-action' : 'approve',
        method: 'GET',
      });
    }
    if (order.object.status !== 'COMPLETED') {
      links.push({ href: base, rel: 'update', method: 'PATCH' });
      links.push({ href: `${base}/capture`, rel: 'capture', method: 'POST' });
    }
    return links;
  };
  const orderView = (order: StoredOrder): Json => ({ ...order.object, links: orderLinks(order) });

  const ownedOrder = (id: string, clientId: string): StoredOrder => {
    const order = p.orders[id];
    if (!order || order.clientId !== clientId) {
      throw new PayPalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
        {
          field: 'order_id',
          issue: 'INVALID_RESOURCE_ID',
          description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          location: 'path',
        },
      ]);
    }
    return order;
  };

  route('POST', '/v2/checkout/orders', (body, clientId) => {
    if (str(body.intent) !== 'CAPTURE') {
      throw new PayPalError(422, 'UNPROCESSABLE_ENTITY', 'The test gateway implements intent CAPTURE only.', [
        {
          field: '/intent',
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'The value of a field is invalid.',
        },
      ]);
    }
    const units = Array.isArray(body.purchase_units) ? body.purchase_units.map(obj) : [];
    if (units.length < 1 || units.length > 10) {
      throw new PayPalError(
        400,
        'INVALID_REQUEST',
        'Request is not well-formed, syntactically incorrect, or violates schema.',
        [
          {
            field: '/purchase_units',
            issue: 'MISSING_REQUIRED_PARAMETER',
            description: 'Between 1 and 10 purchase units are required.',
          },
        ],
      );
    }
    const purchaseUnits = units.map((unit, i) => {
      const field = `/purchase_units/@reference_id=='${str(unit.reference_id) || 'default'}'`;
      const { money, minor } = amountOf(unit.amount, `${field}/amount`);
      const currency = money.currency_code;
      const breakdown = obj(obj(unit.amount).breakdown);
      const items = Array.isArray(unit.items) ? unit.items.map(obj) : [];
      let itemTotal: number | null = null;
      if (breakdown.item_total !== undefined)
        itemTotal = amountOf(breakdown.item_total, `${field}/amount/breakdown/item_total`, currency).minor;
      if (items.length > 0) {
        if (itemTotal === null) {
          throw new PayPalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
            [
              {
                field: `${field}/amount/breakdown/item_total`,
                issue: 'ITEM_TOTAL_REQUIRED',
                description:
                  'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
              },
            ],
          );
        }
        const sum = items.reduce(
          (acc, item, j) =>
            acc +
            amountOf(item.unit_amount, `${field}/items[${j}]/unit_amount`, currency).minor *
              Number(str(item.quantity) || '1'),
          0,
        );
        if (sum !== itemTotal) {
          throw new PayPalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
            [
              {
                field: `${field}/amount/breakdown/item_total/value`,
                issue: 'ITEM_TOTAL_MISMATCH',
                description:
                  'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
              },
            ],
          );
        }
      }
      if (Object.keys(breakdown).length > 0) {
        const part = (k: string) =>
          breakdown[k] === undefined
            ? 0
            : amountOf(breakdown[k], `${field}/amount/breakdown/${k}`, currency).minor;
        const expected =
          part('item_total') +
          part('shipping') +
          part('handling') +
          part('tax_total') +
          part('insurance') -
          part('shipping_discount') -
          part('discount');
        if (expected !== minor) {
          throw new PayPalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
            [
              {
                field: `${field}/amount/value`,
                issue: 'AMOUNT_MISMATCH',
                description:
                  'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
              },
            ],
          );
        }
      }
      const instruction = obj(unit.payment_instruction);
      const fees = Array.isArray(instruction.platform_fees) ? instruction.platform_fees.map(obj) : [];
      const feeTotal = fees.reduce(
        (acc, f, j) =>
          acc + amountOf(f.amount, `${field}/payment_instruction/platform_fees[${j}]/amount`, currency).minor,
        0,
      );
      if (feeTotal > minor) {
        throw new PayPalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          [
            {
              field: `${field}/payment_instruction/platform_fees`,
              issue: 'PLATFORM_FEE_AMOUNT_GREATER_THAN_CAPTURE_AMOUNT',
              description: 'The platform fee must not exceed the amount.',
            },
          ],
        );
      }
      return {
        reference_id: str(unit.reference_id) || (i === 0 ? 'default' : `unit-${i}`),
        amount: { ...money, ...(Object.keys(breakdown).length > 0 ? { breakdown } : {}) },
        payee:
          Object.keys(obj(unit.payee)).length > 0
            ? obj(unit.payee)
            : { merchant_id: 'HEARTHSANDBOX01', email_address: 'merchant@hearth.test' },
        ...(fees.length > 0 ? { payment_instruction: instruction } : {}),
        ...(items.length > 0 ? { items } : {}),
        ...(unit.custom_id !== undefined ? { custom_id: str(unit.custom_id) } : {}),
        ...(unit.invoice_id !== undefined ? { invoice_id: str(unit.invoice_id) } : {}),
        ...(unit.description !== undefined ? { description: str(unit.description) } : {}),
      };
    });
    const refs = new Set(purchaseUnits.map((u) => u.reference_id));
    if (refs.size !== purchaseUnits.length) {
      throw new PayPalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        [
          {
            field: '/purchase_units',
            issue: 'DUPLICATE_REFERENCE_ID',
            description: '`reference_id` must be unique if multiple `purchase_unit` are provided.',
          },
        ],
      );
    }
    const experience = obj(obj(obj(body.payment_source).paypal).experience_context);
    const legacy = obj(body.application_context);
    const withSource = Object.keys(obj(body.payment_source)).length > 0;
    const now = new Date().toISOString();
    const order: StoredOrder = {
      clientId,
      returnUrl: str(experience.return_url) || str(legacy.return_url) || null,
      cancelUrl: str(experience.cancel_url) || str(legacy.cancel_url) || null,
      object: {
        id: paypalId(),
        intent: 'CAPTURE',
        status: withSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        purchase_units: purchaseUnits,
        create_time: now,
        update_time: now,
        ...(withSource ? { payment_source: { paypal: {} } } : {}),
      },
    };
    p.orders[order.object.id] = order;
    ctx.log.info({ gateway: 'paypal', order: order.object.id, units: purchaseUnits.length }, 'order created');
    return { status: 201, body: orderView(order) };
  });

  route('GET', '/v2/checkout/orders/:id', (_b, clientId, params) => ({
    status: 200,
    body: orderView(ownedOrder(params.id, clientId)),
  }));

  route('POST', '/v2/checkout/orders/:id/capture', (_b, clientId, params) => {
    const order = ownedOrder(params.id, clientId);
    if (order.object.status === 'COMPLETED') {
      throw new PayPalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        [
          {
            issue: 'ORDER_ALREADY_CAPTURED',
            description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          },
        ],
      );
    }
    if (order.object.status !== 'APPROVED') {
      throw new PayPalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        [
          {
            issue: 'ORDER_NOT_APPROVED',
            description:
              "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
          },
        ],
      );
    }
    const now = new Date().toISOString();
    const captures: Json[] = [];
    for (const unit of order.object.purchase_units) {
      const amount = unit.amount as Money;
      const gross = toMinor(amount.value, amount.currency_code);
      const fee = Math.min(gross, paypalFee(gross));
      const platformFees = Array.isArray(obj(unit.payment_instruction).platform_fees)
        ? (obj(unit.payment_instruction).platform_fees as Json[]).map((f) => ({
            amount: obj(f).amount as Money,
            payee: obj(obj(f).payee),
          }))
        : [];
      const platformTotal = platformFees.reduce(
        (acc, f) => acc + toMinor(f.amount.value, amount.currency_code),
        0,
      );
      const id = paypalId();
      const capture = {
        id,
        status: 'COMPLETED',
        amount,
        final_capture: true,
        seller_protection: {
          status: 'ELIGIBLE',
          dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
        },
        seller_receivable_breakdown: {
          gross_amount: amount,
          paypal_fee: moneyOf(fee, amount.currency_code),
          ...(platformFees.length > 0 ? { platform_fees: platformFees } : {}),
          net_amount: moneyOf(gross - fee - platformTotal, amount.currency_code),
        },
        ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
        supplementary_data: { related_ids: { order_id: order.object.id } },
        payee: unit.payee,
        create_time: now,
        update_time: now,
        links: [
          { href: `${ctx.publicUrl()}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
          { href: `${ctx.publicUrl()}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
          { href: `${ctx.publicUrl()}/v2/checkout/orders/${order.object.id}`, rel: 'up', method: 'GET' },
        ],
      };
      p.captures[id] = { orderId: order.object.id, object: capture };
      unit.payments = { captures: [capture] };
      captures.push(capture);
    }
    order.object.status = 'COMPLETED';
    order.object.update_time = now;
    ctx.log.info(
      { gateway: 'paypal', order: order.object.id, captures: captures.map((c) => c.id) },
      'order captured',
    );
    for (const capture of captures) {
      const a = capture.amount as Money;
      event(
        'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        capture,
        `Payment completed for ${a.value} ${a.currency_code}`,
      );
    }
    return { status: 201, body: orderView(order) };
  });

  route('GET', '/v2/payments/captures/:id', (_b, clientId, params) => {
    const found = p.captures[params.id];
    if (!found || p.orders[found.orderId]?.clientId !== clientId) {
      throw new PayPalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
        {
          issue: 'INVALID_RESOURCE_ID',
          description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
        },
      ]);
    }
    return { status: 200, body: found.object };
  });

  route('POST', '/v2/payments/captures/:id/refund', (body, clientId, params) => {
    const found = p.captures[params.id];
    if (!found || p.orders[found.orderId]?.clientId !== clientId) {
      throw new PayPalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
        {
          issue: 'INVALID_RESOURCE_ID',
          description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
        },
      ]);
    }
    const capture = found.object;
    const currency = capture.amount.currency_code;
    const gross = toMinor(capture.amount.value, currency);
    const refunded = found.refundedMinor ?? 0;
    const remaining = gross - refunded;
    if (remaining <= 0 || capture.status === 'REFUNDED') {
      throw new PayPalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' }],
      );
    }
    const amount = body.amount === undefined ? remaining : amountOf(body.amount, '/amount', currency).minor;
    if (amount < 1 || amount > remaining) {
      throw new PayPalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        [
          {
            field: '/amount/value',
            issue: 'REFUND_AMOUNT_EXCEEDED',
            description:
              'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          },
        ],
      );
    }
    found.refundedMinor = refunded + amount;
    capture.status = refunded + amount === gross ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const id = paypalId();
    const now = new Date().toISOString();
    const refund = {
      id,
      status: 'COMPLETED',
      amount: moneyOf(amount, currency),
      note_to_payer: str(body.note_to_payer) || undefined,
      invoice_id: str(body.invoice_id) || undefined,
      custom_id: str(body.custom_id) || undefined,
      seller_payable_breakdown: {
        gross_amount: moneyOf(amount, currency),
        paypal_fee: moneyOf(0, currency),
        net_amount: moneyOf(amount, currency),
        total_refunded_amount: moneyOf(refunded + amount, currency),
      },
      create_time: now,
      update_time: now,
      links: [
        { href: `${ctx.publicUrl()}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${ctx.publicUrl()}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    p.refunds[id] = refund;
    ctx.log.info({ gateway: 'paypal', capture: capture.id, refund: id, amount }, 'capture refunded');
    event(
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refund,
      `A ${refund.amount.value} ${currency} capture payment was refunded`,
    );
    return { status: 201, body: refund };
  });

  // ---- Webhook verification ----------------------------------------------------------------------
  app.get('/v1/notifications/certs/:name', async (req, reply) => {
    if ((req.params as { name: string }).name !== signing.certName) return reply.code(404).send('Not found');
    return reply.type('application/x-pem-file').send(signing.certPem);
  });

  route('POST', '/v1/notifications/verify-webhook-signature', (body) => {
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ]) {
      if (body[field] === undefined || body[field] === '') {
        throw new PayPalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
          {
            field,
            issue: 'MISSING_REQUIRED_PARAMETER',
            description: `${field} may not be null`,
            location: 'body',
          },
        ]);
      }
    }
    const ok =
      str(body.auth_algo) === 'SHA256withRSA' &&
      str(body.cert_url) === certUrl() &&
      str(body.webhook_id) === ctx.config.paypal.webhookId &&
      verifyPaypalTransmission({
        transmissionId: str(body.transmission_id),
        transmissionTime: str(body.transmission_time),
        webhookId: str(body.webhook_id),
        rawBody: JSON.stringify(body.webhook_event),
        signature: str(body.transmission_sig),
        certPem: signing.certPem,
      });
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  });

  // ---- Hosted approval page ----------------------------------------------------------------------
  const orderForPage = (req: FastifyRequest, reply: FastifyReply): StoredOrder | null => {
    const token = str(obj(req.query).token) || str(obj(req.body).token);
    const order = p.orders[token];
    if (!order) {
      void reply
        .code(404)
        .type('text/html')
        .send(messagePage('Order not found', 'This PayPal order does not exist.'));
      return null;
    }
    if (order.object.status !== 'CREATED' && order.object.status !== 'PAYER_ACTION_REQUIRED') {
      void reply
        .code(409)
        .type('text/html')
        .send(messagePage('Already approved', `This order is ${order.object.status.toLowerCase()}.`));
      return null;
    }
    return order;
  };

  app.get('/paypal/checkoutnow', async (req, reply) => {
    const order = orderForPage(req, reply);
    if (!order) return;
    const units = order.object.purchase_units;
    const currency = str(obj(units[0].amount).currency_code);
    const lines = units.flatMap((u) => {
      const items = Array.isArray(u.items) ? (u.items as Json[]) : [];
      if (items.length === 0) {
        return [
          {
            name: str(u.description) || str(u.reference_id),
            quantity: 1,
            amount: toMinor(str(obj(u.amount).value), currency),
          },
        ];
      }
      return items.map((item) => ({
        name: str(item.name),
        quantity: Number(str(item.quantity) || '1'),
        amount: toMinor(str(obj(item.unit_amount).value), currency) * Number(str(item.quantity) || '1'),
      }));
    });
    const total = units.reduce((acc, u) => acc + toMinor(str(obj(u.amount).value), currency), 0);
    const extras = units.flatMap((u) => {
      const b = obj(obj(u.amount).breakdown);
      return ['shipping', 'handling', 'tax_total']
        .filter((k) => b[k] !== undefined)
        .map((k) => ({
          label: `${k.replace('_total', '')} (${str(u.reference_id)})`,
          amount: toMinor(str(obj(b[k]).value), currency),
        }));
    });
    const token = order.object.id;
    return reply.type('text/html').send(
      checkoutPage({
        gateway: 'PayPal',
        merchant: units
          .map((u) => str(obj(u.payee).email_address) || str(obj(u.payee).merchant_id))
          .join(', '),
        reference: token,
        currency,
        lines,
        extraRows: extras,
        total,
        payAction: `/paypal/checkoutnow/approve?token=${token}`,
        declineAction: `/paypal/checkoutnow/cancel?token=${token}`,
      }),
    );
  });

  app.post('/paypal/checkoutnow/approve', async (req, reply) => {
    const order = orderForPage(req, reply);
    if (!order) return;
    const payerId = paypalId().slice(0, 13);
    order.object.status = 'APPROVED';
    order.object.update_time = new Date().toISOString();
    order.object.payer = {
      name: { given_name: 'Test', surname: 'Buyer' },
      email_address: 'buyer@example.test',
      payer_id: payerId,
    };
    order.object.payment_source = {
      paypal: { email_address: 'buyer@example.test', account_id: payerId, account_status: 'VERIFIED' },
    };
    ctx.store.save();
    ctx.log.info({ gateway: 'paypal', order: order.object.id }, 'order approved');
    event(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      orderView(order),
      `An order has been approved by buyer`,
    );
    if (!order.returnUrl)
      return reply
        .type('text/html')
        .send(messagePage('Approved', 'The order is approved; the shop can capture it now.'));
    const target = new URL(order.returnUrl);
    target.searchParams.set('token', order.object.id);
    target.searchParams.set('PayerID', payerId);
    return reply.redirect(target.toString(), 303);
  });

  app.post('/paypal/checkoutnow/cancel', async (req, reply) => {
    const order = orderForPage(req, reply);
    if (!order) return;
    ctx.log.info({ gateway: 'paypal', order: order.object.id }, 'buyer cancelled the approval');
    if (!order.cancelUrl)
      return reply.type('text/html').send(messagePage('Cancelled', 'You cancelled the payment.'));
    const target = new URL(order.cancelUrl);
    target.searchParams.set('token', order.object.id);
    return reply.redirect(target.toString(), 303);
  });
}
