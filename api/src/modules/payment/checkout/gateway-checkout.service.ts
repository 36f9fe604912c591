import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type Stripe from 'stripe';
import { dayLabel, fromMinor, PaymentGateway, sumMinor, toMinor } from '@hearth/shared';
import type { Env } from '../../../config/env.js';
import {
  OrderPaymentCheckoutService,
  type CheckoutDateLine,
  type OrderForCheckout,
} from '../../order/order-payment-checkout.service.js';
import { PayPalClient, type PayPalPurchaseUnit } from '../gateways/paypal-client.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after its creation. */
const STRIPE_MIN_EXPIRY_S = 30 * 60 + 60;

/** The result of starting (or resuming) an order's payment at its gateway. */
export interface StartedCheckout {
  /** Where the customer pays; null for cash, a paid or released order, or when the gateway failed. */
  paymentUrl: string | null;
  /** Why the gateway's checkout could not be created (the customer may press "Pay now" again). */
  paymentError: string | null;
}

/**
 * Creates the gateway's hosted checkout for a held online order, after the order's own transaction committed,
 * and records it on the order (OrderPaymentCheckoutService). Idempotent: the stored checkout URL is returned
 * again, and the gateway call itself carries the order's key (Stripe `Idempotency-Key` = order id, PayPal
 * `PayPal-Request-Id` = order id, Cashfree order_id = order number), so a retry after a lost answer finds the
 * same checkout instead of making a second one. A failed call leaves the order held with the reason noted: the
 * customer's "Pay now" tries again until the hold ends, then the sweep releases the order.
 */
@Injectable()
export class GatewayCheckoutService {
  private readonly logger = new Logger(GatewayCheckoutService.name);

