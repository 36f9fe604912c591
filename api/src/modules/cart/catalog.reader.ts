import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MenuStatus,
  type DeliveryOption,
  type ItemStatus,
  type PublisherStatus,
  type StopOrdersType,
  type TimeSlot,
} from '@hearth/shared';

/** One pricing option of an item as it is now. */
export interface CatalogPricingOption {
  id: string;
  measurement: string;
  quantity: string;
  chefPrice: string;
  serves: number;
  position: number;
}

/** An item with what buying it needs: its chef, prices, fees and fulfilment options, read fresh. */
export interface CatalogItem {
  id: string;
  name: string;
  itemStatus: ItemStatus;
  isChefBlocked: boolean;
  deliveryOptions: DeliveryOption[];
  deliveryFees: string;
  deliveryMinimumAmount: string;
  pictures: string[];
  publisherId: string;
  publisherStatus: PublisherStatus;
  kitchenName: string;
  currencyCode: string;
  /** The chef's IANA zone, when known. */
  publisherTimeZone: string | null;
  chefConsumerId: string;
  chefEmail: string | null;
  chefName: string | null;
  pricingOptions: CatalogPricingOption[];
}

/** A date an item is offered on by one PUBLISHED menu (a live menu_date row of a menu containing it). */
export interface OfferedDate {
  itemId: string;
  date: string;
  menuId: string;
  timeSlots: TimeSlot[];
  startsAt: Date;
  /** Orders for the date are refused from this instant on. */
  cutoffAt: Date;
  /** The menu's zone (else the chef's, else UTC): slot hours are wall-clock times there. */
  timeZone: string;
  stopOrdersType: StopOrdersType | null;
  stopOrdersByDaysOrHours: number | null;
  cateringEnabled: boolean;
  stopOrdersTypeForCatering: StopOrdersType;
  stopOrdersByDaysOrHoursForCatering: number;
  associatedAddressId: string | null;
  /** A private menu's date: orderable only with the kitchen's code. */
  isPrivate: boolean;
  /** The kitchen's current secret code, read for private menus' dates only (null otherwise or without one). */
  kitchenCode: string | null;
}

export interface CapacityRow {
  itemId: string;
  date: string;
  orderedCount: number;
  maxAllowed: number;
}

export interface PickupLocationRow {
  id: string;
  publisherId: string;
  isPrimary: boolean;
  address: Record<string, unknown>;
}

export const capacityKey = (itemId: string, date: string) => `${itemId}|${date}`;

/** SQL of the catalogue reads, over the item ids `ids` and dates `dates` (SQL expressions of uuid[] and date[]). */
const ITEMS_SQL = (ids: string) =>
  `SELECT i.id, i.name, i.item_status, i.is_chef_blocked, i.delivery_options,
          i.delivery_fees::text AS delivery_fees, i.delivery_minimum_amount::text AS delivery_minimum_amount,
          CASE WHEN i.block_image THEN '{}'::text[] ELSE i.pictures END AS pictures, i.publisher_id, p.status AS publisher_status, p.kitchen_name, p.currency_code, p.time_zone_id,
          p.consumer_id AS chef_consumer_id, coalesce(p.user_email, c.user_email) AS chef_email,
          coalesce(p.brand_display_name, c.name, p.kitchen_name) AS chef_name,
          coalesce((SELECT json_agg(json_build_object('id', o.id, 'measurement', o.measurement, 'quantity', o.quantity::text,
                                     'chefPrice', o.chef_price::text, 'serves', o.serves, 'position', o.position)
                             ORDER BY o.position, o.created_at)
                      FROM item_pricing_option o WHERE o.item_id = i.id), '[]') AS pricing_options
     FROM item i
     JOIN publisher p ON p.id = i.publisher_id
     JOIN consumer c ON c.id = p.consumer_id
    WHERE i.id = ANY(${ids})`;

const OFFERS_SQL = (ids: string, dates: string, status: string) =>
  `SELECT mi.item_id, d.date::text AS date, d.menu_id, d.time_slots, d.starts_at, d.cutoff_at,
          coalesce(mn.time_zone, p.time_zone_id, 'UTC') AS time_zone, mn.stop_orders_type, mn.stop_orders_by_days_or_hours,
          mn.catering_enabled, mn.stop_orders_type_for_catering, mn.stop_orders_by_days_or_hours_for_catering,
          mn.associated_address_id, mn.is_private,
          CASE WHEN mn.is_private THEN (SELECT s.value #>> '{}' FROM chef_setting s
                                         WHERE s.publisher_id = mn.publisher_id AND s.key = 'SECRET_CODE') END AS kitchen_code
     FROM menu_item mi
     JOIN menu mn ON mn.id = mi.menu_id AND mn.status = ${status}
     JOIN publisher p ON p.id = mn.publisher_id
     JOIN menu_date d ON d.menu_id = mn.id AND NOT d.is_deleted
    WHERE mi.item_id = ANY(${ids}) AND d.date = ANY(${dates})
    ORDER BY d.cutoff_at DESC`;

