import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../../common/clock/clock.module.js';
import { ChefDirectoryModule } from '../settings/chef-directory.module.js';
import { ItemModule } from '../item/item.module.js';
import { ChefNewsModule } from '../subscription/chef-news.module.js';
import { MenuCatalogService } from './menu-catalog.service.js';
import { MenuDatesModule } from './menu-dates.module.js';
import { MenuDateEntity } from './menu-date.entity.js';
import { MenuImpactService } from './menu-impact.service.js';
import { MenuHistoryEntity } from './menu-history.entity.js';
import { MenuReceiptEntity } from './menu-receipt.entity.js';
import { MenuItemEntity } from './menu-item.entity.js';
import { ReceiptsByDateController } from './menu-receipts.controller.js';
import { MenuReceiptsService } from './menu-receipts.service.js';
import { MenuController } from './menu.controller.js';
import { MenuEntity } from './menu.entity.js';
import { MenuService } from './menu.service.js';

/** Menus and their life cycle; exports MenuCatalogService for the kitchen page. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      MenuEntity,
      MenuItemEntity,
      MenuDateEntity,
      MenuHistoryEntity,
      MenuReceiptEntity,
    ]),
    ChefDirectoryModule,
    ClockModule,
    ItemModule,
    MenuDatesModule,
    ChefNewsModule,
  ],
  controllers: [MenuController, ReceiptsByDateController],
  providers: [MenuService, MenuReceiptsService, MenuCatalogService, MenuImpactService],
  exports: [MenuCatalogService],
})
export class MenuModule {}
