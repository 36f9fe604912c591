import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PublisherModule } from '../publisher/publisher.module.js';
import { AdminController } from './admin.controller.js';
import { KitchenFeePercentageEntity } from './kitchen-fee-percentage.entity.js';
import { KitchenFeeService } from './kitchen-fee.service.js';

/** Admin-only tools of spec §6 (kitchen fee percentages; cleaning and migration come later). */
@Module({
  imports: [TypeOrmModule.forFeature([KitchenFeePercentageEntity]), PublisherModule],
  controllers: [AdminController],
  providers: [KitchenFeeService],
  exports: [KitchenFeeService],
})
export class AdminModule {}
