import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChefDirectoryModule } from './chef-directory.module.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import { KitchenCodeService } from './kitchen-code.service.js';

/** The {@link KitchenCodeService}: who sees a kitchen's private menus (kitchen page, items, cart, checkout). */
@Module({
  imports: [TypeOrmModule.forFeature([ChefSettingEntity]), ChefDirectoryModule],
  providers: [KitchenCodeService],
  exports: [KitchenCodeService],
})
export class KitchenCodeModule {}
