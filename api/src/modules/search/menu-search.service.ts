import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TimeSlot } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { MenuSearchQuery } from './dto/search-query.dto.js';
import type {
  KitchenSearchResultDto,
  MenuSearchResultDto,
  OrderableDateDto,
} from './dto/search-results.dto.js';
import {
  DEFAULT_HORIZON_DAYS,
  metresPer,
  parseSearchSort,
  roundDistance,
  type SearchPage,
} from './item-search.service.js';
import { SearchOriginService } from './search-origin.service.js';

interface MenuRow {
  total: number;
  id: string | null;
  name: string;
  description: string | null;
  menu_type: string;
  delivery_fees: string | null;
  delivery_radius: string | null;
  delivery_measurement: string | null;
  delivery_order_minimum_amount: string;
  publisher_id: string;
  kitchen_name: string;
  brand_display_name: string | null;
  logo: string | null;
  time_zone: string | null;
  currency_code: string;
  rating_value: string;
  rating_count: number;
  distance_m: number;
  item_count: number;
  next_dates: NextDate[];
}

type NextDate = { date: string; timeSlots: TimeSlot[]; orderBefore: string };

interface KitchenRow {
  total: number;
  id: string | null;
  kitchen_name: string;
  brand_display_name: string | null;
  logo: string | null;
  kitchen_time_zone: string | null;
  currency_code: string;
  rating_value: string;
  rating_count: number;
  distance_m: number;
  menu_names: string[];
  /** Each matching menu's next dates. */
  next_dates: NextDate[][];
}

/**
 * A kitchen's next 3 orderable dates over all its menus: one entry per date with the time slots of every
 * menu on it, open until the latest of their cut-offs.
 */
export function mergeNextDates(dates: readonly NextDate[]): OrderableDateDto[] {
  const byDate = new Map<string, OrderableDateDto>();
  for (const d of dates) {
    const orderBefore = new Date(d.orderBefore).toISOString();
    const known = byDate.get(d.date);
    if (!known) byDate.set(d.date, { date: d.date, timeSlots: [...d.timeSlots], orderBefore });
    else {
      known.timeSlots = [...new Set([...known.timeSlots, ...d.timeSlots])];
      if (orderBefore > known.orderBefore) known.orderBefore = orderBefore;
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)).slice(0, 3);
}

