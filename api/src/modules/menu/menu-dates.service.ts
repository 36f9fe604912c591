import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryDeepPartialEntity } from 'typeorm';
import {
  DEFAULTS,
  MenuEndsOn,
  MenuHistoryEvent,
  MenuStatus,
  MenuType,
  todayIn,
  type MonthRepeatsOn,
  type TimeSlot,
} from '@hearth/shared';
import { ClockService } from '../../common/clock/clock.service.js';
import { MenuDateEntity } from './menu-date.entity.js';
import { MenuHistoryEntity } from './menu-history.entity.js';
import { MenuEntity } from './menu.entity.js';
import { OnScheduledJob } from '../../queue/on-scheduled-job.decorator.js';
import { ItemDateCapacityRepository } from '../item/item-date-capacity.repository.js';
import { expandAhead, expandMenuDates, type MenuOccurrence, type MenuSchedule } from './menu-schedule.js';

/** What writing a menu's dates did. */
export interface DatesWritten {
  /** Live (not deleted) dates from today on, after the write. */
  dates: string[];
  /** Dates that got a new row. */
  added: string[];
  /** Upcoming dates no longer in the schedule whose rows were removed. */
  removed: string[];
  /** Upcoming dates no longer in the schedule whose rows stay because they have orders. */
  keptWithOrders: string[];
}

/** Job name (and scheduler id) of the daily menu auto-extension on the `scheduled` queue. */
export const MENU_AUTO_EXTEND_JOB = 'menu-auto-extend';
/** Every day at 03:15 UTC; the job is idempotent, so a missed or repeated run does no harm. */
export const MENU_AUTO_EXTEND_PATTERN = '15 3 * * *';

/**
 * Turns a menu's schedule into `menu_date` rows and `item_date_capacity` rows (through their owner, the
 * item module's ItemDateCapacityRepository), and keeps auto-extended menus supplied with dates. Orders are
 * counted in `item_date_capacity.ordered_count` (the order module takes capacity there), so "a date with orders" is a date on which an item of the menu has a non-zero
 * count: such dates are never removed, and capacity is never lowered below what was ordered.
 */
@Injectable()
export class MenuDatesService {
  private readonly logger = new Logger(MenuDatesService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: ClockService,
    private readonly capacity: ItemDateCapacityRepository,
  ) {}

  /** The menu's time slots; menus from before the column (and the seed's) use their latest date's slots. */
  async timeSlotsOf(m: EntityManager, menu: MenuEntity): Promise<TimeSlot[]> {
    if (menu.deliveryTimeSlots?.length) return menu.deliveryTimeSlots;
    const [latest] = await m.find(MenuDateEntity, {
      where: { menuId: menu.id },
      order: { date: 'DESC' },
      take: 1,
    });
    return latest?.timeSlots.length
      ? latest.timeSlots
      : [...(DEFAULTS.deliveryTimeSlots as readonly TimeSlot[])];
  }

  /**
   * The dates the menu should have at `now`: an auto-extended recurring menu that ends After N keeps N
   * orderable dates ahead (its end rule does not stop it); any other menu follows its end rule.
   */
  occurrences(menu: MenuEntity, timeSlots: TimeSlot[], now: Date): MenuOccurrence[] {
    if (!menu.deliveryDate || !menu.timeZone) return [];
    const schedule: MenuSchedule = {
      menuType: menu.menuType,
      timeZone: menu.timeZone,
      deliveryDate: menu.deliveryDate,
      occurrence: menu.occurrence,
      repeatsEvery: menu.repeatsEvery,
      repeatsOn: menu.repeatsOn,
      monthRepeatsOn: menu.monthRepeatsOn as MonthRepeatsOn | null,
      endsOnOrAfter: menu.endsOnOrAfter,
      endsAfterOccurrences: menu.endsAfterOccurrences,
      endsOnDate: menu.endsOnDate,
      timeSlots,
      stopOrdersType: menu.stopOrdersType,
      stopOrdersByDaysOrHours: menu.stopOrdersByDaysOrHours,
    };
    return isAutoExtended(menu)
      ? expandAhead(schedule, now, menu.endsAfterOccurrences)
      : expandMenuDates(schedule);
  }

