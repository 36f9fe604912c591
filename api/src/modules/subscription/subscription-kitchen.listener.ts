import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { KitchenEventsService, type KitchenListener } from '../publisher/kitchen-events.service.js';
import { LocationCheckService } from './location-check.service.js';

/** A kitchen approved (again) may deliver where people asked to be told (location checks), inside its transaction. */
@Injectable()
export class SubscriptionKitchenListener implements KitchenListener, OnModuleInit {
  constructor(
    private readonly events: KitchenEventsService,
    private readonly locations: LocationCheckService,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
  }

  async kitchenBlocked(m: EntityManager, publisherId: string, blocked: boolean): Promise<void> {
    if (!blocked) await this.locations.kitchenApproved(m, publisherId);
  }
}