  constructor(
    private readonly gateways: PaymentGatewaysService,
    private readonly orders: OrderPaymentCheckoutService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async start(order: OrderForCheckout): Promise<StartedCheckout> {
    if (order.gateway === PaymentGateway.CASH || order.isPaymentCompleted || !order.holdExpiresAt)
      return { paymentUrl: null, paymentError: null };
    if (order.checkoutUrl) return { paymentUrl: order.checkoutUrl, paymentError: null };
    try {
      const created = await this.create(order);
      if (!(await this.orders.recordCheckout(order.orderId, created.id, created.url))) {
        // The hold was released while the gateway answered: nobody may pay for it any more.
        await this.expire(order.gateway, created.id);
        return { paymentUrl: null, paymentError: null };
      }
      return { paymentUrl: created.url, paymentError: null };
    } catch (error) {
      // A concurrent attempt for the same order (a double submit; Stripe answers a key in use with 409) may
      // have made and recorded the checkout: that one is the order's.
      const now = await this.orders.forCheckout(order.orderId);
      if (now?.checkoutUrl) return { paymentUrl: now.checkoutUrl, paymentError: null };
      this.logger.warn(
        { err: error, orderId: order.orderId, gateway: order.gateway },
        'Could not create the checkout',
      );
      const reason = `The payment page could not be opened (${gatewayName(order.gateway)} did not answer as expected). Your order is held for you: try again.`;
      await this.orders.recordFailure(order.orderId, reason);
      return { paymentUrl: null, paymentError: reason };
    }
  }

  /** Ends a checkout that must not be paid any more (Stripe: expire the session; the others expire alone). */
  async expire(gateway: string, checkoutId: string): Promise<void> {
    if (gateway !== PaymentGateway.STRIPE || !this.gateways.stripe || !checkoutId.startsWith('cs_')) return;
    try {
      const session = await this.gateways.stripe.checkout.sessions.retrieve(checkoutId);
      if (session.status === 'open') await this.gateways.stripe.checkout.sessions.expire(checkoutId);
    } catch (error) {
      this.logger.warn({ err: error, checkoutId }, 'Could not expire the Stripe Checkout Session');
    }
  }

  private async create(order: OrderForCheckout): Promise<{ id: string; url: string }> {
    this.checkTotal(order);
    switch (order.gateway) {
      case PaymentGateway.STRIPE:
        return this.stripeSession(order);
      case PaymentGateway.PAYPAL:
        return this.paypalOrder(order);
      case PaymentGateway.CASH_FREE:
        return this.cashfreeOrder(order);
      default:
        throw new Error(`No checkout for gateway ${order.gateway}`);
    }
  }

  /** The lines must add up to the order total exactly: a checkout never asks for another amount. */
  private checkTotal(order: OrderForCheckout): void {
    const c = order.currencyCode;
    const sum = sumMinor(order.dates.flatMap((d) => [toMinor(d.itemTotal, c), toMinor(d.deliveryFee, c)]));
    if (sum !== toMinor(order.orderTotal, c))
      throw new Error(
        `Order ${order.orderNumber}: its dates add up to ${fromMinor(sum, c)}, not ${order.orderTotal}`,
      );
  }

  private urls(order: OrderForCheckout) {
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    const n = encodeURIComponent(order.orderNumber);
    return {
      returnUrl: `${web}/l/orders/payment?orderNumber=${n}`,
      cancelUrl: `${web}/l/orders/payment/cancel?orderNumber=${n}`,
    };
  }

  private async stripeSession(order: OrderForCheckout): Promise<{ id: string; url: string }> {
    const stripe = this.need(this.gateways.stripe, 'Stripe');
    const c = order.currencyCode;
    const now = Math.floor(Date.now() / 1000);
    const hold = Math.floor((order.holdExpiresAt as Date).getTime() / 1000);
    // The session ends with the hold; Stripe's minimum (30 min) can make it a minute longer, and the sweep
    // expires it when it releases the hold. Retried later in the hold, the session gets a later expiry and
    // so a key of its own (the first attempt made no session, or its URL would have been stored).
    const firstExpiry = Math.max(hold, hold - this.holdSeconds() + STRIPE_MIN_EXPIRY_S);
    const late = firstExpiry < now + 30 * 60 + 5;
    const expiresAt = late ? now + STRIPE_MIN_EXPIRY_S : firstExpiry;
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
    for (const d of order.dates) {
      lineItems.push({
        quantity: 1,
        price_data: {
          currency: c.toLowerCase(),
          unit_amount: toMinor(d.itemTotal, c),
          product_data: { name: dateLineName(d, c) },
        },
      });
      if (toMinor(d.deliveryFee, c) > 0)
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: c.toLowerCase(),
            unit_amount: toMinor(d.deliveryFee, c),
            product_data: { name: `Delivery from ${d.kitchenName} — ${dayLabel(d.date)}` },
          },
        });
    }
    const metadata = {
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      paymentMethod: order.paymentMethod,
    };
    const { returnUrl, cancelUrl } = this.urls(order);
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: lineItems,
        // Google Pay is a wallet of the card method in Checkout: GOOGLE pays by card too.
        allowed_payment_method_types: ['card'],
        expires_at: expiresAt,
        client_reference_id: order.orderId,
        customer_email: order.accountEmail,
        metadata,
        // Separate charges and transfers: the platform takes the payment, each chef's share is transferred
        // per date after delivery (transfer_group = order number); the platform fee stays with the platform.
        payment_intent_data: { transfer_group: order.orderNumber, metadata },
        success_url: `${returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: cancelUrl,
      },
      { idempotencyKey: late ? `${order.orderId}:${expiresAt}` : order.orderId },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { id: session.id, url: session.url };
  }

  private async paypalOrder(order: OrderForCheckout): Promise<{ id: string; url: string }> {
    const paypal = this.need(this.gateways.paypal, 'PayPal');
    const c = order.currencyCode;
    const kitchens = new Map<string, CheckoutDateLine[]>();
    for (const d of order.dates) kitchens.set(d.publisherId, [...(kitchens.get(d.publisherId) ?? []), d]);
    const units: PayPalPurchaseUnit[] = [...kitchens.entries()].map(([publisherId, dates], i) => {
      const items = sumMinor(dates.map((d) => toMinor(d.itemTotal, c)));
      const delivery = sumMinor(dates.map((d) => toMinor(d.deliveryFee, c)));
      const money = (minor: number) => ({ currency_code: c, value: fromMinor(minor, c) });
      return {
        reference_id: publisherId,
        custom_id: order.orderId,
        invoice_id: `${order.orderNumber}-${i + 1}`,
        description: `${dates[0].kitchenName} — Hearth order ${order.orderNumber}`.slice(0, 127),
        amount: {
          ...money(items + delivery),
          breakdown: { item_total: money(items), shipping: money(delivery) },
        },
        items: dates.map((d) => ({
          name: dateLineName(d, c).slice(0, 127),
          quantity: '1',
          unit_amount: money(toMinor(d.itemTotal, c)),
        })),
      };
    });
    const { returnUrl, cancelUrl } = this.urls(order);
    const created = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: units,
        payment_source: {
          paypal: {
            experience_context: {
              return_url: returnUrl,
              cancel_url: cancelUrl,
              brand_name: 'Hearth',
              user_action: 'PAY_NOW',
            },
          },
        },
      },
      order.orderId,
    );
    const url = PayPalClient.approvalUrl(created);
    if (!url) throw new Error('PayPal returned an order without an approval link');
    return { id: created.id, url };
  }

  private async cashfreeOrder(order: OrderForCheckout): Promise<{ id: string; url: string }> {
    const cashfree = this.need(this.gateways.cashfree, 'Cashfree');
    const base = this.gateways.config.cashfree?.apiBase ?? '';
    const phone = (order.contact.phone ?? '').replace(/\D/g, '').slice(-10);
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    let created;
    try {
      created = (
        await cashfree.PGCreateOrder(
          {
            order_id: order.orderNumber,
            // Cashfree takes the amount as a JSON number; two decimals are exact in it.
            order_amount: Number(order.orderTotal),
            order_currency: 'INR',
            customer_details: {
              customer_id: order.consumerId,
              customer_phone: phone,
              customer_email: order.accountEmail,
              customer_name: order.contact.name,
            },
            order_meta: { return_url: `${web}/l/orders/payment?orderNumber={order_id}` },
            order_expiry_time: (order.holdExpiresAt as Date).toISOString(),
            order_note: `Hearth order ${order.orderNumber}`,
          },
          undefined,
          order.orderId,
        )
      ).data;
    } catch (error) {
      // The order number is Cashfree's order id: a retry after a lost answer finds the order made then.
      created = (await cashfree.PGFetchOrder(order.orderNumber).catch(() => null))?.data;
      if (!created) throw error;
    }
    if (!created.payment_session_id) throw new Error('Cashfree returned an order without a payment session');
    return {
      id: created.order_id ?? order.orderNumber,
      url: `${base}/cashfree/checkout?payment_session_id=${encodeURIComponent(created.payment_session_id)}`,
    };
  }

  private holdSeconds(): number {
    return this.config.get('PAYMENT_HOLD_MINUTES', { infer: true }) * 60;
  }

  private need<T>(client: T | null, name: string): T {
    if (!client) throw new Error(`${name} is not configured`);
    return client;
  }
}

function dateLineName(d: CheckoutDateLine, currency: string): string {
  return `${d.itemName} — ${dayLabel(d.date)}, ${d.quantity} × ${fromMinor(toMinor(d.unitPrice, currency), currency)}`;
}

function gatewayName(gateway: string): string {
  return { stripe: 'Stripe', paypal: 'PayPal', 'cash-free': 'Cashfree' }[gateway] ?? gateway;
}
