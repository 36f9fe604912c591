import { Module } from '@nestjs/common';
import { ItemDateCapacityRepository } from './item-date-capacity.repository.js';
import { ItemRepository } from './item.repository.js';

/**
 * The item module's writers for other modules (ADR 014): capacity rows for menus and orders, the item
 * rows' copies of kitchen facts and delivered counts. Small on purpose, so the worker and the order module
 * can use them without the item module's controllers and services.
 */
@Module({
  providers: [ItemRepository, ItemDateCapacityRepository],
  exports: [ItemRepository, ItemDateCapacityRepository],
})
export class ItemRepositoriesModule {}
