import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Writes to the `item` table that follow changes made elsewhere, inside the caller's transaction (ADR 014):
 * a delivered date counts its portions, and every item copies its kitchen's point and blocked state (item
 * search filters and measures distance on the item row without a join, database README). The item
 * module's own changes stay in ItemService.
 */
@Injectable()
export class ItemRepository {
  /** A delivered order date adds its portions to the item's order count. */
  async countDelivered(m: EntityManager, itemId: string, portions: number): Promise<void> {
    await m.query(`UPDATE item SET order_count = order_count + $2 WHERE id = $1`, [itemId, portions]);
  }

  /** Every item of the kitchen takes the kitchen's (already updated) point. */
  async followKitchenLocation(m: EntityManager, publisherId: string): Promise<void> {
    await m.query(
      `UPDATE item i SET location = p.geo_location, updated_at = now()
         FROM publisher p
        WHERE p.id = $1 AND i.publisher_id = p.id`,
      [publisherId],
    );
  }

  /** Marks every item of the kitchen as belonging to a blocked chef (or not). */
  async setChefBlocked(m: EntityManager, publisherId: string, blocked: boolean): Promise<void> {
    await m.query(
      `UPDATE item SET is_chef_blocked = $2, updated_at = now() WHERE publisher_id = $1 AND is_chef_blocked <> $2`,
      [publisherId, blocked],
    );
  }
}
