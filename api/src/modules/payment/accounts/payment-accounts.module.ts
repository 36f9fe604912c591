import { Module } from '@nestjs/common';
import { PublisherModule } from '../../publisher/publisher.module.js';
import { SettingsModule } from '../../settings/settings.module.js';
import { PaymentGatewaysModule } from '../gateways/payment-gateways.js';
import { CashfreeBeneficiaryService } from './cashfree-beneficiary.service.js';
import { PayoutSettingsController } from './payout-settings.controller.js';
import { StripeConnectService } from './stripe-connect.service.js';

/**
 * Where chefs get paid: Stripe Connect accounts and Cashfree Payouts beneficiaries. The HTTP app mounts the
 * controller; the payment-events worker imports the module for StripeConnectService's `account.updated`.
 */
@Module({
  imports: [PaymentGatewaysModule, PublisherModule, SettingsModule],
  controllers: [PayoutSettingsController],
  providers: [StripeConnectService, CashfreeBeneficiaryService],
  exports: [StripeConnectService],
})
export class PaymentAccountsModule {}
