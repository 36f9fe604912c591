import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { KitchenEventsService, type KitchenListener } from '../publisher/kitchen-events.service.js';
import { ItemRepository } from './item.repository.js';

/** Keeps every item's copy of its kitchen's point and blocked state, in the kitchen change's transaction. */
@Injectable()
export class ItemKitchenListener implements KitchenListener, OnModuleInit {
  constructor(
    private readonly events: KitchenEventsService,
    private readonly items: ItemRepository,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
  }

  kitchenMoved(m: EntityManager, publisherId: string): Promise<void> {
    return this.items.followKitchenLocation(m, publisherId);
  }

  kitchenBlocked(m: EntityManager, publisherId: string, blocked: boolean): Promise<void> {
    return this.items.setChefBlocked(m, publisherId, blocked);
  }
}
