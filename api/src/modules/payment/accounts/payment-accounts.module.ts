import { Module } from '@nestjs/common';
import { PublisherModule } from '../../publisher/publisher.module.js';
import { SettingsModule } from '../../settings/settings.module.js';
import { PaymentGatewaysModule } from '../gateways/payment-gateways.module.js';
import { CashfreeBeneficiaryService } from './cashfree-beneficiary.service.js';
import { PayoutSettingsController } from './payout-settings.controller.js';
import { StripeConnectService } from './stripe-connect.service.js';

/**
 * Where chefs get paid (HTTP): Stripe Connect accounts and Cashfree Payouts beneficiaries under `settings/`.
 * The payment-events worker imports PaymentAccountEventsModule instead (the `account.updated` handler).
 */
@Module({
  imports: [PaymentGatewaysModule, PublisherModule, SettingsModule],
  controllers: [PayoutSettingsController],
  providers: [StripeConnectService, CashfreeBeneficiaryService],
})
export class PaymentAccountsModule {}
