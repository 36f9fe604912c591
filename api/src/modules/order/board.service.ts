import { HttpException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  hasRole,
  isValidTimeZone,
  OrderActor,
  OrderStatus,
  ProblemType,
  Role,
  TIME_SLOTS_BY_START,
  todayIn,
  type DeliveryOption,
  type FulfilmentList,
  type TimeSlot,
} from '@hearth/shared';
import { type Principal } from '../../common/http/principal.js';
import { forbidden } from '../../common/problem/problem.exception.js';
import { ProblemException } from '../../common/problem/problem.exception.js';
import type {
  BoardFilterDto,
  BoardGroupsDto,
  BulkItemDto,
  BulkRowResultDto,
  BulkStatusResultDto,
} from './dto/board.dto.js';
import type { FulfilmentDto } from './dto/order.dto.js';
import {
  FULFILMENT_COLUMNS,
  FULFILMENT_JOINS,
  mapFulfilment,
  type FulfilmentRow,
} from './fulfilment.mapper.js';
import { OrderStatusService } from './order-status.service.js';
import { isUuid } from './order-query.service.js';

/** The filters of one board view. */
export type BoardFilter = Pick<BoardFilterDto, 'date' | 'slot' | 'deliveryOption' | 'status'>;

/**
 * The chef's fulfilment board (issue 17): which date selections are on which tab, grouped by date → time
 * slot → pickup/delivery, read with one indexed query per page (no relations loaded), and bulk moves.
 *
 * Membership, in the kitchen's zone: Active = not cancelled, not delivered, dated today or later; Archived =
 * delivered, or any other non-cancelled date in the past; Cancelled = cancelled.
 */
@Injectable()
export class BoardService {
  private readonly log = new Logger(BoardService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly statuses: OrderStatusService,
  ) {}

  /**
   * The kitchen of the caller, and today in its zone (the caller's own zone when the kitchen has none on
   * record, as the web page shows times: one clock).
   */
  private async kitchen(
    actor: Principal,
    viewerZone: string,
  ): Promise<{ publisherId: string; today: string }> {
    if (!actor.publisherId) throw forbidden('Only a chef with an approved kitchen has orders to fulfil.');
    const [kitchen]: Array<{ time_zone_id: string | null }> = await this.db.query(
      `SELECT time_zone_id FROM publisher WHERE id = $1`,
      [actor.publisherId],
    );
    const zone =
      kitchen?.time_zone_id && isValidTimeZone(kitchen.time_zone_id) ? kitchen.time_zone_id : viewerZone;
    return { publisherId: actor.publisherId, today: todayIn(zone) };
  }

