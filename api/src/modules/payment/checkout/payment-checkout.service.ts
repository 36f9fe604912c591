import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PaymentGateway } from '@hearth/shared';
import type { Principal } from '../../../common/http/principal.js';
import { conflict, notFound } from '../../../common/problem/problem.exception.js';
import { CartService } from '../../cart/cart.service.js';
import { CheckoutService } from '../../order/checkout.service.js';
import type { CheckoutDto } from '../../order/dto/checkout.dto.js';
import type { OrderDto } from '../../order/dto/order.dto.js';
import {
  OrderPaymentCheckoutService,
  type OrderForCheckout,
} from '../../order/order-payment-checkout.service.js';
import { OrderQueryService } from '../../order/order-query.service.js';
import { PaymentHoldService } from '../../order/payment-hold.service.js';
import { PayPalApiError } from '../gateways/paypal-client.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';
import { GatewayCheckoutService } from './gateway-checkout.service.js';
import type {
  PaymentMethodsDto,
  PaymentReleaseDto,
  PaymentStartDto,
  PlacedOrderDto,
} from './payment-checkout.dto.js';
import { PaymentMethodsService } from './payment-methods.service.js';

/** Why a hold is released when the customer cancels at the gateway (status history, dropped mails). */
export const CANCELLED_AT_GATEWAY = 'Payment cancelled at the payment page';

/** The customer's side of paying: place and pay, pay again, cancel at the gateway, PayPal capture. */
@Injectable()
export class PaymentCheckoutService {
  private readonly logger = new Logger(PaymentCheckoutService.name);

  constructor(
    private readonly checkout: CheckoutService,
    private readonly orders: OrderQueryService,
    private readonly orderCheckout: OrderPaymentCheckoutService,
    private readonly holds: PaymentHoldService,
    private readonly gatewayCheckout: GatewayCheckoutService,
    private readonly methodsService: PaymentMethodsService,
    private readonly carts: CartService,
    private readonly gateways: PaymentGatewaysService,
  ) {}

  /**
   * Places the order (the method vetted on the facts read with the cart), then, after the commit, opens the
   * gateway's checkout. A double submit finds the first order and its checkout: one order, one session.
   */
  async place(
    actor: Principal,
    dto: CheckoutDto,
    timeZone: string,
  ): Promise<{ created: boolean; order: PlacedOrderDto }> {
    const placed = await this.checkout.place(actor, dto, timeZone, {
      payment: {
        read: this.methodsService.checkoutRead,
        vet: (row, cart) => this.methodsService.vet(row, cart, dto.paymentMethod),
      },
    });
    // A new cash order has no gateway checkout to open (GatewayCheckoutService.start answers nothing for cash).
    const started =
      placed.created && placed.gateway === PaymentGateway.CASH
        ? { paymentUrl: null, paymentError: null }
        : await this.startFor(placed.orderId, actor);
    // A new cash order answers with the rows its write returned (an online one has its gateway checkout id
    // since); a double submit reads the first order.
    const order =
      placed.rows && placed.gateway === PaymentGateway.CASH
        ? this.orders.fromRows(placed.rows)
        : await this.orders.detail(actor, placed.orderId);
    return { created: placed.created, order: { ...order, ...started } };
  }

  async methods(actor: Principal, req: FastifyRequest, res: FastifyReply): Promise<PaymentMethodsDto> {
    const cart = await this.carts.view({ actor, req, res });
    const test = this.methodsService.testMode;
    const total = cart.totals.length === 1 ? cart.totals[0] : null;
    const options = await this.methodsService.options({
      consumerId: actor.consumerId,
      currencyCode: total?.currencyCode ?? 'USD',
      orderTotal: total?.cartTotal ?? '0',
      publisherIds: total ? [...new Set(cart.totalsByPublisher.map((p) => p.publisherId))] : [],
    });
    return {
      currencyCode: total?.currencyCode ?? null,
      orderTotal: total?.cartTotal ?? null,
      methods: options.map((o) => ({
        ...o,
        testMode:
          (o.gateway === PaymentGateway.STRIPE && test.stripe) ||
          (o.gateway === PaymentGateway.PAYPAL && test.paypal) ||
          (o.gateway === PaymentGateway.CASH_FREE && test.cashfree),
      })),
    };
  }

  /** "Pay now": the stored checkout, or a new attempt at creating it while the order is held. */
  async pay(actor: Principal, ref: string): Promise<PaymentStartDto> {
    const order = await this.mine(actor, ref);
    if (order.isPaymentCompleted)
      throw conflict(`Order ${order.orderNumber} is paid already.`, 'error.order.paid');
    if (order.gateway === PaymentGateway.CASH)
      throw conflict(`Order ${order.orderNumber} is paid in cash on pickup or delivery.`, 'error.order.cash');
    if (!order.holdExpiresAt)
      throw conflict(
        `Order ${order.orderNumber} was not paid in time and has been cancelled. Your cart holds what is left to order.`,
        'error.order.released',
      );
    return this.gatewayCheckout.start(order);
  }

  /** The customer came back from the gateway's cancel: release the hold and restore the cart. */
  async cancel(actor: Principal, ref: string): Promise<PaymentReleaseDto> {
    const order = await this.mine(actor, ref);
    const released = await this.holds.release(order.orderId, CANCELLED_AT_GATEWAY, { restoreCart: true });
    if (released && order.paymentDetailsGenericId && !order.paymentDetailsGenericId.startsWith('pending:'))
      await this.gatewayCheckout.expire(order.gateway, order.paymentDetailsGenericId);
    return { released };
  }

  /**
   * Captures the PayPal order the customer approved. `PayPal-Request-Id` is the order id, so this capture and
   * one made from the CHECKOUT.ORDER.APPROVED webhook are the same capture; an order captured already is fine.
   * The order becomes paid when PAYMENT.CAPTURE.COMPLETED is applied (the payment events worker).
   */
  async capturePayPal(actor: Principal, ref: string, token: string): Promise<OrderDto> {
    const order = await this.mine(actor, ref);
    if (order.gateway !== PaymentGateway.PAYPAL || order.paymentDetailsGenericId !== token)
      throw conflict(
        `Order ${order.orderNumber} is not paid with this PayPal order.`,
        'error.order.paypal_token',
      );
    const paypal = this.gateways.paypal;
    if (!paypal) throw conflict('PayPal is not set up on Hearth.', 'error.payment.gateway');
    if (!order.isPaymentCompleted) {
      try {
        await paypal.captureOrder(token, order.orderId);
      } catch (error) {
        const issue = error instanceof PayPalApiError ? error.issue : null;
        if (issue !== 'ORDER_ALREADY_CAPTURED') {
          this.logger.warn({ err: error, orderId: order.orderId }, 'PayPal capture failed');
          const reason = 'PayPal did not take the payment. Try again, or go back to your cart.';
          await this.orderCheckout.recordFailure(order.orderId, reason);
          throw conflict(reason, 'error.payment.capture');
        }
      }
    }
    return this.orders.detail(actor, order.orderId);
  }

  private async startFor(orderId: string, actor: Principal): Promise<PaymentStartDto> {
    const order = await this.orderCheckout.forCheckout(orderId, actor.consumerId);
    if (!order) return { paymentUrl: null, paymentError: null };
    return this.gatewayCheckout.start(order);
  }

  private async mine(actor: Principal, ref: string): Promise<OrderForCheckout> {
    const order = await this.orderCheckout.forCheckout(ref, actor.consumerId);
    if (!order) throw notFound(`Order ${ref} was not found.`, { order: ref });
    return order;
  }
}