  /** Dates the chef took off the menu. */
  async deletedDates(m: EntityManager, menuId: string): Promise<Set<string>> {
    const rows = await m.find(MenuDateEntity, { where: { menuId, isDeleted: true }, select: { date: true } });
    return new Set(rows.map((r) => r.date));
  }

  /**
   * (Re)writes the menu's rows from today on (in its zone): new dates are added, dates whose slots or
   * cut-off changed are updated (a date the chef deleted stays deleted), dates that left the schedule are
   * removed unless they have orders, and every item of the menu gets a capacity row on every live date
   * (max_allowed = the item's maxAllowedOrders, never below what was ordered). Past rows are history and
   * stay as they are. Idempotent.
   */
  async write(
    m: EntityManager,
    menu: MenuEntity,
    occurrences: MenuOccurrence[],
    now: Date,
  ): Promise<DatesWritten> {
    const today = todayIn(menu.timeZone ?? 'UTC', now);
    const upcoming = occurrences.filter((o) => o.date >= today && o.slots.length > 0);
    const wanted = new Set(upcoming.map((o) => o.date));
    const existing = await m.find(MenuDateEntity, { where: { menuId: menu.id } });
    const had = new Set(existing.map((r) => r.date));

    const stale = existing.filter((r) => r.date >= today && !wanted.has(r.date)).map((r) => r.date);
    const withOrders = new Set(await this.datesWithOrders(m, menu.id, stale));
    const removed = stale.filter((d) => !withOrders.has(d));
    if (removed.length > 0) {
      await m.query(`DELETE FROM menu_date WHERE menu_id = $1 AND date = ANY($2::date[])`, [
        menu.id,
        removed,
      ]);
    }
    if (upcoming.length > 0) {
      await m.query(
        `INSERT INTO menu_date (menu_id, date, time_slots, starts_at, cutoff_at)
         SELECT $1, d.date, string_to_array(d.slots, ','), d.starts_at, d.cutoff_at
           FROM unnest($2::date[], $3::text[], $4::timestamptz[], $5::timestamptz[]) AS d(date, slots, starts_at, cutoff_at)
         ON CONFLICT (menu_id, date) DO UPDATE
            SET time_slots = EXCLUDED.time_slots, starts_at = EXCLUDED.starts_at, cutoff_at = EXCLUDED.cutoff_at, updated_at = now()
          WHERE (menu_date.time_slots, menu_date.starts_at, menu_date.cutoff_at)
                IS DISTINCT FROM (EXCLUDED.time_slots, EXCLUDED.starts_at, EXCLUDED.cutoff_at)`,
        [
          menu.id,
          upcoming.map((o) => o.date),
          upcoming.map((o) => o.slots.map((s) => s.slot).join(',')),
          upcoming.map((o) => o.slots[0].startsAt),
          upcoming.map((o) => o.slots[0].cutoffAt),
        ],
      );
    }
    await this.capacity.create(m, menu.id, today);
    // The menu is being published or resumed in this transaction: its dates count as live already.
    await this.releaseCapacity(m, await this.itemIdsOf(m, menu.id), today, menu.id);
    const last = upcoming.at(-1)?.slots.at(-1)?.endsAt;
    if (last && (!menu.endDateTime || last.getTime() !== menu.endDateTime.getTime())) {
      menu.endDateTime = last;
      await m.update(MenuEntity, { id: menu.id }, { endDateTime: last });
    }
    const live: Array<{ date: string }> = await m.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM menu_date WHERE menu_id = $1 AND NOT is_deleted AND date >= $2 ORDER BY date`,
      [menu.id, today],
    );
    return {
      dates: live.map((r) => r.date),
      added: upcoming.map((o) => o.date).filter((d) => !had.has(d)),
      removed,
      keptWithOrders: stale.filter((d) => withOrders.has(d)),
    };
  }

  /** Dates among `dates` on which an item of the menu has orders. */
  async datesWithOrders(m: EntityManager, menuId: string, dates: string[]): Promise<string[]> {
    if (dates.length === 0) return [];
    const rows: Array<{ date: string }> = await m.query(
      `SELECT DISTINCT to_char(c.date, 'YYYY-MM-DD') AS date
         FROM item_date_capacity c
         JOIN menu_item mi ON mi.item_id = c.item_id AND mi.menu_id = $1
        WHERE c.date = ANY($2::date[]) AND c.ordered_count > 0
        ORDER BY 1`,
      [menuId, dates],
    );
    return rows.map((r) => r.date);
  }

  /** Live dates of the menu from `today` on. */
  async liveDates(m: EntityManager, menuId: string, today: string): Promise<string[]> {
    const rows: Array<{ date: string }> = await m.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM menu_date WHERE menu_id = $1 AND NOT is_deleted AND date >= $2 ORDER BY date`,
      [menuId, today],
    );
    return rows.map((r) => r.date);
  }

  /** Frees capacity rows of these items from `from` on that nothing holds any more (see ItemDateCapacityRepository.release). */
  releaseCapacity(
    m: EntityManager,
    itemIds: string[],
    from: string,
    liveMenuId: string | null = null,
  ): Promise<void> {
    return this.capacity.release(m, itemIds, from, liveMenuId);
  }

  async itemIdsOf(m: EntityManager, menuId: string): Promise<string[]> {
    const rows: Array<{ item_id: string }> = await m.query(
      `SELECT item_id FROM menu_item WHERE menu_id = $1`,
      [menuId],
    );
    return rows.map((r) => r.item_id);
  }

  /**
   * The daily job: every published auto-extended menu gets dates up to its N-th orderable one. Each menu
   * is extended in its own transaction, with its row locked, and gets an EDITED history row when dates
   * were added; running it twice adds nothing the second time. Throws after trying every menu if any failed.
   */
  @OnScheduledJob({ name: MENU_AUTO_EXTEND_JOB, pattern: MENU_AUTO_EXTEND_PATTERN })
  async extendAutoExtending(): Promise<{ menus: number; datesAdded: number }> {
    const now = this.clock.now();
    const candidates: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM menu WHERE status = $1 AND auto_extend AND menu_type = $2 AND ends_on_or_after = $3 ORDER BY id`,
      [MenuStatus.PUBLISHED, MenuType.RECURRING, MenuEndsOn.AFTER],
    );
    let datesAdded = 0;
    const failures: string[] = [];
    for (const { id } of candidates) {
      try {
        datesAdded += await this.db.transaction(async (m) => {
          const menu = await m.findOne(MenuEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
          if (!menu || menu.status !== MenuStatus.PUBLISHED || !isAutoExtended(menu)) return 0;
          const written = await this.write(
            m,
            menu,
            this.occurrences(menu, await this.timeSlotsOf(m, menu), now),
            now,
          );
          if (written.added.length > 0) {
            await m.insert(MenuHistoryEntity, {
              menuId: menu.id,
              event: MenuHistoryEvent.EDITED,
              actorId: null,
              details: { action: 'AUTO_EXTEND', added: written.added } as QueryDeepPartialEntity<
                Record<string, unknown>
              >,
              at: now,
            });
          }
          return written.added.length;
        });
      } catch (error) {
        this.logger.error({ err: error, menuId: id }, 'Auto-extending a menu failed');
        failures.push(id);
      }
    }
    if (failures.length > 0) throw new Error(`Auto-extending failed for menus ${failures.join(', ')}`);
    return { menus: candidates.length, datesAdded };
  }
}

/** A recurring menu that ends after N occurrences and is auto-extended keeps N dates ahead. */
export function isAutoExtended(menu: Pick<MenuEntity, 'autoExtend' | 'menuType' | 'endsOnOrAfter'>): boolean {
  return menu.autoExtend && menu.menuType === MenuType.RECURRING && menu.endsOnOrAfter === MenuEndsOn.AFTER;
}
