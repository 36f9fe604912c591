import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MenuAction, MenuDeleteType, MenuStatus, OrderStatus, todayIn } from '@hearth/shared';
import { ClockService } from '../../common/clock/clock.service.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, type ProblemException } from '../../common/problem/problem.exception.js';
import {
  MenuImpactAction,
  type MenuImpactDateDto,
  type MenuImpactDto,
  type MenuImpactQuery,
} from './dto/menu-impact.dto.js';
import { MenuDatesService } from './menu-dates.service.js';
import { deletionRefusal, stateRefusal } from './menu-deletion.js';
import type { MenuEntity } from './menu.entity.js';
import { MenuService } from './menu.service.js';

interface OrderCountRow {
  date: string | null;
  customers: number;
  orders: number;
  to_fulfil: number;
}

/**
 * The consequences of pausing or deleting a menu (or one date), counted before the chef confirms: who has
 * orders on the dates concerned, how many carts lose a line, and whether the change would be accepted at
 * all. Orders are counted the way ADR 008 counts "has orders" (by the menu's items on those dates, not
 * cancelled), and the refusal is the one the change itself would give (`deletionRefusal`).
 */
@Injectable()
export class MenuImpactService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly menus: MenuService,
    private readonly dates: MenuDatesService,
    private readonly clock: ClockService,
  ) {}

  async impact(actor: Principal, id: string, query: MenuImpactQuery): Promise<MenuImpactDto> {
    if (
      query.action === MenuImpactAction.PAUSE &&
      (query.deleteType !== undefined || query.date !== undefined)
    ) {
      throw badField('deleteType', 'deleteType and date go only with action=DELETE.');
    }
    const menu = await this.menus.owned(actor, id);
    const m = this.db.manager;
    const today = todayIn(menu.timeZone ?? 'UTC', this.clock.now());
    const oneDate = query.action === MenuImpactAction.DELETE && query.deleteType === MenuDeleteType.DATE;
    const dates = oneDate ? [query.date as string] : await this.dates.liveDates(m, menu.id, today);
    const refusal: ProblemException | null =
      query.action === MenuImpactAction.PAUSE
        ? stateRefusal(menu, MenuAction.PAUSE)
        : await deletionRefusal(
            m,
            this.dates,
            menu,
            { deleteType: query.deleteType, date: query.date },
            today,
          );
    const counts = await this.orderCounts(m, menu.id, dates);
    const total = counts.find((r) => r.date === null);
    const ordersByDate: MenuImpactDateDto[] = counts
      .filter((r) => r.date !== null)
      .map((r) => ({
        date: r.date as string,
        customers: r.customers,
        orders: r.orders,
        toFulfil: r.to_fulfil,
      }));
    return {
      menuId: menu.id,
      menuName: menu.name,
      status: menu.status,
      action: query.action,
      deleteType: query.action === MenuImpactAction.DELETE ? (query.deleteType ?? MenuDeleteType.ALL) : null,
      dates,
      ordersByDate,
      customers: total?.customers ?? 0,
      orders: total?.orders ?? 0,
      toFulfil: total?.to_fulfil ?? 0,
      carts: await this.cartsLosing(m, menu, dates),
      allowed: refusal === null,
      refusal: refusal?.problem.detail ?? null,
      refusalKey: refusal ? (refusal.problem.message ?? `error.http.${refusal.getStatus()}`) : null,
    };
  }

  /** Orders (not cancelled) for the menu's items on `dates`: one row per date and a total row (date null). */
  private async orderCounts(m: EntityManager, menuId: string, dates: string[]): Promise<OrderCountRow[]> {
    if (dates.length === 0) return [];
    return m.query(
      `SELECT to_char(s.date, 'YYYY-MM-DD') AS date,
              count(DISTINCT o.consumer_id)::int AS customers,
              count(DISTINCT o.id)::int AS orders,
              count(*) FILTER (WHERE s.order_status <> $4)::int AS to_fulfil
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
        WHERE l.item_id IN (SELECT item_id FROM menu_item WHERE menu_id = $1)
          AND s.date = ANY($2::date[]) AND s.order_status <> $3
        GROUP BY ROLLUP (s.date)
        ORDER BY s.date NULLS LAST`,
      [menuId, dates, OrderStatus.CANCELLED, OrderStatus.DELIVERED],
    );
  }

  /**
   * Carts that would lose a line: a dish of the menu wanted on one of `dates` that no other published menu
   * offers that day (the cart drops such a line the next time it is read). Only a published menu is in
   * anyone's cart now.
   */
  private async cartsLosing(m: EntityManager, menu: MenuEntity, dates: string[]): Promise<number> {
    if (menu.status !== MenuStatus.PUBLISHED || dates.length === 0) return 0;
    const [row]: Array<{ carts: number }> = await m.query(
      `SELECT count(DISTINCT ci.cart_id)::int AS carts
         FROM cart_item_date cd
         JOIN cart_item ci ON ci.id = cd.cart_item_id
        WHERE ci.item_id IN (SELECT item_id FROM menu_item WHERE menu_id = $1)
          AND cd.date = ANY($2::date[])
          AND NOT EXISTS (
                SELECT 1 FROM menu_item mi
                  JOIN menu mn ON mn.id = mi.menu_id AND mn.status = $3 AND mn.id <> $1
                  JOIN menu_date d ON d.menu_id = mn.id AND d.date = cd.date AND NOT d.is_deleted
                 WHERE mi.item_id = ci.item_id)`,
      [menu.id, dates, MenuStatus.PUBLISHED],
    );
    return row?.carts ?? 0;
  }
}
