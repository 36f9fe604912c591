import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { Role, hasRole } from '@hearth/shared';
import { type Principal } from '../../common/http/principal.js';
import type { PageQueryDto } from '../../common/http/paging.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { hydrate, literal, readMany } from '../../common/database/raw-rows.js';
import { cancelDeadlines, deadlinesFrom, type CutoffRow } from './cancel-deadline.js';
import type { OrderDto } from './dto/order.dto.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { OrderStatusChangeEntity } from './order-status-change.entity.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { PaymentDetailsEntity } from './payment-details.entity.js';
import { OrderEntity } from './order.entity.js';
import { mapOrder } from './order.mapper.js';

type Row = Record<string, unknown>;

/**
 * An order's rows as the detail reads them: the order, its lines, date selections, payment details, the
 * kitchens of its lines (id, kitchen_name, consumer_id, time_zone_id), its status changes (oldest first) and the
 * cut-off of each item and date (item_id, date, cutoff).
 */
export interface OrderRows {
  order: Row;
  lines: Row[];
  dates: Row[];
  payments: Row[];
  kitchens: Row[];
  changes: Row[];
  cutoffs: Row[];
}

/**
 * The cut-off of each item and date of the order lines `lines` (a table or CTE, alias l) with their date
 * selections `selections` (alias s), where `where` holds: rows of `cutoffs` in {@link OrderRows}.
 */
export const ORDER_CUTOFFS_SQL = (lines: string, selections: string, where = 'true') =>
  `SELECT l.item_id, s.date::text AS date, max(d.cutoff_at) AS cutoff
     FROM ${lines} l
     JOIN ${selections} s ON s.ordered_cart_item_id = l.id
     JOIN menu_item mi ON mi.item_id = l.item_id
     JOIN menu_date d ON d.menu_id = mi.menu_id AND d.date = s.date
    WHERE ${where}
    GROUP BY 1, 2`;

const ORDER_RELATIONS = {
  cartItems: { dateSelections: true, publisher: true },
  paymentDetails: true,
} as const;

