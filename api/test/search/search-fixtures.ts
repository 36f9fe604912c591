import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  DistanceUnit,
  ItemStatus,
  MenuStatus,
  PublisherStatus,
  Role,
  SettingsKey,
  type DeliveryOption,
  type FoodType,
  type MedicalCategory,
  type TimeSlot,
} from '@hearth/shared';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ConsumerEntity } from '../../src/modules/consumer/consumer.entity.js';
import { ItemDateCapacityEntity } from '../../src/modules/item/item-date-capacity.entity.js';
import { ItemPricingOptionEntity } from '../../src/modules/item/item-pricing-option.entity.js';
import { ItemEntity } from '../../src/modules/item/item.entity.js';
import { MenuDateEntity } from '../../src/modules/menu/menu-date.entity.js';
import { MenuItemEntity } from '../../src/modules/menu/menu-item.entity.js';
import { MenuEntity } from '../../src/modules/menu/menu.entity.js';
import { PickupLocationEntity } from '../../src/modules/publisher/pickup-location.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { ChefSettingEntity } from '../../src/modules/settings/chef-setting.entity.js';
import { point, uniqueSuffix } from '../setup/factories.js';

/*
 * Kitchens with items on published menus with upcoming dates, inserted in bulk (one statement per table),
 * so a test can lay out hundreds of kitchens at known coordinates in well under a second.
 */

export const METRES_PER_MILE = 1609.344;
/** PostGIS's sphere (the WGS 84 mean radius), which `<->` and ST_DWithin(…, false) use. */
export const EARTH_RADIUS_M = 6371008.7714;
const HOUR = 3_600_000;

/** The haversine oracle: great-circle metres between two points. */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** The point `metres` away from `from` on the given bearing (degrees), on the same sphere. */
export function destination(
  from: { lat: number; lng: number },
  metres: number,
  bearingDeg: number,
): { lat: number; lng: number } {
  const rad = Math.PI / 180;
  const d = metres / EARTH_RADIUS_M;
  const b = bearingDeg * rad;
  const lat1 = from.lat * rad;
  const lng1 = from.lng * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    lng1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: lng2 / rad };
}