const CAPACITY_SQL = (ids: string, dates: string) =>
  `SELECT item_id, date::text AS date, ordered_count, max_allowed FROM item_date_capacity
    WHERE item_id = ANY(${ids}) AND date = ANY(${dates})`;

const PICKUPS_SQL = (publisherIds: string) =>
  `SELECT id, publisher_id, is_primary, name, address, address_line1, address_line2, city, state, country, locality, district,
          zipcode, location_type, delivery_note, lat::text AS lat, lng::text AS lng
     FROM pickup_location WHERE publisher_id = ANY(${publisherIds}) ORDER BY is_primary DESC, created_at`;

/** The catalogue rows of a cart, read together (see {@link CatalogReader.cartSnapshot}). */
export interface CatalogSnapshot {
  items: Map<string, CatalogItem>;
  offers: Map<string, OfferedDate[]>;
  pickups: Map<string, PickupLocationRow[]>;
  capacity: Map<string, CapacityRow>;
}

/**
 * Reads the catalogue rows that the cart and checkout depend on (items, menu dates, capacity, pickup
 * places) with plain SQL through the caller's EntityManager, so that checkout reads them inside its own
 * transaction. The item and menu modules own how these rows are written; this only reads them.
 */
@Injectable()
export class CatalogReader {
  async items(m: EntityManager, ids: readonly string[]): Promise<Map<string, CatalogItem>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: Array<Record<string, unknown>> = await m.query(ITEMS_SQL('$1::uuid[]'), [unique]);
    return itemMap(rows);
  }

  /** Live dates of PUBLISHED menus (private ones too, marked) offering these items on these dates, grouped by `capacityKey`. */
  async offeredDates(
    m: EntityManager,
    itemIds: readonly string[],
    dates: readonly string[],
  ): Promise<Map<string, OfferedDate[]>> {
    if (itemIds.length === 0 || dates.length === 0) return new Map();
    const rows: Array<Record<string, unknown>> = await m.query(OFFERS_SQL('$1::uuid[]', '$2::date[]', '$3'), [
      [...new Set(itemIds)],
      [...new Set(dates)],
      MenuStatus.PUBLISHED,
    ]);
    return offerMap(rows);
  }

  async capacity(
    m: EntityManager,
    itemIds: readonly string[],
    dates: readonly string[],
  ): Promise<Map<string, CapacityRow>> {
    if (itemIds.length === 0 || dates.length === 0) return new Map();
    const rows: Array<Record<string, unknown>> = await m.query(CAPACITY_SQL('$1::uuid[]', '$2::date[]'), [
      [...new Set(itemIds)],
      [...new Set(dates)],
    ]);
    return capacityMap(rows);
  }

  /** Pickup places of these chefs, primary first. */
  async pickupLocations(
    m: EntityManager,
    publisherIds: readonly string[],
  ): Promise<Map<string, PickupLocationRow[]>> {
    if (publisherIds.length === 0) return new Map();
    const rows: Array<Record<string, unknown>> = await m.query(PICKUPS_SQL('$1::uuid[]'), [
      [...new Set(publisherIds)],
    ]);
    return pickupMap(rows);
  }

  /**
   * Everything `items`, `offeredDates`, `pickupLocations` and `capacity` read for the lines of one cart, in
   * one statement (one round trip: the checkout's hot path). Items and dates are the cart's own (every line,
   * every date); the same rows as the four reads give, keyed the same way.
   */
  async cartSnapshot(m: EntityManager, cartId: string): Promise<CatalogSnapshot> {
    const [row]: Array<Record<string, unknown[] | null>> = await m.query(CART_SNAPSHOT_SQL, [
      cartId,
      MenuStatus.PUBLISHED,
    ]);
    return snapshotOf(row);
  }
}

/**
 * The item ids, dates and kitchens of cart `cart` (an SQL expression: a placeholder, or a scalar subquery such as
 * checkout's cart of the customer) as SQL arrays, for statements that read the catalogue of one cart.
 */
export const cartItemIds = (cart: string) =>
  `ARRAY(SELECT DISTINCT ci.item_id FROM cart_item ci WHERE ci.cart_id = ${cart})`;
export const cartDates = (cart: string) =>
  `ARRAY(SELECT DISTINCT d.date FROM cart_item ci JOIN cart_item_date d ON d.cart_item_id = ci.id WHERE ci.cart_id = ${cart})`;
export const cartPublisherIds = (cart: string) =>
  `ARRAY(SELECT DISTINCT i.publisher_id FROM cart_item ci JOIN item i ON i.id = ci.item_id WHERE ci.cart_id = ${cart})`;

/**
 * The select list of the catalogue snapshot of cart `cart` (as above) with menu status `published` (a placeholder):
 * columns items, offers, pickups, capacity, each a JSON array of the rows the single reads return. Other
 * statements may add columns.
 */
