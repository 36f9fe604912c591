import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../../common/http/principal.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import { AddBeneficiaryDto, BeneficiaryDto } from '../../settings/dto/beneficiary.dto.js';
import { CashfreeBeneficiaryService } from './cashfree-beneficiary.service.js';
import { StripeAccountDto, StripeOnboardingDto } from './dto/payout-account.dto.js';
import { StripeConnectService } from './stripe-connect.service.js';

/**
 * The signed-in chef's payout accounts (spec §7 `settings/…`): here rather than in the settings module,
 * which may not import the payment gateways (a lower tier).
 */
@ApiTags('settings')
@Roles(Role.CHEF)
@Controller('settings')
export class PayoutSettingsController {
  constructor(
    private readonly stripe: StripeConnectService,
    private readonly cashfree: CashfreeBeneficiaryService,
  ) {}

  @Post('add-cashfree-beneficiary')
  @ApiOperation({
    summary:
      'Register the Indian bank account for Cashfree payouts: registered with Cashfree Payouts first, stored only when accepted ' +
      '(stored unregistered when Cashfree Payouts is not configured); needs a sign-in of the last 10 minutes',
  })
  @ApiCreatedResponse({ type: BeneficiaryDto })
  @ApiBadRequestResponse({
    description: 'Invalid fields, or Cashfree refused the account (its reason in detail)',
  })
  @ApiForbiddenResponse({ description: 'Sign in again first (error.auth.stepUp)' })
  @ApiConflictResponse({
    description: 'The kitchen is not in India: its payouts go through Stripe or PayPal',
  })
  @ApiBadGatewayResponse({ description: 'Cashfree did not answer; nothing was stored' })
  addBeneficiary(@Actor() actor: Principal, @Body() dto: AddBeneficiaryDto): Promise<BeneficiaryDto> {
    return this.cashfree.add(actor, dto);
  }

  @Get('stripe-account')
  @ApiOperation({
    summary: 'Your Stripe Connect account as last recorded: not set up, onboarding, or enabled',
  })
  @ApiOkResponse({ type: StripeAccountDto })
  stripeAccount(@Actor() actor: Principal): Promise<StripeAccountDto> {
    return this.stripe.status(actor);
  }

  @Post('setup-stripe-account')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create your Stripe Connect Express account (once; later calls reuse it) and get a fresh onboarding link to redirect to; ' +
      'needs a sign-in of the last 10 minutes',
  })
  @ApiOkResponse({ type: StripeOnboardingDto })
  @ApiForbiddenResponse({ description: 'Sign in again first (error.auth.stepUp)' })
  @ApiConflictResponse({ description: 'Stripe is not configured, or the kitchen is in India (Cashfree)' })
  @ApiBadGatewayResponse({ description: 'Stripe did not answer' })
  setupStripe(@Actor() actor: Principal): Promise<StripeOnboardingDto> {
    return this.stripe.setup(actor);
  }

  @Get('connect-stripe-account')
  @ApiOperation({
    summary:
      'After onboarding: read your account from Stripe and record charges_enabled, payouts_enabled, details_submitted',
  })
  @ApiOkResponse({ type: StripeAccountDto })
  @ApiConflictResponse({ description: 'No Stripe account set up yet' })
  connectStripeGet(@Actor() actor: Principal): Promise<StripeAccountDto> {
    return this.stripe.connect(actor);
  }

  @Post('connect-stripe-account')
  @HttpCode(200)
  @ApiOperation({ summary: 'The same as GET connect-stripe-account, for clients that post' })
  @ApiOkResponse({ type: StripeAccountDto })
  @ApiConflictResponse({ description: 'No Stripe account set up yet' })
  connectStripe(@Actor() actor: Principal): Promise<StripeAccountDto> {
    return this.stripe.connect(actor);
  }
}
