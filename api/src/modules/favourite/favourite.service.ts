import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PublisherStatus, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { FavouriteKitchenDto } from './dto/favourite-kitchen.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many upcoming dates each favourite shows. */
export const FAVOURITE_NEXT_DATES = 3;

interface FavouriteRow {
  id: string;
  kitchen_name: string;
  brand_display_name: string | null;
  speciality: string | null;
  logo: string | null;
  time_zone_id: string | null;
  rating_value: string;
  rating_count: number;
  city: string | null;
  state: string | null;
  favourited_at: Date;
  next_dates: Array<{ date: string; timeSlots: TimeSlot[]; orderBefore: string; menus: string[] }> | null;
}

/** A customer's favourite kitchens (spec favChefs), in consumer_favourite_chef. */
@Injectable()
export class FavouriteService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Adds an approved kitchen; adding it again changes nothing. */
  async add(actor: Principal, publisherId: string): Promise<void> {
    const rows: unknown[] = UUID.test(publisherId)
      ? await this.db.query(
          `INSERT INTO consumer_favourite_chef (consumer_id, publisher_id)
           SELECT $1, p.id FROM publisher p WHERE p.id = $2 AND p.status = $3
           ON CONFLICT (consumer_id, publisher_id) DO UPDATE SET updated_at = consumer_favourite_chef.updated_at
           RETURNING id`,
          [actor.consumerId, publisherId, PublisherStatus.APPROVED],
        )
      : [];
    if (rows.length === 0) throw kitchenNotFound(publisherId);
  }

  /**
   * Removes a kitchen; removing one that is not a favourite changes nothing. A kitchen blocked after it was
   * added can still be removed; an id no kitchen has is a 404.
   */
  async remove(actor: Principal, publisherId: string): Promise<void> {
    const exists: unknown[] = UUID.test(publisherId)
      ? await this.db.query(`SELECT 1 FROM publisher WHERE id = $1`, [publisherId])
      : [];
    if (exists.length === 0) throw kitchenNotFound(publisherId);
    await this.db.query(`DELETE FROM consumer_favourite_chef WHERE consumer_id = $1 AND publisher_id = $2`, [
      actor.consumerId,
      publisherId,
    ]);
  }

  /** The caller's approved favourite kitchens, last added first, each with its next orderable dates. */
  async list(actor: Principal): Promise<FavouriteKitchenDto[]> {
    const rows: FavouriteRow[] = await this.db.query(
      `SELECT p.id, p.kitchen_name, p.brand_display_name, p.speciality, p.logo, p.time_zone_id, p.rating_value, p.rating_count,
              pl.city, pl.state, f.created_at AS favourited_at, nd.next_dates
         FROM consumer_favourite_chef f
         JOIN publisher p ON p.id = f.publisher_id AND p.status = $2
         LEFT JOIN pickup_location pl ON pl.publisher_id = p.id AND pl.is_primary
         LEFT JOIN LATERAL (
           SELECT json_agg(json_build_object('date', x.date::text, 'timeSlots', x.slots, 'orderBefore', x.order_before, 'menus', x.menus)
                           ORDER BY x.date) AS next_dates
             FROM (SELECT d.date, max(d.cutoff_at) AS order_before,
                          array_agg(DISTINCT s.slot) AS slots, array_agg(DISTINCT m.name) AS menus
                     FROM menu m
                     JOIN menu_date d ON d.menu_id = m.id
                     CROSS JOIN LATERAL unnest(d.time_slots) AS s(slot)
                    WHERE m.publisher_id = p.id AND m.status = 'PUBLISHED' AND NOT m.is_private AND NOT d.is_deleted AND d.cutoff_at > now()
                    GROUP BY d.date
                    ORDER BY d.date
                    LIMIT $3) x
         ) nd ON true
        WHERE f.consumer_id = $1
        ORDER BY f.created_at DESC, p.id`,
      [actor.consumerId, PublisherStatus.APPROVED, FAVOURITE_NEXT_DATES],
    );
    return rows.map((r) => ({
      id: r.id,
      kitchenName: r.kitchen_name,
      brandDisplayName: r.brand_display_name ?? r.kitchen_name,
      speciality: r.speciality,
      logo: fileUrl(r.logo),
      timeZone: r.time_zone_id,
      rating: { value: Number(r.rating_value), count: r.rating_count },
      city: r.city,
      state: r.state,
      favouritedAt: new Date(r.favourited_at).toISOString(),
      nextDates: (r.next_dates ?? []).map((d) => ({
        date: d.date,
        timeSlots: [...d.timeSlots].sort((a, b) => (TIME_SLOTS[a]?.start ?? 0) - (TIME_SLOTS[b]?.start ?? 0)),
        orderBefore: new Date(d.orderBefore).toISOString(),
        menus: d.menus,
      })),
    }));
  }
}

function kitchenNotFound(publisherId: string) {
  return notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
}