  /** The WHERE clause of a list with its filters, and its parameters ($1 kitchen, $2 today). */
  private where(list: FulfilmentList, filter: BoardFilter, publisherId: string, today: string) {
    const params: unknown[] = [publisherId, today];
    const clauses = ['s.publisher_id = $1'];
    if (list === 'active')
      clauses.push(`s.order_status NOT IN ('DELIVERED', 'CANCELLED')`, `s.date >= $2::date`);
    else if (list === 'archived')
      clauses.push(`s.order_status <> 'CANCELLED'`, `(s.order_status = 'DELIVERED' OR s.date < $2::date)`);
    else clauses.push(`s.order_status = 'CANCELLED'`, `$2::date IS NOT NULL`);
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      clauses.push(sql(params.length));
    };
    if (filter.date) add((n) => `s.date = $${n}::date`, filter.date);
    if (filter.slot) add((n) => `$${n}::text = ANY(s.time_slots)`, filter.slot);
    if (filter.deliveryOption) add((n) => `s.delivery_option = $${n}`, filter.deliveryOption);
    if (filter.status) add((n) => `s.order_status = $${n}`, filter.status);
    return { sql: clauses.join(' AND '), params };
  }

  /**
   * Soonest first on the active tab, latest first on the others; within a date by slot (by start hour),
   * pickups first. Byte-order (C) comparisons: the keys are codes, and a locale's collation costs a lot more.
   */
  private orderBy(list: FulfilmentList, slotParam: number, withRows = true): string {
    const dir = list === 'active' ? 'ASC' : 'DESC';
    const keys = `s.date ${dir}, array_position($${slotParam}::text[], s.time_slots[1]) ASC NULLS LAST,
            array_to_string(s.time_slots, ',') COLLATE "C" ASC, s.delivery_option COLLATE "C" DESC`;
    return withRows ? `${keys}, s.created_at ${dir}, s.id ${dir}` : keys;
  }

  /** One page of a list, and the count of the whole list. */
  async page(
    actor: Principal,
    list: FulfilmentList,
    filter: BoardFilter,
    page: { page: number; size: number },
    viewerZone = 'UTC',
  ): Promise<{ items: FulfilmentDto[]; total: number }> {
    const { publisherId, today } = await this.kitchen(actor, viewerZone);
    const w = this.where(list, filter, publisherId, today);
    const [rows, [count]] = await Promise.all([
      this.rows(w, list, today, page.size, page.page * page.size),
      this.db.query(
        `SELECT count(*)::int AS total FROM order_date_selection s WHERE ${w.sql}`,
        w.params,
      ) as Promise<Array<{ total: number }>>,
    ]);
    return {
      items: rows.map((r) => mapFulfilment(r, { today, actor: actorOf(actor) })),
      total: count?.total ?? 0,
    };
  }

  /** Every row of a list (the CSV), capped. */
  async all(
    actor: Principal,
    list: FulfilmentList,
    filter: BoardFilter,
    viewerZone = 'UTC',
    cap = 20_000,
  ): Promise<FulfilmentDto[]> {
    const { publisherId, today } = await this.kitchen(actor, viewerZone);
    const w = this.where(list, filter, publisherId, today);
    const rows = await this.rows(w, list, today, cap, 0);
    return rows.map((r) => mapFulfilment(r, { today, actor: actorOf(actor) }));
  }

  private rows(
    w: { sql: string; params: unknown[] },
    list: FulfilmentList,
    _today: string,
    limit: number,
    offset: number,
  ): Promise<FulfilmentRow[]> {
    const params = [...w.params, TIME_SLOTS_BY_START, limit, offset];
    const n = w.params.length;
    // The page's ids first (one index range of the kitchen's selections, a top-N sort, no join), then only
    // those rows joined to their line, order and payment, in the page's order.
    return this.db.query(
      `SELECT ${FULFILMENT_COLUMNS}
         FROM unnest(ARRAY(
                SELECT s.id FROM order_date_selection s
                 WHERE ${w.sql}
                 ORDER BY ${this.orderBy(list, n + 1)}
                 LIMIT $${n + 2} OFFSET $${n + 3})) WITH ORDINALITY AS page (id, pos)
         JOIN order_date_selection s ON s.id = page.id
         ${FULFILMENT_JOINS}
        ORDER BY page.pos`,
      params,
    );
  }

  /** The counts per date → slot → pickup/delivery over the whole list (not just a page). */
  async groups(
    actor: Principal,
    list: FulfilmentList,
    filter: BoardFilter,
    viewerZone = 'UTC',
  ): Promise<BoardGroupsDto> {
    const { publisherId, today } = await this.kitchen(actor, viewerZone);
    const w = this.where(list, filter, publisherId, today);
    const n = w.params.length;
    const rows: Array<{
      date: string;
      time_slots: TimeSlot[];
      delivery_option: DeliveryOption;
      count: number;
      portions: number;
    }> = await this.db.query(
      `SELECT s.date::text AS date, s.time_slots, s.delivery_option, count(*)::int AS count,
              coalesce(sum(l.order_quantity), 0)::int AS portions
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
        WHERE ${w.sql}
        GROUP BY s.date, s.time_slots, s.delivery_option
        ORDER BY ${this.orderBy(list, n + 1, false)}`,
      [...w.params, TIME_SLOTS_BY_START],
    );
    return {
      list,
      total: rows.reduce((t, r) => t + r.count, 0),
      groups: rows.map((r) => ({
        date: r.date,
        timeSlots: r.time_slots ?? [],
        deliveryOption: r.delivery_option,
        count: r.count,
        portions: r.portions,
      })),
    };
  }

  /**
   * Moves each named row to `status`, one transaction per row through the single move (status change row,
   * the customer's timeline and e-mails, settlement, the admin audit). A row of another kitchen, or one that
   * does not exist, is refused as not found and never moved; a move the table forbids is refused with why.
   */
  async bulkMove(
    actor: Principal,
    items: readonly BulkItemDto[],
    status: OrderStatus,
    reason: string | undefined,
  ): Promise<BulkStatusResultDto> {
    const isAdmin = hasRole(actor, Role.ADMIN);
    if (!isAdmin && !actor.publisherId)
      throw forbidden('Only a chef with an approved kitchen has orders to fulfil.');
    const ids = [...new Set(items.map((i) => i.dateSelectionId).filter(isUuid))];
    const found: Array<{
      id: string;
      order_number: string;
      cart_item_id: string;
      item_id: string | null;
      publisher_id: string;
      order_status: OrderStatus;
    }> = ids.length
      ? await this.db.query(
          `SELECT s.id, o.order_number, l.id AS cart_item_id, l.item_id, l.publisher_id, s.order_status
             FROM order_date_selection s
             JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
             JOIN customer_order o ON o.id = l.order_id
            WHERE s.id = ANY($1::uuid[])`,
          [ids],
        )
      : [];
    const byId = new Map(found.map((f) => [f.id, f]));
    const seen = new Set<string>();
    const results: BulkRowResultDto[] = [];
    for (const item of items) {
      const ref = item.dateSelectionId;
      const row = byId.get(ref);
      const visible =
        row &&
        (isAdmin || row.publisher_id === actor.publisherId) &&
        (!item.orderNumber || item.orderNumber.toUpperCase() === row.order_number);
      if (!row || !visible) {
        results.push(
          refusedRow(ref, null, null, 404, ProblemType.NOT_FOUND, `Order date ${ref} was not found.`),
        );
        continue;
      }
      if (seen.has(ref)) {
        results.push(
          refusedRow(
            ref,
            row.order_number,
            null,
            409,
            ProblemType.CONFLICT,
            'This row was named twice; moved once.',
          ),
        );
        continue;
      }
      seen.add(ref);
      try {
        const moved = await this.statuses.moveByKitchen(
          actor,
          row.order_number,
          row.cart_item_id,
          row.item_id,
          row.id,
          status,
          reason,
        );
        results.push({
          ref,
          outcome: 'moved',
          orderNumber: moved.orderNumber,
          from: moved.previousStatus,
          to: moved.orderStatus,
          problemStatus: null,
          problemType: null,
          reason: null,
        });
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        const problem = error instanceof ProblemException ? error.problem : null;
        const field = problem?.fieldErrors?.[0]?.message;
        this.log.debug(`bulk move of ${ref} refused: ${error.message}`);
        results.push(
          refusedRow(
            ref,
            row.order_number,
            row.order_status,
            error.getStatus(),
            problem?.type ?? null,
            field ?? problem?.detail ?? error.message,
          ),
        );
      }
    }
    const moved = results.filter((r) => r.outcome === 'moved').length;
    return { status, moved, refused: results.length - moved, results };
  }
}

function refusedRow(
  ref: string,
  orderNumber: string | null,
  from: OrderStatus | null,
  problemStatus: number,
  problemType: string | null,
  reason: string,
): BulkRowResultDto {
  return { ref, outcome: 'refused', orderNumber, from, to: null, problemStatus, problemType, reason };
}

/** Who moves the date next in the shared transition table: a chef acts as the kitchen, else an admin. */
function actorOf(actor: Principal): OrderActor {
  return hasRole(actor, Role.CHEF) ? OrderActor.CHEF : OrderActor.ADMIN;
}
