import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../../common/http/principal.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator.js';
import { CheckoutDto } from '../../order/dto/checkout.dto.js';
import { OrderDto } from '../../order/dto/order.dto.js';
import {
  PaymentMethodsDto,
  PaymentReleaseDto,
  PaymentStartDto,
  PayPalCaptureDto,
  PlacedOrderDto,
} from './payment-checkout.dto.js';
import { PaymentCheckoutService } from './payment-checkout.service.js';

/**
 * The checkout: `POST order` places the cart (order module's CheckoutService) and opens the gateway's hosted
 * payment page for an online method. It lives in the payment module because order must not import payment.
 */
@ApiTags('order')
@Roles(Role.USER)
@Controller('order')
export class PaymentCheckoutController {
  constructor(private readonly checkout: PaymentCheckoutService) {}

  @Post()
  @RateLimit('order')
  @ApiOperation({
    summary:
      'Place the cart as one order. Re-prices everything from the database and takes capacity atomically; a paymentMethod not offered ' +
      'for this cart is a 400 on paymentMethod saying why. An online method holds the order for PAYMENT_HOLD_MINUTES and answers ' +
      "paymentUrl, the gateway's hosted payment page. The same idempotencyKey again returns the first order (200) instead of a second one (201)",
  })
  @ApiCreatedResponse({ type: PlacedOrderDto })
  async place(
    @Actor() actor: Principal,
    @Body() dto: CheckoutDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PlacedOrderDto> {
    const { created, order } = await this.checkout.place(actor, dto, req.timeZone);
    res.status(created ? 201 : 200);
    return order;
  }

  @Get('payment-methods')
  @ApiOperation({
    summary:
      'The payment methods for my cart as it stands: each offered or not with the reason, and testMode when its gateway is the local sandbox',
  })
  @ApiOkResponse({ type: PaymentMethodsDto })
  methods(
    @Actor() actor: Principal,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PaymentMethodsDto> {
    return this.checkout.methods(actor, req, res);
  }

  @Post(':order/pay')
  @HttpCode(200)
  @RateLimit('order')
  @ApiOperation({
    summary:
      'Pay now: the hosted payment page of my held online order (opened again if creating it failed before); 409 once it is paid or released',
  })
  @ApiOkResponse({ type: PaymentStartDto })
  pay(@Actor() actor: Principal, @Param('order') order: string): Promise<PaymentStartDto> {
    return this.checkout.pay(actor, order);
  }

  @Post(':order/payment/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "I cancelled at the gateway: my unpaid order's hold is released (its dates cancelled, portions back on sale) and its lines go back into my cart",
  })
  @ApiOkResponse({ type: PaymentReleaseDto })
  cancel(@Actor() actor: Principal, @Param('order') order: string): Promise<PaymentReleaseDto> {
    return this.checkout.cancel(actor, order);
  }

  @Post(':order/paypal/capture')
  @HttpCode(200)
  @RateLimit('order')
  @ApiOperation({
    summary:
      'Capture the PayPal order I approved (PayPal-Request-Id = order id, the same capture as the webhook-driven one); the order is paid once PAYMENT.CAPTURE.COMPLETED is applied',
  })
  @ApiOkResponse({ type: OrderDto })
  capture(
    @Actor() actor: Principal,
    @Param('order') order: string,
    @Body() dto: PayPalCaptureDto,
  ): Promise<OrderDto> {
    return this.checkout.capturePayPal(actor, order, dto.token);
  }
}
