import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { Principal } from '../../common/http/principal.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { ItemSearchQuery } from './dto/search-query.dto.js';
import type { ItemSearchResultDto } from './dto/search-results.dto.js';
import {
  buildItemSearchSql,
  statementName,
  type ItemSearchParams,
  type ItemSearchRow,
  type ItemSortField,
} from './item-search.sql.js';
import { SearchOriginService, type SearchOrigin } from './search-origin.service.js';
import { poolOf } from '../../common/database/raw-rows.js';

/** Without comingSoonSwitch, only dates starting within this window are searched. */
export const DEFAULT_HORIZON_DAYS = 7;
const DAY_MS = 86_400_000;

/** What a search found, and where it looked. */
export interface SearchPage<T> {
  items: T[];
  total: number;
  origin: SearchOrigin;
  distance: number;
}

/** Metres in one unit of distance. */
export function metresPer(unit: SearchOrigin['unit']): number {
  return unit === 'km' ? 1000 : 1609.344;
}

/** `field,dir` of an allowed sort; a missing direction takes the field's natural one (best first). */
export function parseSearchSort<F extends string>(
  sort: string | undefined,
  fallback: F,
  descendingByDefault: readonly F[],
): { field: F; direction: 'ASC' | 'DESC' } {
  const [rawField, dir] = (sort ?? fallback).split(',');
  const field = rawField as F;
  const direction = dir
    ? dir.toLowerCase() === 'desc'
      ? 'DESC'
      : 'ASC'
    : descendingByDefault.includes(field)
      ? 'DESC'
      : 'ASC';
  return { field, direction };
}

@Injectable()
export class ItemSearchService {
  constructor(
    private readonly origins: SearchOriginService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Items that can be ordered near a place. The place is the zip code of the path when given (`_search/{zip}/{country}/items`),
   * else the query's zip, lat/lng, or the signed-in customer's saved address.
   */
  async search(
    actor: Principal | undefined,
    query: ItemSearchQuery,
    place?: { zip: string; country: string },
  ): Promise<SearchPage<ItemSearchResultDto>> {
    const origin = await this.origins.of(
      actor,
      place ?? { lat: query.lat, lng: query.lng, zip: query.zip, country: query.country },
    );
    const params = itemSearchParams(query, origin, new Date());
    const { text, values } = buildItemSearchSql(params);
    const rows = await this.run(text, values);
    const total = rows[0]?.total ?? 0;
    const items = rows.filter((r) => r.id !== null).map((r) => mapItemResult(r, origin.unit));
    return { items, total, origin, distance: query.distance };
  }

  /**
   * Runs the search as a named prepared statement on TypeORM's own pg pool (TypeORM's query() has no way to
   * name one); planning is most of the statement's cost (docs/decisions/007-item-search.md).
   */
  private async run(text: string, values: unknown[]): Promise<ItemSearchRow[]> {
    const pool = poolOf(this.db) as Pool | undefined;
    if (!pool?.query) return this.db.query(text, values);
    const result = await pool.query<ItemSearchRow>({ name: statementName(text), text, values });
    return result.rows;
  }
}

/** The SQL parameters of a validated query at a resolved place (also used by the benchmark). */
export function itemSearchParams(query: ItemSearchQuery, origin: SearchOrigin, now: Date): ItemSearchParams {
  return {
    lat: origin.lat,
    lng: origin.lng,
    radiusMetres: query.distance * metresPer(origin.unit),
    query: query.query || null,
    deliveryType: query.deliveryType ?? null,
    foodTime: query.foodTime ?? null,
    foodType: query.foodType ?? null,
    medical: query.medical ?? null,
    horizon: query.comingSoonSwitch ? null : new Date(now.getTime() + DEFAULT_HORIZON_DAYS * DAY_MS),
    now,
    excludeChefIds: query.excludeChefsIds,
    excludeChefNames: query.excludeChefs,
    customerZip: origin.zip,
    customerZipIsUs: origin.countryCode === 'US',
    sort: parseSearchSort<ItemSortField>(
      query.sort?.replace(/^[^,]+/, (f) => f.toLowerCase()),
      query.query ? 'relevance' : 'distance',
      ['relevance', 'rating'],
    ),
    limit: query.size,
    offset: query.page * query.size,
  };
}

/** Distance in the unit, 1 decimal. */
export function roundDistance(metres: number, unit: SearchOrigin['unit']): number {
  return Math.round((metres / metresPer(unit)) * 10) / 10;
}

function mapItemResult(r: ItemSearchRow, unit: SearchOrigin['unit']): ItemSearchResultDto {
  return {
    id: r.id!,
    name: r.name,
    picture: fileUrl(r.picture),
    price: r.chef_price,
    currencyCode: r.currency_code,
    measurement: r.measurement,
    foodTypes: r.food_types,
    medicalFriendly: r.medical_friendly,
    deliveryOptions: r.delivery_options,
    rating: { value: Number(r.rating_value), count: r.rating_count },
    kitchen: {
      id: r.publisher_id,
      kitchenName: r.kitchen_name,
      brandDisplayName: r.brand_display_name ?? r.kitchen_name,
      logo: fileUrl(r.logo),
      timeZone: r.time_zone_id,
    },
    nextDate: {
      date: r.next_date,
      timeSlots: r.next_time_slots,
      orderBefore: new Date(r.next_cutoff_at).toISOString(),
    },
    distance: roundDistance(r.distance_m, unit),
    distanceUnit: unit,
  };
}
