import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { In, type DataSource, type Repository } from 'typeorm';
import { MenuStatus, type TimeSlot } from '@hearth/shared';
import type { ItemEntity } from '../item/item.entity.js';
import { PUBLIC_ITEM_STATUSES } from '../item/item.service.js';
import { MenuEntity } from './menu.entity.js';

/** An item offered on a date, with that date's capacity (null when no capacity row exists). */
export interface OfferedItem {
  item: ItemEntity;
  orderedCount: number;
  maxAllowed: number | null;
}

/** One live date of one published menu, with the items customers can see on it. */
export interface OfferedMenuDate {
  date: string;
  menu: MenuEntity;
  timeSlots: TimeSlot[];
  startsAt: Date;
  cutoffAt: Date;
  items: OfferedItem[];
}

/**
 * What a kitchen offers customers: live dates (not deleted) of PUBLISHED menus (private ones only when asked
 * for: the caller checked the kitchen's code), and on each the items that
 * are ACTIVE or SOLD_OUT and not blocked. Paused and deleted menus drop out the moment their status changes.
 */
@Injectable()
export class MenuCatalogService {
  constructor(
    @InjectRepository(MenuEntity) private readonly menus: Repository<MenuEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Offered dates from `from` (inclusive) to `until` (exclusive), by date, then start, then menu name. */
  async upcoming(
    publisherId: string,
    from: string,
    until: string,
    withPrivate = false,
  ): Promise<OfferedMenuDate[]> {
    const rows: Array<{
      menu_id: string;
      date: string;
      time_slots: TimeSlot[];
      starts_at: Date;
      cutoff_at: Date;
    }> = await this.db.query(
      `SELECT d.menu_id, to_char(d.date, 'YYYY-MM-DD') AS date, d.time_slots, d.starts_at, d.cutoff_at
         FROM menu_date d
         JOIN menu m ON m.id = d.menu_id
        WHERE m.publisher_id = $1 AND m.status = $2 AND NOT d.is_deleted AND d.date >= $3 AND d.date < $4
          AND ($5 OR NOT m.is_private)
        ORDER BY d.date, d.starts_at, m.name, m.id`,
      [publisherId, MenuStatus.PUBLISHED, from, until, withPrivate],
    );
    if (rows.length === 0) return [];
    const menus = await this.menus.find({
      where: { id: In([...new Set(rows.map((r) => r.menu_id))]) },
      relations: { menuItems: { item: { pricingOptions: true } } },
    });
    const byId = new Map(menus.map((m) => [m.id, m]));
    const itemIds = [...new Set(menus.flatMap((m) => m.menuItems.map((mi) => mi.itemId)))];
    const capacity: Array<{ item_id: string; date: string; ordered_count: number; max_allowed: number }> =
      itemIds.length
        ? await this.db.query(
            `SELECT item_id, to_char(date, 'YYYY-MM-DD') AS date, ordered_count, max_allowed
             FROM item_date_capacity WHERE item_id = ANY($1::uuid[]) AND date >= $2 AND date < $3`,
            [itemIds, from, until],
          )
        : [];
    const capacityOf = new Map(capacity.map((c) => [`${c.item_id}|${c.date}`, c]));
    return rows.flatMap((row) => {
      const menu = byId.get(row.menu_id);
      if (!menu) return [];
      const items = [...menu.menuItems]
        .sort((a, b) => a.position - b.position)
        .filter(
          (mi) => mi.item && PUBLIC_ITEM_STATUSES.includes(mi.item.itemStatus) && !mi.item.isChefBlocked,
        )
        .map((mi) => {
          const cap = capacityOf.get(`${mi.itemId}|${row.date}`);
          return {
            item: mi.item,
            orderedCount: cap?.ordered_count ?? 0,
            maxAllowed: cap?.max_allowed ?? null,
          };
        });
      return [
        {
          date: row.date,
          menu,
          timeSlots: row.time_slots,
          startsAt: new Date(row.starts_at),
          cutoffAt: new Date(row.cutoff_at),
          items,
        },
      ];
    });
  }
}
