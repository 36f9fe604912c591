import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import '../../../common/http/raw-body.js';
import { Public } from '../../../common/http/public.decorator.js';
import { NoRateLimit } from '../../../common/rate-limit/rate-limit.decorator.js';
import { PaymentEventIntakeService, type CallbackReceipt } from './payment-event-intake.service.js';
import type { CallbackSource } from './webhook-event-id.js';

class CallbackReceiptDto implements CallbackReceipt {
  @ApiProperty({ enum: [true] }) received: true;
  @ApiProperty({ description: 'The event had been received before; nothing new was stored' })
  duplicate: boolean;
}

/**
 * The payment gateways' webhooks (issue 15 item 4). Public: the gateway signs, nobody signs in; no cookie is
 * read as a credential, so no Origin check applies. No rate limit: gateways deliver in bursts from shared
 * addresses and retry what is refused, and a forged callback costs one HMAC (Stripe, Cashfree) before it is
 * refused; bound the paths at the edge proxy. Each answers 200 once the verified event is stored.
 */
@ApiTags('payment callbacks')
@Public()
@NoRateLimit()
@Controller('order')
export class PaymentCallbackController {
  constructor(private readonly intake: PaymentEventIntakeService) {}

  @Post('stripe/callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stripe webhook: Stripe-Signature checked over the raw body (300 s tolerance), the event stored once and applied by the payment-events worker; 400 when refused',
  })
  @ApiOkResponse({ type: CallbackReceiptDto })
  stripe(@Req() req: FastifyRequest): Promise<CallbackReceipt> {
    return this.receive('stripe', req);
  }

  @Post('paypal/callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "PayPal webhook: transmission time within 300 s and PayPal's verify-webhook-signature, the event stored once and applied by the worker; 400 when refused",
  })
  @ApiOkResponse({ type: CallbackReceiptDto })
  paypal(@Req() req: FastifyRequest): Promise<CallbackReceipt> {
    return this.receive('paypal', req);
  }

  @Post('cash-free/callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cashfree PG webhook: HMAC-SHA256 of timestamp + raw body with the PG secret (300 s), stored once and applied by the worker; 400 when refused',
  })
  @ApiOkResponse({ type: CallbackReceiptDto })
  cashfree(@Req() req: FastifyRequest): Promise<CallbackReceipt> {
    return this.receive('cash-free', req);
  }

  @Post('cash-free/payout-callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cashfree Payouts webhook: HMAC-SHA256 of timestamp + raw body with the payout client secret (300 s), stored once and applied by the worker; 400 when refused',
  })
  @ApiOkResponse({ type: CallbackReceiptDto })
  cashfreePayout(@Req() req: FastifyRequest): Promise<CallbackReceipt> {
    return this.receive('cash-free-payout', req);
  }

  private receive(source: CallbackSource, req: FastifyRequest): Promise<CallbackReceipt> {
    return this.intake.receive(source, req.rawBody, req.headers);
  }
}
