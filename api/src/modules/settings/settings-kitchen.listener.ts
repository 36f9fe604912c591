import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { KitchenEventsService, type KitchenListener } from '../publisher/kitchen-events.service.js';

/**
 * Mirrors the kitchen's time zone and pickup places into the chef_setting rows TIME_ZONE and
 * PICKUP_LOCATIONS, in the shapes the demo seed writes (the settings API reads the kitchen itself, never
 * these rows), inside the kitchen change's transaction.
 */
@Injectable()
export class SettingsKitchenListener implements KitchenListener, OnModuleInit {
  constructor(private readonly events: KitchenEventsService) {}

  onModuleInit(): void {
    this.events.listen(this);
  }

  async kitchenDetailsChanged(m: EntityManager, publisherId: string): Promise<void> {
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
}
