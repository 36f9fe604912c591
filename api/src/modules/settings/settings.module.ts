import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PublisherModule } from '../publisher/publisher.module.js';
import { SubscriptionModule } from '../subscription/subscription.module.js';
import { BankBeneficiaryEntity } from './bank-beneficiary.entity.js';
import { BeneficiaryService } from './beneficiary.service.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import { KitchenCodeModule } from './kitchen-code.module.js';
import { SecretCodeController } from './secret-code.controller.js';
import { SecretCodeVerifyController } from './secret-code-verify.controller.js';
import { SecretCodeService } from './secret-code.service.js';
import { SettingsKitchenListener } from './settings-kitchen.listener.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

/** A chef's settings, pickup places, bank account for payouts and secret code. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ChefSettingEntity, BankBeneficiaryEntity]),
    PublisherModule,
    AuditModule,
    MailModule,
    SubscriptionModule,
    KitchenCodeModule,
  ],
  controllers: [SettingsController, SecretCodeController, SecretCodeVerifyController],
  providers: [SettingsService, BeneficiaryService, SecretCodeService, SettingsKitchenListener],
  exports: [SettingsService, BeneficiaryService],
})
export class SettingsModule {}
