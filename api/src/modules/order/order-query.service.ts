import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { Role, hasRole } from '@hearth/shared';
import { type Principal } from '../../common/http/principal.js';
import type { PageQueryDto } from '../../common/http/paging.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { cancelDeadlines } from './cancel-deadline.js';
import type { OrderDto } from './dto/order.dto.js';
import { OrderStatusChangeEntity } from './order-status-change.entity.js';
import { OrderEntity } from './order.entity.js';
import { mapOrder } from './order.mapper.js';

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

  /** One order by its number or id, with the timeline and status history of each date. Another's order is 404. */
  async detail(actor: Principal, ref: string): Promise<OrderDto> {
    const order = await this.visibleOrder(actor, ref);
    const changes = await this.db
      .getRepository(OrderStatusChangeEntity)
      .find({ where: { orderId: order.id }, order: { at: 'ASC', createdAt: 'ASC' } });
    const deadlines = await this.deadlines(this.db.manager, [order]);
    return mapOrder(order, { now: new Date(), deadlines, detail: { changes } });
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
