import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../../common/clock/clock.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PublisherModule } from '../publisher/publisher.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { AdminAudiencesModule } from './admin-audiences.module.js';
import { AdminBulkMessagesController } from './admin-bulk-messages.controller.js';
import { AdminBulkMessagesService } from './admin-bulk-messages.service.js';
import { AdminKitchensService } from './admin-kitchens.service.js';
import { AdminPicturesService } from './admin-pictures.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';
import { AdminController } from './admin.controller.js';
import { AdminMaintenanceController } from './admin-maintenance.controller.js';
import { AdminCleanService } from './clean/admin-clean.service.js';
import { AdminMigrationsService } from './clean/admin-migrations.service.js';
import { CleanSourcesModule } from './clean/clean-sources.module.js';
import { QueueModule } from '../../queue/queue.module.js';
import { BulkContentService } from './bulk-content.service.js';
import { AdminHomeController } from './home/admin-home.controller.js';
import { AdminHomeService } from './home/admin-home.service.js';
import { KitchenFeePercentageEntity } from './kitchen-fee-percentage.entity.js';
import { KitchenFeeService } from './kitchen-fee.service.js';

/**
 * Admin-only tools of spec §6: the admin home's numbers, the kitchen list, kitchen fee percentages, bulk
 * messages to the target groups, users and picture moderation, cleaning expired data and migrating the
 * database (`DatabaseMigrations` comes from the composition root).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([KitchenFeePercentageEntity]),
    PublisherModule,
    AuditModule,
    MessagingModule,
    AdminAudiencesModule,
    ClockModule,
    ConsumerModule,
    MailModule,
    CleanSourcesModule,
    QueueModule,
  ],
  controllers: [
    AdminController,
    AdminBulkMessagesController,
    AdminHomeController,
    AdminUsersController,
    AdminMaintenanceController,
  ],
  providers: [
    KitchenFeeService,
    AdminKitchensService,
    AdminBulkMessagesService,
    BulkContentService,
    AdminHomeService,
    AdminUsersService,
    AdminPicturesService,
    AdminCleanService,
    AdminMigrationsService,
  ],
  exports: [KitchenFeeService],
})
export class AdminModule {}