/** A word no other test's data contains, to scope text searches. */
export function searchTag(): string {
  return `zq${randomBytes(4)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;
}

export interface DateSpec {
  /** The date's first slot starts this many hours from now. */
  startsInHours: number;
  /** Orders close this many hours from now (negative: already closed). */
  cutoffInHours: number;
  slots?: TimeSlot[];
  isDeleted?: boolean;
  /** Every portion of every item is taken for this date. */
  soldOut?: boolean;
}

export interface ItemSpec {
  name: string;
  description?: string;
  foodTypes?: FoodType[];
  medicalFriendly?: MedicalCategory[];
  deliveryOptions?: DeliveryOption[];
  itemStatus?: ItemStatus;
  isChefBlocked?: boolean;
  zipcodesServed?: string[];
  /** Chef prices of its pricing options (the default is one option at 8.99). */
  prices?: string[];
  pictures?: string[];
}

export interface KitchenSpec {
  lat: number;
  lng: number;
  kitchenName?: string;
  status?: PublisherStatus;
  ratingValue?: string;
  ratingCount?: number;
  country?: string;
  zipcode?: string;
  /** The chef's IANA zone (publisher and menu); none when not given. */
  timeZone?: string;
  /** More pickup locations besides the kitchen itself (which is the primary one). */
  pickups?: Array<{ lat: number; lng: number }>;
  /** The chef's RADIUS / DELIVERY_MEASUREMENT settings. */
  settings?: { radius?: number | string; measurement?: DistanceUnit };
  menu?: {
    status?: MenuStatus;
    deliveryRadius?: string | null;
    deliveryMeasurement?: DistanceUnit | null;
    deliveryZipCodes?: string[];
    name?: string;
  };
  /** Default: one date starting in 48 hours whose orders close in 24 hours, slot PM_5_7. */
  dates?: DateSpec[];
  items: ItemSpec[];
}

export interface CreatedKitchen {
  publisherId: string;
  menuId: string;
  itemIds: string[];
  spec: KitchenSpec;
}

const DEFAULT_DATES: DateSpec[] = [{ startsInHours: 48, cutoffInHours: 24 }];

/** Inserts the kitchens with everything search reads; returns their ids in the order given. */
export async function createKitchens(
  db: DataSource,
  specs: KitchenSpec[],
  now = new Date(),
): Promise<CreatedKitchen[]> {
  if (specs.length === 0) return [];
  const suffixes = specs.map(() => uniqueSuffix());
  const consumerIds = await insertIds(
    db,
    ConsumerEntity,
    specs.map((_, k) => ({
      keycloakId: `subject-${suffixes[k]}`,
      name: `Chef ${suffixes[k]}`,
      userEmail: `chef-${suffixes[k]}@example.test`,
      roles: [Role.USER, Role.CHEF],
    })),
  );
  const publisherIds = await insertIds(
    db,
    PublisherEntity,
    specs.map((s, k) => ({
      consumerId: consumerIds[k],
      kitchenName: s.kitchenName ?? `search-kitchen-${suffixes[k]}`,
      brandDisplayName: s.kitchenName ? null : `Search Kitchen ${suffixes[k]}`,
      status: s.status ?? PublisherStatus.APPROVED,
      ratingValue: s.ratingValue ?? '4.50',
      ratingCount: s.ratingCount ?? 10,
      timeZoneId: s.timeZone ?? null,
      geoLocation: point(s.lat, s.lng),
    })),
  );
  await insertIds(
    db,
    PickupLocationEntity,
    specs.flatMap((s, k) =>
      [
        { lat: s.lat, lng: s.lng, primary: true },
        ...(s.pickups ?? []).map((p) => ({ ...p, primary: false })),
      ].map((p) => ({
        publisherId: publisherIds[k],
        isPrimary: p.primary,
        address: {
          name: 'Kitchen',
          city: 'Testville',
          state: 'TS',
          country: s.country ?? 'United States',
          zipcode: s.zipcode ?? null,
          lat: p.lat.toFixed(6),
          lng: p.lng.toFixed(6),
        },
      })),
    ),
  );
  const settings = specs.flatMap((s, k) => [
    ...(s.settings?.radius !== undefined
      ? [{ publisherId: publisherIds[k], key: SettingsKey.RADIUS, value: s.settings.radius }]
      : []),
    ...(s.settings?.measurement
      ? [
          {
            publisherId: publisherIds[k],
            key: SettingsKey.DELIVERY_MEASUREMENT,
            value: s.settings.measurement,
          },
        ]
      : []),
  ]);
  if (settings.length) await db.getRepository(ChefSettingEntity).insert(settings);

  const itemRows = specs.flatMap((s, k) =>
    s.items.map((it) => ({
      publisherId: publisherIds[k],
      name: it.name,
      description: it.description ?? null,
      ...(it.foodTypes ? { foodTypes: it.foodTypes } : {}),
      ...(it.medicalFriendly ? { medicalFriendly: it.medicalFriendly } : {}),
      ...(it.deliveryOptions ? { deliveryOptions: it.deliveryOptions } : {}),
      itemStatus: it.itemStatus ?? ItemStatus.ACTIVE,
      isChefBlocked: it.isChefBlocked ?? s.status === PublisherStatus.BLOCKED,
      zipcodesServed: it.zipcodesServed ?? [],
      pictures: it.pictures ?? [],
      location: point(s.lat, s.lng),
    })),
  );
  const itemIds = await insertIds(db, ItemEntity, itemRows);
  const itemSpecs = specs.flatMap((s) => s.items);
  await db.getRepository(ItemPricingOptionEntity).insert(
    itemIds.flatMap((itemId, n) =>
      (itemSpecs[n].prices ?? ['8.99']).map((chefPrice, position) => ({
        itemId,
        chefPrice,
        position,
        measurement: 'Plate',
      })),
    ),
  );

  const menuIds = await insertIds(
    db,
    MenuEntity,
    specs.map((s, k) => ({
      publisherId: publisherIds[k],
      name: s.menu?.name ?? `Menu ${suffixes[k]}`,
      timeZone: s.timeZone ?? null,
      status: s.menu?.status ?? MenuStatus.PUBLISHED,
      deliveryRadius: s.menu?.deliveryRadius === undefined ? null : s.menu.deliveryRadius,
      deliveryMeasurement: s.menu?.deliveryMeasurement === undefined ? null : s.menu.deliveryMeasurement,
      deliveryZipCodes: s.menu?.deliveryZipCodes ?? [],
    })),
  );
  const created: CreatedKitchen[] = [];
  let next = 0;
  const menuItems: Array<{ menuId: string; itemId: string; position: number }> = [];
  const dates: Array<{
    menuId: string;
    date: string;
    timeSlots: TimeSlot[];
    startsAt: Date;
    cutoffAt: Date;
    isDeleted: boolean;
  }> = [];
  const capacity: Array<{ itemId: string; date: string; orderedCount: number; maxAllowed: number }> = [];
  specs.forEach((s, k) => {
    const ids = itemIds.slice(next, next + s.items.length);
    next += s.items.length;
    ids.forEach((itemId, position) => menuItems.push({ menuId: menuIds[k], itemId, position }));
    for (const d of s.dates ?? DEFAULT_DATES) {
      const startsAt = new Date(now.getTime() + d.startsInHours * HOUR);
      const date = startsAt.toISOString().slice(0, 10);
      dates.push({
        menuId: menuIds[k],
        date,
        timeSlots: d.slots ?? ['PM_5_7'],
        startsAt,
        cutoffAt: new Date(now.getTime() + d.cutoffInHours * HOUR),
        isDeleted: d.isDeleted ?? false,
      });
      if (d.soldOut)
        for (const itemId of ids) capacity.push({ itemId, date, orderedCount: 2, maxAllowed: 2 });
    }
    created.push({ publisherId: publisherIds[k], menuId: menuIds[k], itemIds: ids, spec: s });
  });
  if (menuItems.length) await db.getRepository(MenuItemEntity).insert(menuItems);
  if (dates.length) await db.getRepository(MenuDateEntity).insert(dates);
  if (capacity.length) await db.getRepository(ItemDateCapacityEntity).insert(capacity);
  return created;
}

async function insertIds<T extends object>(
  db: DataSource,
  entity: new () => T,
  rows: Array<Record<string, unknown>>,
): Promise<string[]> {
  const ids: string[] = [];
  // Bounded statements: PostgreSQL takes at most 65535 parameters in one.
  for (let i = 0; i < rows.length; i += 200) {
    const result = await db.getRepository(entity).insert(rows.slice(i, i + 200) as never);
    ids.push(...result.identifiers.map((r) => r.id as string));
  }
  return ids;
}

/** Saves a complete address at `at` for the customer (their search location when a search gives no place). */
export async function saveSearchAddress(
  http: Parameters<typeof request>[0],
  auth: Record<string, string>,
  at: { lat: number; lng: number },
): Promise<void> {
  await request(http)
    .post(`${API_PREFIX}/consumer/delivery/address`)
    .set(auth)
    .send({
      addressLine1: '1 Main St',
      city: 'Testville',
      state: 'KS',
      zipcode: '66002',
      country: 'United States',
      lat: at.lat,
      lng: at.lng,
    })
    .expect(201);
}