/** Reading orders: the customer's list and status page, and the chef's incoming date selections. */
@Injectable()
export class OrderQueryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The customer's orders, newest first. */
  async list(actor: Principal, page: PageQueryDto): Promise<{ items: OrderDto[]; total: number }> {
    const repo = this.db.getRepository(OrderEntity);
    const [ids, total] = await repo.findAndCount({
      select: { id: true },
      where: { consumerId: actor.consumerId },
      order: { orderedDate: 'DESC', id: 'DESC' },
      skip: page.page * page.size,
      take: page.size,
    });
    if (ids.length === 0) return { items: [], total };
    const orders = await repo.find({ where: { id: In(ids.map((o) => o.id)) }, relations: ORDER_RELATIONS });
    const byId = new Map(orders.map((o) => [o.id, o]));
    const sorted = ids.map((o) => byId.get(o.id)).filter((o): o is OrderEntity => Boolean(o));
    const deadlines = await this.deadlines(this.db.manager, sorted);
    const now = new Date();
    return { items: sorted.map((o) => mapOrder(o, { now, deadlines })), total };
  }

  /**
   * One order by its number or id, with the timeline and status history of each date. Another's order is 404.
   * Read in one round trip of plain statements (the order, its lines, dates, payment, kitchens, status changes
   * and cut-offs), hydrated into the entities `mapOrder` takes: it answers every checkout and every status
   * page, where TypeORM's joined query cost more CPU than the checkout itself (issue 19).
   */
  async detail(actor: Principal, ref: string): Promise<OrderDto> {
    // No order's number holds a NUL, and PostgreSQL would end the statements' text at it.
    if (ref.includes('\u0000')) throw notFound(`Order ${ref} was not found.`, { order: ref });
    const where = isUuid(ref) ? `id = ${literal(ref)}` : `order_number = ${literal(ref.toUpperCase())}`;
    const orderId = `(SELECT id FROM customer_order WHERE ${where})`;
    const [orders, lines, dates, payments, kitchens, changes, cutoffs] = (
      await readMany(this.db, [
        `SELECT * FROM customer_order WHERE ${where}`,
        `SELECT * FROM ordered_cart_item WHERE order_id = ${orderId}`,
        `SELECT s.* FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
        WHERE l.order_id = ${orderId}`,
        `SELECT * FROM payment_details WHERE order_id = ${orderId}`,
        `SELECT id, kitchen_name, consumer_id, time_zone_id FROM publisher
        WHERE id IN (SELECT publisher_id FROM ordered_cart_item WHERE order_id = ${orderId})`,
        `SELECT * FROM order_status_change WHERE order_id = ${orderId} ORDER BY at, created_at`,
        ORDER_CUTOFFS_SQL('ordered_cart_item', 'order_date_selection', `l.order_id = ${orderId}`),
      ])
    ).map((r) => r.rows as Row[]);
    const [row] = orders;
    if (!row || (row.consumer_id !== actor.consumerId && !hasRole(actor, Role.ADMIN))) {
      throw notFound(`Order ${ref} was not found.`, { order: ref });
    }
    return this.fromRows({ order: row, lines, dates, payments, kitchens, changes, cutoffs });
  }

  /**
   * The detail of an order from its rows as `detail` reads them (each table's columns by name, as pg returns
   * them): checkout answers with the rows its write returned, without reading them again.
   */
  fromRows(r: OrderRows): OrderDto {
    const { lines, dates, payments, kitchens, changes, cutoffs } = r;
    const order = hydrate(this.db, OrderEntity, r.order);
    // The kitchen of each line, as far as the answer needs it: its name, its chef (who changed a status) and zone.
    const publishers = new Map(
      kitchens.map((k) => [
        k.id as string,
        { kitchenName: k.kitchen_name, consumerId: k.consumer_id, timeZoneId: k.time_zone_id },
      ]),
    );
    order.cartItems = lines.map((l) => {
      const line = hydrate(this.db, OrderedCartItemEntity, l);
      line.publisher = publishers.get(line.publisherId) as OrderedCartItemEntity['publisher'];
      line.dateSelections = dates
        .filter((d) => d.ordered_cart_item_id === line.id)
        .map((d) => hydrate(this.db, OrderDateSelectionEntity, d));
      return line;
    });
    order.paymentDetails = payments[0] ? hydrate(this.db, PaymentDetailsEntity, payments[0]) : null;
    const deadlines = deadlinesFrom(
      cutoffs as unknown as CutoffRow[],
      order.cartItems.flatMap((l) =>
        l.dateSelections.map((s) => ({
          itemId: l.itemId,
          date: s.date,
          timeSlots: s.timeSlots,
          timeZone: (publishers.get(l.publisherId)?.timeZoneId as string | null | undefined) ?? null,
        })),
      ),
    );
    return mapOrder(order, {
      now: new Date(),
      deadlines,
      detail: {
        changes: changes.map((c) => hydrate(this.db, OrderStatusChangeEntity, c)),
      },
    });
  }

  /** The order, when the caller placed it (or is an admin); otherwise exactly like a missing order. */
  async visibleOrder(actor: Principal, ref: string): Promise<OrderEntity> {
    const where: FindOptionsWhere<OrderEntity> = isUuid(ref)
      ? { id: ref }
      : { orderNumber: ref.toUpperCase() };
    const order = await this.db.getRepository(OrderEntity).findOne({ where, relations: ORDER_RELATIONS });
    if (!order || (order.consumerId !== actor.consumerId && !hasRole(actor, Role.ADMIN))) {
      throw notFound(`Order ${ref} was not found.`, { order: ref });
    }
    return order;
  }

  async deadlines(m: EntityManager, orders: readonly OrderEntity[]): Promise<Map<string, Date>> {
    const zones: Array<{ id: string; time_zone_id: string | null }> = await m.query(
      `SELECT id, time_zone_id FROM publisher WHERE id = ANY($1::uuid[])`,
      [[...new Set(orders.flatMap((o) => o.cartItems.map((l) => l.publisherId)))]],
    );
    const zone = new Map(zones.map((z) => [z.id, z.time_zone_id]));
    return cancelDeadlines(
      m,
      orders.flatMap((o) =>
        o.cartItems.flatMap((l) =>
          l.dateSelections.map((s) => ({
            itemId: l.itemId,
            date: s.date,
            timeSlots: s.timeSlots,
            timeZone: zone.get(l.publisherId) ?? null,
          })),
        ),
      ),
    );
  }
}

export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