/** Escapes LIKE wildcards so that user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class MenuSearchService {
  constructor(
    private readonly origins: SearchOriginService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Published menus of approved kitchens within the distance that still have an orderable date (within
   * the next 7 days unless comingSoonSwitch), nearest first, each with up to 3 next dates. The text
   * matches the menu's name or description, or the kitchen (full text or a near-miss of its name).
   */
  async search(
    actor: Principal | undefined,
    query: MenuSearchQuery,
  ): Promise<SearchPage<MenuSearchResultDto>> {
    const { origin, matches, values, $, order } = await this.matching(actor, query);
    const rows: MenuRow[] = await this.db.query(
      `${matches}
       SELECT t.total, page.*
         FROM (SELECT count(*)::int AS total FROM matches) t
         LEFT JOIN LATERAL (
           SELECT mt.*, (SELECT count(*)::int FROM menu_item mi JOIN item i ON i.id = mi.item_id
                          WHERE mi.menu_id = mt.id AND i.item_status = 'ACTIVE') AS item_count
             FROM (SELECT * FROM matches ORDER BY ${order('')} LIMIT ${$(query.size)} OFFSET ${$(query.page * query.size)}) mt
         ) page ON true
        ORDER BY ${order('page.')}`,
      values,
    );
    const items = rows
      .filter((r) => r.id !== null)
      .map((r): MenuSearchResultDto => ({
        id: r.id!,
        name: r.name,
        description: r.description,
        menuType: r.menu_type,
        itemCount: r.item_count,
        deliveryFees: r.delivery_fees,
        deliveryRadius: r.delivery_radius,
        deliveryMeasurement: r.delivery_measurement,
        deliveryOrderMinimumAmount: r.delivery_order_minimum_amount,
        currencyCode: r.currency_code,
        kitchen: {
          id: r.publisher_id,
          kitchenName: r.kitchen_name,
          brandDisplayName: r.brand_display_name ?? r.kitchen_name,
          logo: fileUrl(r.logo),
          timeZone: r.time_zone,
        },
        rating: { value: Number(r.rating_value), count: r.rating_count },
        nextDates: r.next_dates.map((d) => ({
          date: d.date,
          timeSlots: d.timeSlots,
          orderBefore: new Date(d.orderBefore).toISOString(),
        })),
        distance: roundDistance(r.distance_m, origin.unit),
        distanceUnit: origin.unit,
      }));
    return { items, total: rows[0]?.total ?? 0, origin, distance: query.distance };
  }

  /**
   * The same menus grouped by kitchen: one result per kitchen (its nearest point, its matching menus' names
   * and its next 3 orderable dates over them all), so that the total counts kitchens, as the chef search
   * shows them, and a kitchen is never on two pages.
   */
  async searchKitchens(
    actor: Principal | undefined,
    query: MenuSearchQuery,
  ): Promise<SearchPage<KitchenSearchResultDto>> {
    const { origin, matches, values, $, order } = await this.matching(actor, query);
    const rows: KitchenRow[] = await this.db.query(
      `${matches},
       kitchens AS (
         SELECT publisher_id AS id, kitchen_name, brand_display_name, logo, kitchen_time_zone, currency_code, rating_value, rating_count,
                min(distance_m) AS distance_m, array_agg(name ORDER BY name) AS menu_names, json_agg(next_dates) AS next_dates
           FROM matches
          GROUP BY publisher_id, kitchen_name, brand_display_name, logo, kitchen_time_zone, currency_code, rating_value, rating_count
       )
       SELECT t.total, page.*
         FROM (SELECT count(*)::int AS total FROM kitchens) t
         LEFT JOIN LATERAL (
           SELECT * FROM kitchens ORDER BY ${order('')} LIMIT ${$(query.size)} OFFSET ${$(query.page * query.size)}
         ) page ON true
        ORDER BY ${order('page.')}`,
      values,
    );
    const items = rows
      .filter((r) => r.id !== null)
      .map((r): KitchenSearchResultDto => ({
        kitchen: {
          id: r.id!,
          kitchenName: r.kitchen_name,
          brandDisplayName: r.brand_display_name ?? r.kitchen_name,
          logo: fileUrl(r.logo),
          timeZone: r.kitchen_time_zone,
        },
        rating: { value: Number(r.rating_value), count: r.rating_count },
        currencyCode: r.currency_code,
        menus: r.menu_names,
        nextDates: mergeNextDates(r.next_dates.flat()),
        distance: roundDistance(r.distance_m, origin.unit),
        distanceUnit: origin.unit,
      }));
    return { items, total: rows[0]?.total ?? 0, origin, distance: query.distance };
  }

  /** The `matches` CTE of both searches (one row per matching menu), its parameters and the sort. */
  private async matching(actor: Principal | undefined, query: MenuSearchQuery) {
    const origin = await this.origins.of(actor, {
      lat: query.lat,
      lng: query.lng,
      zip: query.zip,
      country: query.country,
    });
    const now = new Date();
    const values: unknown[] = [origin.lng, origin.lat, query.distance * metresPer(origin.unit), now];
    const $ = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const point = `ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326)::geography`;
    const where = [`p.status = 'APPROVED'`, `ST_DWithin(p.geo_location, ${point}, $3::float8, false)`];
    if (query.query) {
      const like = $(likePattern(query.query));
      const q = $(query.query);
      where.push(
        `(m.name ILIKE ${like} OR m.description ILIKE ${like} OR p.search_vector @@ websearch_to_tsquery('english', ${q}::text) ` +
          `OR ${q}::text <% p.kitchen_name OR ${q}::text <% coalesce(p.brand_display_name, ''))`,
      );
    }
    if (query.excludeChefsIds.length) where.push(`p.id <> ALL(${$(query.excludeChefsIds)}::uuid[])`);
    if (query.excludeChefs.length)
      where.push(
        `lower(p.kitchen_name) <> ALL(${$(query.excludeChefs.map((n) => n.toLowerCase()))}::text[])`,
      );
    const horizon = query.comingSoonSwitch
      ? ''
      : `AND d.starts_at < ${$(new Date(now.getTime() + DEFAULT_HORIZON_DAYS * 86_400_000))}::timestamptz`;
    const sort = parseSearchSort<'distance' | 'rating'>(query.sort, 'distance', ['rating']);
    const order = (t: string) =>
      sort.field === 'rating'
        ? `${t}rating_value ${sort.direction}, ${t}rating_count ${sort.direction}, ${t}distance_m, ${t}id`
        : `${t}distance_m ${sort.direction}, ${t}id`;
    const matches = `WITH matches AS MATERIALIZED (
         SELECT m.id, m.name, m.description, m.menu_type, m.delivery_fees, m.delivery_radius, m.delivery_measurement,
                m.delivery_order_minimum_amount, p.id AS publisher_id, p.kitchen_name, p.brand_display_name, p.logo,
                COALESCE(m.time_zone, p.time_zone_id) AS time_zone, p.time_zone_id AS kitchen_time_zone,
                p.currency_code, p.rating_value, p.rating_count, (p.geo_location <-> ${point}) AS distance_m,
                nd.next_dates
           FROM publisher p
           JOIN menu m ON m.publisher_id = p.id AND m.status = 'PUBLISHED' AND NOT m.is_private
           CROSS JOIN LATERAL (
             SELECT json_agg(json_build_object('date', x.date::text, 'timeSlots', x.time_slots, 'orderBefore', x.cutoff_at) ORDER BY x.starts_at) AS next_dates
               FROM (SELECT d.date, d.time_slots, d.cutoff_at, d.starts_at FROM menu_date d
                      WHERE d.menu_id = m.id AND NOT d.is_deleted AND d.cutoff_at > $4::timestamptz ${horizon}
                      ORDER BY d.starts_at LIMIT 3) x
           ) nd
          WHERE ${where.join(' AND ')} AND nd.next_dates IS NOT NULL
       )`;
    return { origin, matches, values, $, order };
  }
}
