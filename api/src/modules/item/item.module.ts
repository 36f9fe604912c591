import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../../common/clock/clock.module.js';
import { PublisherModule } from '../publisher/publisher.module.js';
import { ChefDirectoryModule } from '../settings/chef-directory.module.js';
import { KitchenCodeModule } from '../settings/kitchen-code.module.js';
import { ItemKitchenListener } from './item-kitchen.listener.js';
import { ItemRepositoriesModule } from './item-repositories.module.js';
import { ItemNutritionEntity } from './item-nutrition.entity.js';
import { ItemPricingOptionEntity } from './item-pricing-option.entity.js';
import { ItemController } from './item.controller.js';
import { ItemEntity } from './item.entity.js';
import { ItemService } from './item.service.js';

/** Items of chefs: CRUD, clone, sold out / hide, pictures. Exports ItemService for menus and kitchen pages. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ItemEntity, ItemPricingOptionEntity, ItemNutritionEntity]),
    ChefDirectoryModule,
    KitchenCodeModule,
    ClockModule,
    ItemRepositoriesModule,
    PublisherModule,
  ],
  controllers: [ItemController],
  providers: [ItemService, ItemKitchenListener],
  exports: [ItemService],
})
export class ItemModule {}
