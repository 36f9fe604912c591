import type { EntityManager } from 'typeorm';
import type { KitchenEventsService } from './kitchen-events.service.js';

/**
 * Moves the kitchen's point to its primary pickup location, inside the caller's transaction, then lets the
 * modules that copy it follow (every item's location: distance search needs no join, database README).
 */
export async function syncKitchenLocation(
  m: EntityManager,
  publisherId: string,
  events: KitchenEventsService,
): Promise<void> {
  await m.query(
    `UPDATE publisher p SET geo_location = l.location, updated_at = now()
       FROM pickup_location l
      WHERE p.id = $1 AND l.publisher_id = p.id AND l.is_primary`,
    [publisherId],
  );
  await events.moved(m, publisherId);
}
