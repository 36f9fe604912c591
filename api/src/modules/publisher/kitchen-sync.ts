import type { EntityManager } from 'typeorm';

/*
 * Copies a kitchen's facts into rows that keep their own copy, inside the caller's transaction, so they can
 * never disagree with the kitchen:
 * - `publisher.geo_location` and every `item.location` follow the primary pickup location (distance search
 *   needs no join, database README);
 * - `item.is_chef_blocked` follows the kitchen being BLOCKED (item search filters on it without a join);
 * - the chef_setting rows TIME_ZONE and PICKUP_LOCATIONS mirror the kitchen's columns and pickup places, in
 *   the shapes the demo seed writes (the settings API reads the kitchen itself, never these rows).
 * Plain SQL on purpose: the item module only reads these columns, and the copy must happen in the same
 * transaction as the change it follows.
 */

/** Moves the kitchen's point (and every item's) to its primary pickup location. */
export async function syncKitchenLocation(m: EntityManager, publisherId: string): Promise<void> {
  await m.query(
    `UPDATE publisher p SET geo_location = l.location, updated_at = now()
       FROM pickup_location l
      WHERE p.id = $1 AND l.publisher_id = p.id AND l.is_primary`,
    [publisherId],
  );
  await m.query(
    `UPDATE item i SET location = p.geo_location, updated_at = now()
       FROM publisher p
      WHERE p.id = $1 AND i.publisher_id = p.id`,
    [publisherId],
  );
}

/** Marks every item of the kitchen as belonging to a blocked chef (or not). */
export async function setItemsChefBlocked(
  m: EntityManager,
  publisherId: string,
  blocked: boolean,
): Promise<void> {
  await m.query(
    `UPDATE item SET is_chef_blocked = $2, updated_at = now() WHERE publisher_id = $1 AND is_chef_blocked <> $2`,
    [publisherId, blocked],
  );
}

/** Rewrites the TIME_ZONE and PICKUP_LOCATIONS settings rows from the kitchen. */
export async function mirrorKitchenSettings(m: EntityManager, publisherId: string): Promise<void> {
  await m.query(
    `INSERT INTO chef_setting (publisher_id, key, value)
     SELECT p.id, 'TIME_ZONE',
            jsonb_build_object('timeZoneId', p.time_zone_id, 'timeZoneName', p.time_zone_name,
                               'rawOffset', p.raw_offset, 'dstOffset', p.dst_offset)
       FROM publisher p
      WHERE p.id = $1 AND p.time_zone_id IS NOT NULL
     ON CONFLICT (publisher_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [publisherId],
  );
  await m.query(
    `INSERT INTO chef_setting (publisher_id, key, value)
     SELECT $1, 'PICKUP_LOCATIONS',
            coalesce((SELECT jsonb_agg(l.id ORDER BY l.is_primary DESC, l.created_at, l.id)
                        FROM pickup_location l WHERE l.publisher_id = $1), '[]'::jsonb)
     ON CONFLICT (publisher_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [publisherId],
  );
}
