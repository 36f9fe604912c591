import { DateTime } from 'luxon';
import { MenuStatus, MenuType, StopOrdersType, type DeliveryOption, type TimeSlot } from '@hearth/shared';
import type { DataSource } from 'typeorm';
import { ItemDateCapacityEntity } from '../../src/modules/item/item-date-capacity.entity.js';
import type { ItemEntity } from '../../src/modules/item/item.entity.js';
import { MenuDateEntity } from '../../src/modules/menu/menu-date.entity.js';
import { slotWindows } from '../../src/modules/menu/menu-schedule.js';
import { PickupLocationEntity } from '../../src/modules/publisher/pickup-location.entity.js';
import { createItem, createMenu } from './factories.js';

/*
 * Rows of a sellable item for cart and order tests: an item with one pricing option on a PUBLISHED menu,
 * live menu_date rows (starts and cut-off from the real slot rules) and item_date_capacity rows.
 */

export const CHEF_ZONE = 'America/New_York';

/** A calendar date `days` from today in the chef's zone. */
export function dayFromNow(days: number, zone = CHEF_ZONE): string {
  return DateTime.now().setZone(zone).plus({ days }).toISODate() as string;
}

export interface OfferedItemOptions {
  publisherId: string;
  name?: string;
  chefPrice?: string;
  deliveryFees?: string;
  deliveryMinimumAmount?: string;
  deliveryOptions?: DeliveryOption[];
  /** Dates offered (default: 3 and 4 days from now). */
  dates?: string[];
  timeSlots?: TimeSlot[];
  /** Portions per date (default 10). */
  maxAllowed?: number;
  orderedCount?: number;
  stopOrdersType?: StopOrdersType | null;
  stopOrdersByDaysOrHours?: number | null;
  cateringEnabled?: boolean;
  menuStatus?: MenuStatus;
}

export interface OfferedItem {
  item: ItemEntity;
  optionId: string;
  menuId: string;
  dates: string[];
}

export async function createOfferedItem(db: DataSource, o: OfferedItemOptions): Promise<OfferedItem> {
  const dates = o.dates ?? [dayFromNow(3), dayFromNow(4)];
  const timeSlots = o.timeSlots ?? (['PM_5_7', 'PM_7_9'] as TimeSlot[]);
  const item = await createItem(db, {
    publisherId: o.publisherId,
    ...(o.name ? { name: o.name } : {}),
    deliveryFees: o.deliveryFees ?? '0',
    deliveryMinimumAmount: o.deliveryMinimumAmount ?? '0',
    deliveryOptions: o.deliveryOptions ?? ['PICKUP', 'DELIVERY'],
    deliveryTimeSlots: timeSlots,
    maxAllowedOrders: o.maxAllowed ?? 10,
    pricingOption: { chefPrice: o.chefPrice ?? '8.99' },
  });
  const schedule = {
    timeZone: CHEF_ZONE,
    timeSlots,
    stopOrdersType: o.stopOrdersType === undefined ? StopOrdersType.HOURS : o.stopOrdersType,
    stopOrdersByDaysOrHours: o.stopOrdersByDaysOrHours === undefined ? 2 : o.stopOrdersByDaysOrHours,
  };
  const menu = await createMenu(db, {
    publisherId: o.publisherId,
    itemIds: [item.id],
    status: o.menuStatus ?? MenuStatus.PUBLISHED,
    menuType: MenuType.ONETIME,
    timeZone: CHEF_ZONE,
    deliveryDate: dates[0],
    stopOrdersType: schedule.stopOrdersType,
    stopOrdersByDaysOrHours: schedule.stopOrdersByDaysOrHours,
    cateringEnabled: o.cateringEnabled ?? false,
  });
  await addMenuDates(db, menu.id, item.id, dates, schedule, o.maxAllowed ?? 10, o.orderedCount ?? 0);
  return { item, optionId: item.pricingOptions[0].id, menuId: menu.id, dates };
}

/** menu_date rows for a menu, and capacity rows for an item on those dates. */
export async function addMenuDates(
  db: DataSource,
  menuId: string,
  itemId: string,
  dates: string[],
  schedule: {
    timeZone: string;
    timeSlots: TimeSlot[];
    stopOrdersType: StopOrdersType | null;
    stopOrdersByDaysOrHours: number | null;
  },
  maxAllowed = 10,
  orderedCount = 0,
): Promise<void> {
  for (const date of dates) {
    const windows = slotWindows(schedule, date);
    await db.getRepository(MenuDateEntity).insert({
      menuId,
      date,
      timeSlots: windows.map((w) => w.slot),
      startsAt: windows[0].startsAt,
      cutoffAt: windows[0].cutoffAt,
    });
  }
  await db
    .createQueryBuilder()
    .insert()
    .into(ItemDateCapacityEntity)
    .values(dates.map((date) => ({ itemId, date, maxAllowed, orderedCount })))
    .orIgnore()
    .execute();
}

/** A pickup place of a chef. */
export async function createPickupLocation(
  db: DataSource,
  publisherId: string,
  isPrimary = true,
): Promise<PickupLocationEntity> {
  const repo = db.getRepository(PickupLocationEntity);
  return repo.save(
    repo.create({
      publisherId,
      isPrimary,
      address: {
        name: 'Kitchen',
        addressLine1: '1 Test St',
        city: 'Jersey City',
        state: 'NJ',
        zipcode: '07302',
        lat: '40.716800',
        lng: '-74.033500',
      },
    }),
  );
}

export async function orderedCount(db: DataSource, itemId: string, date: string): Promise<number> {
  const [row] = await db.query(
    `SELECT ordered_count FROM item_date_capacity WHERE item_id = $1 AND date = $2`,
    [itemId, date],
  );
  return row?.ordered_count as number;
}
