import {
  distanceUnitForCountry,
  MenuEndsOn,
  MenuHistoryEvent,
  MenuStatus,
  MenuType,
  RepeatUnit,
  StopOrdersType,
  TIME_SLOTS,
  type TimeSlot,
  type Weekday,
  todayIn,
} from '@hearth/shared';
import { ItemDateCapacityEntity } from '../../modules/item/item-date-capacity.entity.js';
import { ItemEntity } from '../../modules/item/item.entity.js';
import { MenuDateEntity } from '../../modules/menu/menu-date.entity.js';
import { MenuHistoryEntity } from '../../modules/menu/menu-history.entity.js';
import { MenuItemEntity } from '../../modules/menu/menu-item.entity.js';
import { MenuEntity } from '../../modules/menu/menu.entity.js';
import { weekdayOf } from '../../common/clock/calendar.js';
import { expandMenuDates, type MenuOccurrence, type MenuSchedule } from '../../modules/menu/menu-schedule.js';
import type { DemoMenu } from './demo-data.js';
import type { ItemIdsByDish } from './seed-items.js';
import type { SeededKitchen } from './seed-kitchens.js';
import { addDays, count, jsonb, type SeedContext } from './seed-context.js';

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const list = (words: string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** "Every Tuesday and Thursday, 5 PM – 7 PM." or "One day only: Lunch, 12 PM and 5 PM – 7 PM." */
function describeMenu(menu: DemoMenu): string {
  const slots = list(menu.timeSlots.map((s) => TIME_SLOTS[s].label));
  return menu.kind === 'WEEKLY'
    ? `Every ${list((menu.weekdays ?? []).map((d) => WEEKDAY_NAMES[d]))}, ${slots}.`
    : `One day only: ${slots}.`;
}

/** The first date after `today` that falls on one of the weekdays. */
function nextWeekday(today: string, weekdays: readonly Weekday[]): string {
  for (let i = 1; i <= 7; i++) {
    const date = addDays(today, i);
    if (weekdays.includes(weekdayOf(date))) return date;
  }
  return addDays(today, 1);
}

/** Delivery date of a new demo menu: the next matching weekday after today, or `daysAhead` from today, in the chef's zone. */
function firstDeliveryDate(menu: DemoMenu, today: string): string {
  return menu.kind === 'WEEKLY'
    ? nextWeekday(today, menu.weekdays ?? [])
    : addDays(today, menu.daysAhead ?? 7);
}

/** Demo menus of a kitchen, found by (publisher, name whatever the case) or created; a passed one is moved forward. */
export async function seedMenus(
  ctx: SeedContext,
  kitchen: SeededKitchen,
  items: ItemIdsByDish,
): Promise<number> {
  let menus = 0;
  for (const demo of kitchen.demo.menus) {
    const existing = await ctx.manager
      .getRepository(MenuEntity)
      .createQueryBuilder('m')
      .where('m.publisher_id = :publisherId', { publisherId: kitchen.publisherId })
      .andWhere('lower(m.name) = lower(:name)', { name: demo.name })
      .getOne();
    if (!existing) await createMenu(ctx, kitchen, demo, items);
    else if (existing.status === MenuStatus.PUBLISHED && !(await hasUpcomingDate(ctx, existing.id))) {
      await moveForward(ctx, kitchen, existing, demo);
    }
    menus += 1;
  }
  return menus;
}

async function createMenu(
  ctx: SeedContext,
  kitchen: SeededKitchen,
  demo: DemoMenu,
  items: ItemIdsByDish,
): Promise<void> {
  const zone = kitchen.timeZone;
  const weekly = demo.kind === 'WEEKLY';
  const schedule: MenuSchedule = {
    menuType: weekly ? MenuType.RECURRING : MenuType.ONETIME,
    timeZone: zone,
    deliveryDate: firstDeliveryDate(demo, todayIn(zone, ctx.now)),
    occurrence: weekly ? RepeatUnit.WEEKS : RepeatUnit.ONETIME,
    repeatsEvery: 1,
    repeatsOn: weekly ? [...(demo.weekdays ?? [])] : [],
    endsOnOrAfter: MenuEndsOn.AFTER,
    endsAfterOccurrences: weekly ? (demo.occurrences ?? 8) : 1,
    timeSlots: demo.timeSlots,
    stopOrdersType: StopOrdersType.HOURS,
    stopOrdersByDaysOrHours: demo.stopHours,
  };
  const occurrences = expandMenuDates(schedule);
  const { address } = kitchen.demo;
  const inserted = await ctx.manager.getRepository(MenuEntity).insert({
    publisherId: kitchen.publisherId,
    name: demo.name,
    description: describeMenu(demo),
    status: MenuStatus.PUBLISHED,
    isPrivate: demo.isPrivate ?? false,
    menuType: schedule.menuType,
    occurrence: schedule.occurrence,
    repeatsEvery: 1,
    repeatsOn: schedule.repeatsOn,
    endsOnOrAfter: MenuEndsOn.AFTER,
    endsAfterOccurrences: schedule.endsAfterOccurrences,
    timeZone: zone,
    deliveryDate: schedule.deliveryDate,
    endDateTime: lastSlotEnd(occurrences),
    stopOrdersType: StopOrdersType.HOURS,
    stopOrdersByDaysOrHours: demo.stopHours,
    deliveryRadius: String(kitchen.demo.deliveryRadius),
    deliveryMeasurement: distanceUnitForCountry(address.country),
    deliveryFees: kitchen.demo.deliveryFees,
    deliveryZipCodes: [address.zipcode],
    associatedAddressId: kitchen.pickupLocationId,
    countryName: address.country,
    draftCreatedDate: ctx.now,
    draftModifiedDate: ctx.now,
  });
  const menuId = inserted.identifiers[0]?.id as string;
  count(ctx, 'menu');

  const itemIds = demo.dishes.map((d) => items.get(d)).filter((id): id is string => id !== undefined);
  await ctx.manager
    .getRepository(MenuItemEntity)
    .insert(itemIds.map((itemId, position) => ({ menuId, itemId, position })));
  count(ctx, 'menu_item', itemIds.length);

  await insertDates(ctx, menuId, itemIds, occurrences);
  await ctx.manager.getRepository(MenuHistoryEntity).insert({
    menuId,
    event: MenuHistoryEvent.ITEM_ADDED,
    actorId: kitchen.chefId,
    details: {
      source: 'seed',
      status: MenuStatus.PUBLISHED,
      itemIds,
      firstDate: schedule.deliveryDate,
      dates: occurrences.length,
    },
    at: ctx.now,
  });
  count(ctx, 'menu_history');
}

async function hasUpcomingDate(ctx: SeedContext, menuId: string): Promise<boolean> {
  const rows: unknown[] = await ctx.manager.query(
    `SELECT 1 FROM menu_date WHERE menu_id = $1 AND NOT is_deleted AND cutoff_at > $2 LIMIT 1`,
    [menuId, ctx.now],
  );
  return rows.length > 0;
}

/**
 * Moves a published demo menu whose dates have all passed to upcoming dates, so an old database still
 * shows food: the schedule the menu has now (the chef may have edited it) restarts after today, its rows
 * from today on are replaced, and the move is written to its history. Past dates stay as they were.
 */
async function moveForward(
  ctx: SeedContext,
  kitchen: SeededKitchen,
  menu: MenuEntity,
  demo: DemoMenu,
): Promise<void> {
  const zone = menu.timeZone ?? kitchen.timeZone;
  const today = todayIn(zone, ctx.now);
  const [last] = await ctx.manager
    .getRepository(MenuDateEntity)
    .find({ where: { menuId: menu.id }, order: { date: 'DESC' }, take: 1 });
  const timeSlots: TimeSlot[] = last?.timeSlots.length ? last.timeSlots : demo.timeSlots;
  const oneTime = menu.menuType === MenuType.ONETIME || menu.occurrence === RepeatUnit.ONETIME;
  const deliveryDate = oneTime
    ? addDays(today, demo.daysAhead ?? 7)
    : menu.occurrence === RepeatUnit.WEEKS
      ? nextWeekday(today, menu.repeatsOn.length ? menu.repeatsOn : [weekdayOf(menu.deliveryDate ?? today)])
      : addDays(today, 1);
  // An end date moves with the start, so the menu keeps as many dates as it had.
  const shift = menu.deliveryDate ? daysBetween(menu.deliveryDate, deliveryDate) : 0;
  const endsOnDate = menu.endsOnDate ? addDays(menu.endsOnDate, shift) : null;
  const occurrences = expandMenuDates({
    menuType: menu.menuType,
    timeZone: zone,
    deliveryDate,
    occurrence: menu.occurrence,
    repeatsEvery: menu.repeatsEvery,
    repeatsOn: menu.repeatsOn,
    monthRepeatsOn: menu.monthRepeatsOn as MenuSchedule['monthRepeatsOn'],
    endsOnOrAfter: menu.endsOnOrAfter,
    endsAfterOccurrences: menu.endsAfterOccurrences,
    endsOnDate,
    timeSlots,
    stopOrdersType: menu.stopOrdersType,
    stopOrdersByDaysOrHours: menu.stopOrdersByDaysOrHours,
  });
  const itemIds = (
    await ctx.manager
      .getRepository(MenuItemEntity)
      .find({ where: { menuId: menu.id }, order: { position: 'ASC' } })
  ).map((mi) => mi.itemId);

  await ctx.manager.query(`DELETE FROM menu_date WHERE menu_id = $1 AND date >= $2`, [menu.id, today]);
  if (itemIds.length > 0) {
    // Free capacity rows of this menu's items from today on, unless orders or another menu hold them.
    await ctx.manager.query(
      `DELETE FROM item_date_capacity c
        WHERE c.item_id = ANY($1::uuid[]) AND c.date >= $2 AND c.ordered_count = 0
          AND NOT EXISTS (SELECT 1 FROM menu_date d JOIN menu_item mi ON mi.menu_id = d.menu_id
                           WHERE mi.item_id = c.item_id AND d.date = c.date AND d.menu_id <> $3 AND NOT d.is_deleted)`,
      [itemIds, today, menu.id],
    );
  }
  await ctx.manager
    .getRepository(MenuEntity)
    .update(
      { id: menu.id },
      { deliveryDate, endsOnDate, endDateTime: lastSlotEnd(occurrences), draftModifiedDate: ctx.now },
    );
  await insertDates(ctx, menu.id, itemIds, occurrences);
  await ctx.manager.getRepository(MenuHistoryEntity).insert({
    menuId: menu.id,
    event: MenuHistoryEvent.EDITED,
    actorId: null,
    details: jsonb<Record<string, unknown>>({
      source: 'seed',
      reason: 'every date had passed; moved to upcoming dates',
      from: menu.deliveryDate,
      to: deliveryDate,
      dates: occurrences.length,
    }),
    at: ctx.now,
  });
  count(ctx, 'menu_history');
  ctx.menusMoved += 1;
}

/** menu_date rows (first slot's start and cut-off) and item_date_capacity rows for each item × date. */
async function insertDates(
  ctx: SeedContext,
  menuId: string,
  itemIds: string[],
  occurrences: MenuOccurrence[],
): Promise<void> {
  const dates = occurrences.filter((o) => o.slots.length > 0);
  if (dates.length === 0) return;
  await ctx.manager.getRepository(MenuDateEntity).insert(
    dates.map((o) => ({
      menuId,
      date: o.date,
      timeSlots: o.slots.map((s) => s.slot),
      startsAt: o.slots[0]?.startsAt,
      cutoffAt: o.slots[0]?.cutoffAt,
    })),
  );
  count(ctx, 'menu_date', dates.length);
  if (itemIds.length === 0) return;

  const caps = await ctx.manager
    .getRepository(ItemEntity)
    .find({ where: itemIds.map((id) => ({ id })), select: { id: true, maxAllowedOrders: true } });
  const rows = caps.flatMap((item) =>
    dates.map((o) => ({ itemId: item.id, date: o.date, maxAllowed: item.maxAllowedOrders })),
  );
  // The same item on two menus on the same date shares one capacity row.
  const result = await ctx.manager
    .createQueryBuilder()
    .insert()
    .into(ItemDateCapacityEntity)
    .values(rows)
    .orIgnore()
    .execute();
  count(ctx, 'item_date_capacity', Array.isArray(result.raw) ? result.raw.length : 0);
}

function lastSlotEnd(occurrences: MenuOccurrence[]): Date | null {
  return occurrences.at(-1)?.slots.at(-1)?.endsAt ?? null;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
