import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutPage, escapeHtml, layout, messagePage, money } from './hosted-pages.js';
import { obj, str, stringMap, type Json, type SandboxContext } from './sandbox-context.js';
import { newId, nowSeconds } from './sandbox-store.js';
import { stripeSignatureHeader } from './signatures.js';

/**
 * Stripe, the calls Hearth makes, on Stripe's wire protocol (form-encoded requests, `Authorization:
 * Bearer sk_test_…`, `Stripe-Account`, `Idempotency-Key`, Stripe's error shape), so the `stripe` SDK
 * works unchanged with `host`/`port`/`protocol` pointed here.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

interface LineItem {
  id: string;
  object: 'item';
  description: string;
  quantity: number;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  price: { object: 'price'; currency: string; unit_amount: number; product_data: { name: string } };
}

interface PaymentIntentData {
  application_fee_amount: number | null;
  transfer_destination: string | null;
  transfer_amount: number | null;
  on_behalf_of: string | null;
  transfer_group: string | null;
  description: string | null;
  metadata: Record<string, string>;
}

interface StoredSession {
  account: string | null;
  object: Json & { id: string; status: string; expires_at: number; amount_total: number; currency: string };
  lineItems: LineItem[];
  paymentIntentData: PaymentIntentData;
}

interface StoredAccountLink {
  account: string;
  return_url: string;
  refresh_url: string;
  expires_at: number;
}

export interface StripeState {
  sessions: Record<string, StoredSession>;
  paymentIntents: Record<string, { account: string | null; object: Json & { id: string } }>;
  charges: Record<
    string,
    {
      account: string | null;
      object: Json & { id: string; amount: number; amount_refunded: number; currency: string };
    }
  >;
  refunds: Record<string, { account: string | null; object: Json & { id: string } }>;
  accounts: Record<string, Json & { id: string }>;
  transfers: Record<string, Json & { id: string; amount: number; amount_reversed: number }>;
  accountLinks?: Record<string, StoredAccountLink>;
  idempotency: Record<string, { path: string; hash: string; status: number; body: Json }>;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing', param);

function int(value: unknown, param: string, min = 0): number {
  const n = Number(str(value));
  if (str(value) === '' || !Number.isInteger(n) || n < min) {
    throw new StripeError(
      400,
      `Invalid integer: ${str(value) || '(empty)'}`,
      'invalid_request_error',
      'parameter_invalid_integer',
      param,
    );
  }
  return n;
}

function optionalInt(value: unknown, param: string): number | null {
  return value === undefined || str(value) === '' ? null : int(value, param);
}

function required(value: unknown, param: string): string {
  const v = str(value);
  if (!v)
    throw new StripeError(
      400,
      `Missing required param: ${param}.`,
      'invalid_request_error',
      'parameter_missing',
      param,
    );
  return v;
}

function url(value: unknown, param: string): string {
  const v = required(value, param);
  try {
    new URL(v);
  } catch {
    throw new StripeError(400, `Not a valid URL`, 'invalid_request_error', 'url_invalid', param);
  }
  return v;
}

export function registerStripe(app: FastifyInstance, ctx: SandboxContext): () => boolean {
  const s = ctx.store.state.stripe;
  s.accountLinks ??= {};
  const links = s.accountLinks;

  const requestId = () => newId('req_', 14);

  const authenticate = (req: FastifyRequest): string | null => {
    const header = req.headers.authorization ?? '';
    let key = '';
    if (header.startsWith('Bearer ')) key = header.slice(7).trim();
    else if (header.startsWith('Basic '))
      key = Buffer.from(header.slice(6), 'base64').toString().split(':')[0];
    if (!key) {
      throw new StripeError(
        401,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key !== ctx.config.stripe.secretKey) {
      throw new StripeError(
        401,
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      );
    }
    const account = req.headers['stripe-account'];
    if (typeof account === 'string' && account) {
      if (!s.accounts[account]) {
        throw new StripeError(
          403,
          `The provided key does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
          'invalid_request_error',
          'account_invalid',
        );
      }
      return account;
    }
    return null;
  };

  const sendError = (reply: FastifyReply, err: unknown) => {
    if (err instanceof StripeError) {
      return reply
        .code(err.status)
        .header('request-id', requestId())
        .send({
          error: {
            type: err.type,
            message: err.message,
            code: err.code,
            param: err.param,
            request_log_url: null,
          },
        });
    }
    ctx.log.error({ err }, 'stripe: unexpected error');
    return reply
      .code(500)
      .header('request-id', requestId())
      .send({ error: { type: 'api_error', message: 'An unknown error occurred in the test gateway.' } });
  };

  type Handler = (
    body: Json,
    account: string | null,
    params: Record<string, string>,
    req: FastifyRequest,
  ) => Json;

  const route = (method: 'GET' | 'POST', path: string, handler: Handler) => {
    app.route({
      method,
      url: path,
      handler: async (req, reply) => {
        try {
          const account = authenticate(req);
          const body = method === 'POST' ? obj(req.body) : obj(req.query);
          const params = req.params as Record<string, string>;
          const idemKey = req.headers['idempotency-key'];
          if (method === 'POST' && typeof idemKey === 'string' && idemKey) {
            const slot = `${account ?? 'platform'}:${idemKey}`;
            const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
            const seen = s.idempotency[slot];
            if (seen) {
              if (seen.path !== req.url || seen.hash !== hash) {
                throw new StripeError(
                  400,
                  `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
                  'idempotency_error',
                );
              }
              return reply
                .code(seen.status)
                .header('request-id', requestId())
                .header('idempotent-replayed', 'true')
                .send(seen.body);
            }
            try {
              const result = handler(body, account, params, req);
              s.idempotency[slot] = { path: req.url, hash, status: 200, body: result };
              ctx.store.save();
              return reply.header('request-id', requestId()).header('idempotency-key', idemKey).send(result);
            } catch (err) {
              if (err instanceof StripeError && err.status < 500) {
                s.idempotency[slot] = {
                  path: req.url,
                  hash,
                  status: err.status,
                  body: { error: { type: err.type, message: err.message, code: err.code, param: err.param } },
                };
                ctx.store.save();
              }
              throw err;
            }
          }
          const result = handler(body, account, params, req);
          ctx.store.save();
          return reply.header('request-id', requestId()).send(result);
        } catch (err) {
          return sendError(reply, err);
        }
      },
    });
  };

  const event = (type: string, object: Json, account: string | null) => {
    const evt: Json = {
      id: newId('evt_'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: STRIPE_API_VERSION,
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const target = ctx.config.stripe.webhookUrl;
    if (!target) {
      ctx.log.info({ gateway: 'stripe', eventType: type }, 'no webhook target configured; event not sent');
      return;
    }
    const body = JSON.stringify(evt, null, 2);
    ctx.sender.send({
      gateway: 'stripe',
      eventId: evt.id as string,
      eventType: type,
      url: target,
      body,
      headers: () => ({
        'stripe-signature': stripeSignatureHeader(body, ctx.config.stripe.webhookSecret, nowSeconds()),
      }),
    });
  };

  const sessionView = (stored: StoredSession, expand: string[] = []): Json => {
    const view: Json = { ...stored.object };
    if (expand.includes('line_items')) view.line_items = lineItemList(stored);
    if (expand.includes('payment_intent') && typeof view.payment_intent === 'string') {
      view.payment_intent = s.paymentIntents[view.payment_intent]?.object ?? view.payment_intent;
    }
    return view;
  };

  const lineItemList = (stored: StoredSession): Json => ({
    object: 'list',
    data: stored.lineItems,
    has_more: false,
    url: `/v1/checkout/sessions/${stored.object.id}/line_items`,
  });

  const expandOf = (body: Json): string[] => {
    const e = body.expand;
    return Array.isArray(e) ? e.map(str) : typeof e === 'string' ? [e] : [];
  };

  const owned = <T extends { account: string | null }>(
    record: T | undefined,
    account: string | null,
    kind: string,
    id: string,
  ): T => {
    if (!record || record.account !== account) throw missing(kind, id);
    return record;
  };

  const requireReadyAccount = (id: string, param: string, capability: 'transfers' | 'card_payments') => {
    const account = s.accounts[id];
    if (!account) throw missing('account', id, param);
    if (obj(account.capabilities)[capability] !== 'active') {
      throw new StripeError(
        400,
        `Your destination account needs to have at least one of the following capabilities enabled: ${capability}.`,
        'invalid_request_error',
        'insufficient_capabilities_for_transfer',
        param,
      );
    }
    return account;
  };

  // ---- Checkout Sessions -------------------------------------------------------------------------
  route('POST', '/v1/checkout/sessions', (body, account) => {
    const mode = required(body.mode, 'mode');
    if (mode !== 'payment') {
      throw new StripeError(
        400,
        `The test gateway implements mode=payment only, not '${mode}'.`,
        'invalid_request_error',
        'parameter_invalid',
        'mode',
      );
    }
    const successUrl = url(body.success_url, 'success_url');
    const cancelUrl = body.cancel_url === undefined ? null : url(body.cancel_url, 'cancel_url');
    const rawLines = Array.isArray(body.line_items) ? body.line_items : Object.values(obj(body.line_items));
    if (rawLines.length === 0) required(undefined, 'line_items');
    let currency = '';
    const lineItems: LineItem[] = rawLines.map((raw, i) => {
      const line = obj(raw);
      if (line.price !== undefined) {
        throw new StripeError(
          400,
          'The test gateway takes price_data, not stored prices.',
          'invalid_request_error',
          'parameter_invalid',
          `line_items[${i}][price]`,
        );
      }
      const pd = obj(line.price_data);
      const lineCurrency = required(pd.currency, `line_items[${i}][price_data][currency]`).toLowerCase();
      if (currency && lineCurrency !== currency) {
        throw new StripeError(
          400,
          'All line items must have the same currency.',
          'invalid_request_error',
          'parameter_invalid',
          `line_items[${i}][price_data][currency]`,
        );
      }
      currency = lineCurrency;
      const unit = int(pd.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      const quantity = int(line.quantity, `line_items[${i}][quantity]`, 1);
      const name = required(obj(pd.product_data).name, `line_items[${i}][price_data][product_data][name]`);
      return {
        id: newId('li_'),
        object: 'item',
        description: name,
        quantity,
        currency,
        amount_subtotal: unit * quantity,
        amount_total: unit * quantity,
        price: { object: 'price', currency, unit_amount: unit, product_data: { name } },
      };
    });
    const total = lineItems.reduce((sum, l) => sum + l.amount_total, 0);
    const pid = obj(body.payment_intent_data);
    const transferData = obj(pid.transfer_data);
    const paymentIntentData: PaymentIntentData = {
      application_fee_amount: optionalInt(
        pid.application_fee_amount,
        'payment_intent_data[application_fee_amount]',
      ),
      transfer_destination: str(transferData.destination) || null,
      transfer_amount: optionalInt(transferData.amount, 'payment_intent_data[transfer_data][amount]'),
      on_behalf_of: str(pid.on_behalf_of) || null,
      transfer_group: str(pid.transfer_group) || null,
      description: str(pid.description) || null,
      metadata: stringMap(pid.metadata),
    };
    if (paymentIntentData.application_fee_amount !== null) {
      if (!account && !paymentIntentData.transfer_destination && !paymentIntentData.on_behalf_of) {
        throw new StripeError(
          400,
          'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
          'invalid_request_error',
          'parameter_invalid',
          'payment_intent_data[application_fee_amount]',
        );
      }
      if (paymentIntentData.application_fee_amount > total) {
        throw new StripeError(
          400,
          'The application fee amount cannot be greater than the total amount.',
          'invalid_request_error',
          'parameter_invalid',
          'payment_intent_data[application_fee_amount]',
        );
      }
    }
    if (paymentIntentData.transfer_destination) {
      requireReadyAccount(
        paymentIntentData.transfer_destination,
        'payment_intent_data[transfer_data][destination]',
        'transfers',
      );
    }
    if (paymentIntentData.on_behalf_of) {
      requireReadyAccount(
        paymentIntentData.on_behalf_of,
        'payment_intent_data[on_behalf_of]',
        'card_payments',
      );
    }
    const now = nowSeconds();
    const expiresAt = optionalInt(body.expires_at, 'expires_at') ?? now + 24 * 3600;
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600 + 5) {
      throw new StripeError(
        400,
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'invalid_request_error',
        'parameter_invalid',
        'expires_at',
      );
    }
    const id = newId('cs_test_', 58);
    const session: StoredSession = {
      account,
      lineItems,
      paymentIntentData,
      object: {
        id,
        object: 'checkout.session',
        amount_subtotal: total,
        amount_total: total,
        cancel_url: cancelUrl,
        client_reference_id: str(body.client_reference_id) || null,
        created: now,
        currency,
        customer_details: null,
        customer_email: str(body.customer_email) || null,
        expires_at: expiresAt,
        livemode: false,
        locale: str(body.locale) || null,
        metadata: stringMap(body.metadata),
        mode,
        payment_intent: null,
        payment_method_types: ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: successUrl,
        ui_mode: 'hosted',
        url: `${ctx.publicUrl()}/stripe/checkout/${id}`,
      },
    };
    s.sessions[id] = session;
    ctx.log.info(
      { gateway: 'stripe', session: id, amount: total, currency, account },
      'checkout session created',
    );
    return sessionView(session, expandOf(body));
  });

  route('GET', '/v1/checkout/sessions/:id', (query, account, params) =>
    sessionView(owned(s.sessions[params.id], account, 'checkout.session', params.id), expandOf(query)),
  );

  route('GET', '/v1/checkout/sessions/:id/line_items', (_q, account, params) =>
    lineItemList(owned(s.sessions[params.id], account, 'checkout.session', params.id)),
  );

  const expireSession = (stored: StoredSession) => {
    stored.object.status = 'expired';
    stored.object.url = null;
    event('checkout.session.expired', sessionView(stored), stored.account);
    ctx.log.info({ gateway: 'stripe', session: stored.object.id }, 'checkout session expired');
  };

  route('POST', '/v1/checkout/sessions/:id/expire', (_b, account, params) => {
    const stored = owned(s.sessions[params.id], account, 'checkout.session', params.id);
    if (stored.object.status !== 'open') {
      throw new StripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired.`,
        'invalid_request_error',
        'checkout_session_not_open',
      );
    }
    expireSession(stored);
    return sessionView(stored);
  });

  // ---- PaymentIntents, charges, refunds ----------------------------------------------------------
  route(
    'GET',
    '/v1/payment_intents/:id',
    (_q, account, params) => owned(s.paymentIntents[params.id], account, 'payment_intent', params.id).object,
  );
  route(
    'GET',
    '/v1/charges/:id',
    (_q, account, params) => owned(s.charges[params.id], account, 'charge', params.id).object,
  );
  route(
    'GET',
    '/v1/refunds/:id',
    (_q, account, params) => owned(s.refunds[params.id], account, 'refund', params.id).object,
  );

  route('POST', '/v1/refunds', (body, account) => {
    let chargeId = str(body.charge);
    if (!chargeId) {
      const piId = str(body.payment_intent);
      if (!piId)
        throw new StripeError(
          400,
          'One of the following params should be provided for this request: payment_intent or charge.',
          'invalid_request_error',
          'parameter_missing',
        );
      const pi = owned(s.paymentIntents[piId], account, 'payment_intent', piId).object;
      chargeId = str(pi.latest_charge);
      if (!chargeId || pi.status !== 'succeeded') {
        throw new StripeError(
          400,
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          'invalid_request_error',
          'charge_not_refundable',
          'payment_intent',
        );
      }
    }
    const stored = owned(s.charges[chargeId], account, 'charge', chargeId);
    const charge = stored.object;
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      throw new StripeError(
        400,
        `Charge ${charge.id} has already been refunded.`,
        'invalid_request_error',
        'charge_already_refunded',
      );
    }
    const amount = optionalInt(body.amount, 'amount') ?? remaining;
    if (amount < 1 || amount > remaining) {
      throw new StripeError(
        400,
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
        'invalid_request_error',
        'amount_too_large',
        'amount',
      );
    }
    const id = newId('re_');
    let transferReversal: string | null = null;
    const transferId = str(charge.transfer);
    if (str(body.reverse_transfer) === 'true' && transferId && s.transfers[transferId]) {
      const transfer = s.transfers[transferId];
      const share = Math.round((amount * transfer.amount) / charge.amount);
      transfer.amount_reversed = Math.min(transfer.amount, transfer.amount_reversed + share);
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      transferReversal = newId('trr_');
    }
    let feeRefunded = 0;
    const fee = typeof charge.application_fee_amount === 'number' ? charge.application_fee_amount : 0;
    if (str(body.refund_application_fee) === 'true' && fee > 0) {
      feeRefunded = Math.round((amount * fee) / charge.amount);
      charge.application_fee_refunded = Math.min(
        fee,
        Number(charge.application_fee_refunded ?? 0) + feeRefunded,
      );
    }
    const refund: Json & { id: string } = {
      id,
      object: 'refund',
      amount,
      balance_transaction: newId('txn_'),
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: stringMap(body.metadata),
      payment_intent: charge.payment_intent ?? null,
      reason: str(body.reason) || null,
      status: 'succeeded',
      transfer_reversal: transferReversal,
    };
    s.refunds[id] = { account, object: refund };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const list = obj(charge.refunds);
    charge.refunds = {
      ...list,
      data: [refund, ...((list.data as Json[]) ?? [])],
      total_count: ((list.data as Json[]) ?? []).length + 1,
    };
    ctx.log.info(
      { gateway: 'stripe', refund: id, charge: charge.id, amount, feeRefunded, transferReversal },
      'refund created',
    );
    event('charge.refunded', charge, account);
    event('refund.created', refund, account);
    return refund;
  });

  // ---- Connect: accounts, onboarding links, transfers -------------------------------------------
  route('POST', '/v1/accounts', (body, account) => {
    if (account)
      throw new StripeError(
        400,
        'Connected accounts cannot create accounts.',
        'invalid_request_error',
        'parameter_invalid',
      );
    const type = str(body.type) || str(obj(body.controller).stripe_dashboard) || 'express';
    if (type !== 'express') {
      throw new StripeError(
        400,
        `The test gateway creates Express accounts only, not '${type}'.`,
        'invalid_request_error',
        'parameter_invalid',
        'type',
      );
    }
    const country = (str(body.country) || 'US').toUpperCase();
    const id = newId('acct_', 16);
    const created: Json & { id: string } = {
      id,
      object: 'account',
      business_type: str(body.business_type) || null,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      charges_enabled: false,
      country,
      created: nowSeconds(),
      default_currency: DEFAULT_CURRENCY[country] ?? 'usd',
      details_submitted: false,
      email: str(body.email) || null,
      metadata: stringMap(body.metadata),
      payouts_enabled: false,
      requirements: {
        currently_due: [
          'business_profile.url',
          'external_account',
          'tos_acceptance.date',
          'tos_acceptance.ip',
        ],
        disabled_reason: 'requirements.past_due',
        past_due: ['external_account', 'tos_acceptance.date'],
      },
      type: 'express',
    };
    s.accounts[id] = created;
    ctx.log.info({ gateway: 'stripe', account: id, country }, 'connected account created');
    return created;
  });

  route('GET', '/v1/accounts/:id', (_q, account, params) => {
    const found = s.accounts[params.id];
    if (!found || (account && account !== params.id)) throw missing('account', params.id, 'account');
    return found;
  });

  route('POST', '/v1/account_links', (body, account) => {
    if (account)
      throw new StripeError(
        400,
        'Account links are created by the platform.',
        'invalid_request_error',
        'parameter_invalid',
      );
    const target = required(body.account, 'account');
    if (!s.accounts[target]) throw missing('account', target, 'account');
    const type = required(body.type, 'type');
    if (type !== 'account_onboarding') {
      throw new StripeError(
        400,
        `The test gateway implements type=account_onboarding only.`,
        'invalid_request_error',
        'parameter_invalid',
        'type',
      );
    }
    const link: StoredAccountLink = {
      account: target,
      return_url: url(body.return_url, 'return_url'),
      refresh_url: url(body.refresh_url, 'refresh_url'),
      expires_at: nowSeconds() + 300,
    };
    const linkId = newId('', 32);
    links[linkId] = link;
    return {
      object: 'account_link',
      created: nowSeconds(),
      expires_at: link.expires_at,
      url: `${ctx.publicUrl()}/stripe/connect/onboarding/${linkId}`,
    };
  });

  route('POST', '/v1/transfers', (body, account) => {
    if (account)
      throw new StripeError(
        400,
        'Transfers are made by the platform.',
        'invalid_request_error',
        'parameter_invalid',
      );
    const amount = int(body.amount, 'amount', 1);
    const currency = required(body.currency, 'currency').toLowerCase();
    const destination = required(body.destination, 'destination');
    requireReadyAccount(destination, 'destination', 'transfers');
    const source = str(body.source_transaction) || null;
    if (source) {
      const charge = s.charges[source];
      if (!charge || charge.account !== null) throw missing('charge', source, 'source_transaction');
      if (charge.object.currency !== currency) {
        throw new StripeError(
          400,
          `The currency of source_transaction's balance transaction (${charge.object.currency}) must be the same as the transfer currency (${currency})`,
          'invalid_request_error',
          'parameter_invalid',
          'currency',
        );
      }
      const already = Object.values(s.transfers)
        .filter((t) => t.source_transaction === source)
        .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
      const available = charge.object.amount - charge.object.amount_refunded - already;
      if (amount > available) {
        throw new StripeError(
          400,
          `Insufficient funds: the transfer amount (${money(amount, currency)}) exceeds what is left of the source transaction (${money(available, currency)}).`,
          'invalid_request_error',
          'balance_insufficient',
          'amount',
        );
      }
    }
    const transfer = newTransfer({
      amount,
      currency,
      destination,
      source_transaction: source,
      transfer_group: str(body.transfer_group) || null,
      description: str(body.description) || null,
      metadata: stringMap(body.metadata),
    });
    ctx.log.info(
      { gateway: 'stripe', transfer: transfer.id, amount, currency, destination },
      'transfer created',
    );
    return transfer;
  });

  route('GET', '/v1/transfers/:id', (_q, account, params) => {
    if (account || !s.transfers[params.id]) throw missing('transfer', params.id);
    return s.transfers[params.id];
  });

  const newTransfer = (fields: {
    amount: number;
    currency: string;
    destination: string;
    source_transaction: string | null;
    transfer_group: string | null;
    description: string | null;
    metadata: Record<string, string>;
  }) => {
    const transfer = {
      id: newId('tr_'),
      object: 'transfer',
      amount_reversed: 0,
      balance_transaction: newId('txn_'),
      created: nowSeconds(),
      destination_payment: newId('py_'),
      livemode: false,
      reversed: false,
      ...fields,
    };
    s.transfers[transfer.id] = transfer;
    return transfer;
  };

  // ---- Hosted pages ------------------------------------------------------------------------------
  const merchantOf = (stored: StoredSession): string => {
    const acct =
      stored.account ??
      stored.paymentIntentData.on_behalf_of ??
      stored.paymentIntentData.transfer_destination;
    const email = acct ? str(s.accounts[acct]?.email) : '';
    return email ? `Hearth (for ${email})` : 'Hearth';
  };

  const renderCheckout = (stored: StoredSession, notice?: string) => {
    const o = stored.object;
    const fee = stored.paymentIntentData.application_fee_amount;
    return checkoutPage({
      gateway: 'Stripe',
      merchant: merchantOf(stored),
      reference: o.id,
      currency: o.currency,
      lines: stored.lineItems.map((l) => ({
        name: l.description,
        quantity: l.quantity,
        amount: l.amount_total,
      })),
      extraRows: fee ? [{ label: 'of which platform fee', amount: fee }] : [],
      total: o.amount_total,
      payAction: `/stripe/checkout/${o.id}/pay`,
      declineAction: `/stripe/checkout/${o.id}/decline`,
      notice,
    });
  };

  const sessionForPage = (id: string, reply: FastifyReply): StoredSession | null => {
    const stored = s.sessions[id];
    if (!stored) {
      void reply
        .code(404)
        .type('text/html')
        .send(messagePage('Checkout not found', 'This checkout session does not exist.'));
      return null;
    }
    if (stored.object.status === 'open' && stored.object.expires_at <= nowSeconds()) expireSession(stored);
    if (stored.object.status !== 'open') {
      const done = stored.object.status === 'complete';
      void reply
        .code(done ? 200 : 410)
        .type('text/html')
        .send(
          messagePage(
            done ? 'Already paid' : 'Checkout expired',
            done
              ? 'This checkout has been paid.'
              : 'This checkout session has expired; return to the shop and start again.',
            done ? { href: successUrl(stored), label: 'Back to the shop' } : undefined,
          ),
        );
      return null;
    }
    return stored;
  };

  const successUrl = (stored: StoredSession) =>
    str(stored.object.success_url).replace('{CHECKOUT_SESSION_ID}', stored.object.id);

  app.get('/stripe/checkout/:id', async (req, reply) => {
    const stored = sessionForPage((req.params as { id: string }).id, reply);
    if (stored) return reply.type('text/html').send(renderCheckout(stored));
  });

  const paymentIntentFor = (stored: StoredSession): Json & { id: string } => {
    const existing = str(stored.object.payment_intent);
    if (existing && s.paymentIntents[existing]) return s.paymentIntents[existing].object;
    const d = stored.paymentIntentData;
    const pi: Json & { id: string } = {
      id: newId('pi_'),
      object: 'payment_intent',
      amount: stored.object.amount_total,
      amount_received: 0,
      application_fee_amount: d.application_fee_amount,
      created: nowSeconds(),
      currency: stored.object.currency,
      description: d.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: d.metadata,
      on_behalf_of: d.on_behalf_of,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      transfer_data: d.transfer_destination
        ? {
            destination: d.transfer_destination,
            ...(d.transfer_amount !== null ? { amount: d.transfer_amount } : {}),
          }
        : null,
      transfer_group: d.transfer_group,
    };
    s.paymentIntents[pi.id] = { account: stored.account, object: pi };
    stored.object.payment_intent = pi.id;
    return pi;
  };

  app.post('/stripe/checkout/:id/pay', async (req, reply) => {
    const stored = sessionForPage((req.params as { id: string }).id, reply);
    if (!stored) return;
    const pi = paymentIntentFor(stored);
    const d = stored.paymentIntentData;
    const amount = stored.object.amount_total;
    const chargeId = newId('ch_');
    let transferId: string | null = null;
    if (d.transfer_destination) {
      transferId = newTransfer({
        amount: d.transfer_amount ?? amount - (d.application_fee_amount ?? 0),
        currency: stored.object.currency,
        destination: d.transfer_destination,
        source_transaction: chargeId,
        transfer_group: d.transfer_group ?? `group_${pi.id}`,
        description: null,
        metadata: {},
      }).id;
    }
    const charge = {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      application_fee_amount: d.application_fee_amount,
      balance_transaction: newId('txn_'),
      captured: true,
      created: nowSeconds(),
      currency: stored.object.currency,
      livemode: false,
      metadata: d.metadata,
      on_behalf_of: d.on_behalf_of,
      paid: true,
      payment_intent: pi.id,
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      },
      refunded: false,
      refunds: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/charges/${chargeId}/refunds`,
      },
      status: 'succeeded',
      transfer: transferId,
      transfer_data: pi.transfer_data,
      transfer_group: d.transfer_group ?? (transferId ? `group_${pi.id}` : null),
    };
    s.charges[chargeId] = { account: stored.account, object: charge };
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: amount,
      latest_charge: chargeId,
      last_payment_error: null,
    });
    Object.assign(stored.object, {
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: {
        email: stored.object.customer_email ?? 'customer@example.test',
        name: 'Test Customer',
      },
    });
    ctx.store.save();
    ctx.log.info(
      { gateway: 'stripe', session: stored.object.id, paymentIntent: pi.id, amount },
      'checkout session paid',
    );
    event('checkout.session.completed', sessionView(stored), stored.account);
    event('payment_intent.succeeded', pi, stored.account);
    return reply.redirect(successUrl(stored), 303);
  });

  app.post('/stripe/checkout/:id/decline', async (req, reply) => {
    const stored = sessionForPage((req.params as { id: string }).id, reply);
    if (!stored) return;
    const pi = paymentIntentFor(stored);
    pi.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
    pi.status = 'requires_payment_method';
    ctx.store.save();
    ctx.log.info(
      { gateway: 'stripe', session: stored.object.id, paymentIntent: pi.id },
      'checkout payment declined',
    );
    event('payment_intent.payment_failed', pi, stored.account);
    const cancel = str(stored.object.cancel_url);
    if (cancel) return reply.redirect(cancel, 303);
    return reply.type('text/html').send(renderCheckout(stored, 'Your card was declined.'));
  });

  app.get('/stripe/connect/onboarding/:link', async (req, reply) => {
    const link = links[(req.params as { link: string }).link];
    if (!link)
      return reply
        .code(404)
        .type('text/html')
        .send(messagePage('Link not found', 'This onboarding link does not exist.'));
    if (link.expires_at < nowSeconds()) return reply.redirect(link.refresh_url, 303);
    const account = s.accounts[link.account];
    return reply.type('text/html').send(
      layout(
        'Stripe Connect onboarding',
        `<h1>Stripe Express onboarding</h1>
<p>Account <strong>${escapeHtml(account.id)}</strong>${account.email ? ` (${escapeHtml(str(account.email))})` : ''}, country ${escapeHtml(str(account.country))}.</p>
<p>In the real gateway the chef now gives their identity and bank details. Here one button completes it.</p>
<form method="post" action="/stripe/connect/onboarding/${escapeHtml((req.params as { link: string }).link)}"><button class="primary" type="submit">Complete onboarding</button></form>`,
      ),
    );
  });

  app.post('/stripe/connect/onboarding/:link', async (req, reply) => {
    const linkId = (req.params as { link: string }).link;
    const link = links[linkId];
    if (!link)
      return reply
        .code(404)
        .type('text/html')
        .send(messagePage('Link not found', 'This onboarding link does not exist.'));
    if (link.expires_at < nowSeconds()) return reply.redirect(link.refresh_url, 303);
    const account = s.accounts[link.account];
    Object.assign(account, {
      capabilities: { card_payments: 'active', transfers: 'active' },
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      requirements: { currently_due: [], disabled_reason: null, past_due: [] },
    });
    delete links[linkId];
    ctx.store.save();
    ctx.log.info({ gateway: 'stripe', account: account.id }, 'connected account onboarded');
    event('account.updated', account, account.id);
    return reply.redirect(link.return_url, 303);
  });

  /** Expires open sessions past their `expires_at`, as Stripe does, announcing each. */
  return () => {
    const now = nowSeconds();
    let changed = false;
    for (const stored of Object.values(s.sessions)) {
      if (stored.object.status === 'open' && stored.object.expires_at <= now) {
        expireSession(stored);
        changed = true;
      }
    }
    return changed;
  };
}

const DEFAULT_CURRENCY: Record<string, string> = {
  US: 'usd',
  IN: 'inr',
  CA: 'cad',
  SG: 'sgd',
  MY: 'myr',
  AU: 'aud',
};