export const cartSnapshotColumns = (cart: string, published: string) => `
  (SELECT json_agg(x) FROM (${ITEMS_SQL(cartItemIds(cart))}) x) AS items,
  (SELECT json_agg(x) FROM (${OFFERS_SQL(cartItemIds(cart), cartDates(cart), published)}) x) AS offers,
  (SELECT json_agg(x) FROM (${PICKUPS_SQL(cartPublisherIds(cart))}) x) AS pickups,
  (SELECT json_agg(x) FROM (${CAPACITY_SQL(cartItemIds(cart), cartDates(cart))}) x) AS capacity`;

const CART_SNAPSHOT_SQL = `SELECT ${cartSnapshotColumns('$1', '$2')}`;

/** The maps of a row with the {@link cartSnapshotColumns}. */
export function snapshotOf(row: Record<string, unknown> | undefined): CatalogSnapshot {
  const rows = (key: string) => (row?.[key] as Array<Record<string, unknown>> | null) ?? [];
  return {
    items: itemMap(rows('items')),
    offers: offerMap(rows('offers')),
    pickups: pickupMap(rows('pickups')),
    capacity: capacityMap(rows('capacity')),
  };
}

function itemMap(rows: ReadonlyArray<Record<string, unknown>>): Map<string, CatalogItem> {
  return new Map(
    rows.map((r) => [
      r.id as string,
      {
        id: r.id as string,
        name: r.name as string,
        itemStatus: r.item_status as ItemStatus,
        isChefBlocked: r.is_chef_blocked as boolean,
        deliveryOptions: r.delivery_options as DeliveryOption[],
        deliveryFees: r.delivery_fees as string,
        deliveryMinimumAmount: r.delivery_minimum_amount as string,
        pictures: r.pictures as string[],
        publisherId: r.publisher_id as string,
        publisherStatus: r.publisher_status as PublisherStatus,
        kitchenName: r.kitchen_name as string,
        currencyCode: r.currency_code as string,
        publisherTimeZone: (r.time_zone_id as string | null) ?? null,
        chefConsumerId: r.chef_consumer_id as string,
        chefEmail: (r.chef_email as string | null) ?? null,
        chefName: (r.chef_name as string | null) ?? null,
        pricingOptions: r.pricing_options as CatalogPricingOption[],
      },
    ]),
  );
}

function offerMap(rows: ReadonlyArray<Record<string, unknown>>): Map<string, OfferedDate[]> {
  const result = new Map<string, OfferedDate[]>();
  for (const r of rows) {
    const offer: OfferedDate = {
      itemId: r.item_id as string,
      date: r.date as string,
      menuId: r.menu_id as string,
      timeSlots: r.time_slots as TimeSlot[],
      startsAt: new Date(r.starts_at as string),
      cutoffAt: new Date(r.cutoff_at as string),
      timeZone: r.time_zone as string,
      stopOrdersType: (r.stop_orders_type as StopOrdersType | null) ?? null,
      stopOrdersByDaysOrHours: (r.stop_orders_by_days_or_hours as number | null) ?? null,
      cateringEnabled: r.catering_enabled as boolean,
      stopOrdersTypeForCatering: r.stop_orders_type_for_catering as StopOrdersType,
      stopOrdersByDaysOrHoursForCatering: r.stop_orders_by_days_or_hours_for_catering as number,
      associatedAddressId: (r.associated_address_id as string | null) ?? null,
      isPrivate: r.is_private as boolean,
      kitchenCode: (r.kitchen_code as string | null) ?? null,
    };
    const key = capacityKey(offer.itemId, offer.date);
    const list = result.get(key);
    if (list) list.push(offer);
    else result.set(key, [offer]);
  }
  return result;
}

function capacityMap(rows: ReadonlyArray<Record<string, unknown>>): Map<string, CapacityRow> {
  return new Map(
    rows.map((r) => [
      capacityKey(r.item_id as string, r.date as string),
      {
        itemId: r.item_id as string,
        date: r.date as string,
        orderedCount: r.ordered_count as number,
        maxAllowed: r.max_allowed as number,
      },
    ]),
  );
}

function pickupMap(rows: ReadonlyArray<Record<string, unknown>>): Map<string, PickupLocationRow[]> {
  const result = new Map<string, PickupLocationRow[]>();
  for (const r of rows) {
    const { id, publisher_id, is_primary, ...rest } = r;
    const row: PickupLocationRow = {
      id: id as string,
      publisherId: publisher_id as string,
      isPrimary: is_primary as boolean,
      address: {
        id,
        name: rest.name,
        address: rest.address,
        addressLine1: rest.address_line1,
        addressLine2: rest.address_line2,
        city: rest.city,
        state: rest.state,
        country: rest.country,
        locality: rest.locality,
        district: rest.district,
        zipcode: rest.zipcode,
        locationType: rest.location_type,
        deliveryNote: rest.delivery_note,
        lat: rest.lat,
        lng: rest.lng,
      },
    };
    const list = result.get(row.publisherId);
    if (list) list.push(row);
    else result.set(row.publisherId, [row]);
  }
  return result;
}
