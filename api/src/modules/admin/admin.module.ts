import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { PublisherModule } from '../publisher/publisher.module.js';
import { AdminKitchensService } from './admin-kitchens.service.js';
import { AdminController } from './admin.controller.js';
import { KitchenFeePercentageEntity } from './kitchen-fee-percentage.entity.js';
import { KitchenFeeService } from './kitchen-fee.service.js';

/** Admin-only tools of spec §6 (the kitchen list, kitchen fee percentages; cleaning and migration come later). */
@Module({
  imports: [TypeOrmModule.forFeature([KitchenFeePercentageEntity]), PublisherModule, AuditModule],
  controllers: [AdminController],
  providers: [KitchenFeeService, AdminKitchensService],
  exports: [KitchenFeeService],
})
export class AdminModule {}
