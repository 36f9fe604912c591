import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A module that keeps its own copy of some of a kitchen's facts (ADR 014): the item module copies the
 * kitchen's point and blocked state onto every item, the settings module mirrors its time zone and pickup
 * places into chef_setting rows. Each handler runs inside the transaction of the change it follows, so the
 * copies can never disagree with the kitchen.
 */
export interface KitchenListener {
  /** The kitchen's point (its primary pickup location) changed. */
  kitchenMoved?(m: EntityManager, publisherId: string): Promise<void>;
  /** The kitchen was blocked, or approved again. */
  kitchenBlocked?(m: EntityManager, publisherId: string, blocked: boolean): Promise<void>;
  /** The kitchen's time zone or its pickup places changed. */
  kitchenDetailsChanged?(m: EntityManager, publisherId: string): Promise<void>;
}

/**
 * Tells the listening modules about a kitchen's changes. The publisher module sits below the modules that
 * keep copies (they read kitchens), so it cannot call their services: they register here instead, when
 * the application starts (`onModuleInit`), and write their own tables.
 */
@Injectable()
export class KitchenEventsService {
  private readonly listeners: KitchenListener[] = [];

  listen(listener: KitchenListener): void {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  }

  async moved(m: EntityManager, publisherId: string): Promise<void> {
    for (const l of this.listeners) await l.kitchenMoved?.(m, publisherId);
  }

  async blocked(m: EntityManager, publisherId: string, blocked: boolean): Promise<void> {
    for (const l of this.listeners) await l.kitchenBlocked?.(m, publisherId, blocked);
  }

  async detailsChanged(m: EntityManager, publisherId: string): Promise<void> {
    for (const l of this.listeners) await l.kitchenDetailsChanged?.(m, publisherId);
  }
}
