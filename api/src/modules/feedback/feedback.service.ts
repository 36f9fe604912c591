import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource } from 'typeorm';
import { OrderStatus, ProblemType } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type {
  CreateFeedbackDto,
  FeedbackDto,
  FeedbackSearchQuery,
  OrderFeedbackDto,
} from './dto/feedback.dto.js';
import { FeedbackEntity } from './feedback.entity.js';

interface OrderRow {
  id: string;
  order_number: string;
  consumer_id: string;
  delivered: boolean;
}

interface FeedbackRow {
  id: string;
  created_at: Date;
  rating: number | null;
  message: string;
  name: string | null;
  email: string | null;
  page_url: string | null;
  consumer_id: string | null;
  order_number: string | null;
  order_id: string | null;
  total?: number;
}

/**
 * The full-text document of a feedback row. Exactly the expression of the GIN index of migration
 * 1795740000000 (an expression index serves only the same expression): change both together.
 */
const SEARCH_DOCUMENT = `to_tsvector('simple', coalesce(f.message, '') || ' ' || coalesce(f.name, '') || ' ' || coalesce(f.email, ''))`;

/**
 * Feedback (spec `feedback`, `_search/feedback`): about the site from anyone, or "Tell us how it went" on a
 * delivered order from that order's customer, once per order; admins search it. Another module (the support
 * inbox) reads the same table.
 */
@Injectable()
export class FeedbackService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(actor: Principal | undefined, dto: CreateFeedbackDto): Promise<FeedbackDto> {
    const repo = this.db.getRepository(FeedbackEntity);
    let orderId: string | null = null;
    let orderNumber: string | null = null;
    if (dto.orderNumber !== undefined) {
      if (!actor)
        throw new ProblemException(HttpStatus.UNAUTHORIZED, {
          type: ProblemType.UNAUTHORIZED,
          detail: 'Sign in to tell us how your order went.',
          message: 'error.http.401',
        });
      const order = await this.ownOrder(actor, dto.orderNumber);
      if (!order.delivered)
        throw conflict(
          `You can tell us how order ${order.order_number} went once it has been delivered.`,
          'error.feedback.not_delivered',
          { orderNumber: order.order_number },
        );
      if (dto.rating === undefined) throw badField('rating', 'Choose from 1 to 5 stars.');
      if (await repo.exists({ where: { orderId: order.id } })) throw alreadyGiven(order.order_number);
      orderId = order.id;
      orderNumber = order.order_number;
    }
    try {
      const saved = await repo.save(
        repo.create({
          consumerId: actor?.consumerId ?? null,
          // Signed in: the account's name and e-mail (what the admin replies to), not what the form said.
          name: actor ? (actor.name ?? actor.userName) : (dto.name ?? null),
          email: actor ? actor.email : (dto.email?.toLowerCase() ?? null),
          message: dto.message,
          rating: dto.rating ?? null,
          pageUrl: dto.pageUrl ?? null,
          orderId,
        }),
      );
      return mapFeedback({
        id: saved.id,
        created_at: saved.createdAt,
        rating: saved.rating,
        message: saved.message,
        name: saved.name,
        email: saved.email,
        page_url: saved.pageUrl,
        consumer_id: saved.consumerId,
        order_id: saved.orderId,
        order_number: orderNumber,
      });
    } catch (error) {
      // Two tabs sending at once: the unique index keeps one.
      const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
      if (error instanceof QueryFailedError && code === '23505' && orderNumber)
        throw alreadyGiven(orderNumber);
      throw error;
    }
  }

  /** The caller's feedback on one of their orders (null when not given yet), and whether it can be given. */
  async forOrder(actor: Principal, orderNumber: string): Promise<OrderFeedbackDto> {
    const order = await this.ownOrder(actor, orderNumber);
    const rows: FeedbackRow[] = await this.db.query(
      `SELECT f.*, $2::text AS order_number FROM feedback f WHERE f.order_id = $1`,
      [order.id, order.order_number],
    );
    return { canGive: order.delivered && rows.length === 0, feedback: rows[0] ? mapFeedback(rows[0]) : null };
  }

  /** Admins: feedback whose message, name or e-mail has the words, by stars and days; newest first. */
  async search(
    query: FeedbackSearchQuery,
    timeZone: string,
  ): Promise<{ items: FeedbackDto[]; total: number }> {
    const values: unknown[] = [];
    const where: string[] = [];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (query.query) {
      const words = param(query.query);
      const like = param(`%${query.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      // Whole words anywhere (full text), or part of an e-mail address ("priya@" finds priya@example.com).
      where.push(
        `(${SEARCH_DOCUMENT} @@ websearch_to_tsquery('simple', ${words}) OR lower(f.email) LIKE ${like})`,
      );
    }
    if (query.rating !== undefined) where.push(`f.rating = ${param(query.rating)}`);
    if (query.kind === 'SITE') where.push(`f.order_id IS NULL`);
    if (query.kind === 'ORDER') where.push(`f.order_id IS NOT NULL`);
    const tz = query.from || query.to ? param(timeZone) : '';
    if (query.from) where.push(`f.created_at >= (${param(query.from)}::date)::timestamp AT TIME ZONE ${tz}`);
    if (query.to) where.push(`f.created_at < ((${param(query.to)}::date + 1)::timestamp) AT TIME ZONE ${tz}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const direction = query.sort?.toLowerCase().endsWith(',asc') ? 'ASC' : 'DESC';
    const rows: FeedbackRow[] = await this.db.query(
      `SELECT count(*) OVER ()::int AS total, f.*, o.order_number
         FROM feedback f LEFT JOIN customer_order o ON o.id = f.order_id
         ${filter}
        ORDER BY f.created_at ${direction}, f.id
        LIMIT ${param(query.size)} OFFSET ${param(query.page * query.size)}`,
      values,
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && query.page > 0) {
      // A page past the end has no rows to carry the total.
      const [row] = (await this.db.query(
        `SELECT count(*)::int AS total FROM feedback f ${filter}`,
        values.slice(0, -2),
      )) as Array<{ total: number }>;
      total = row?.total ?? 0;
    }
    return { items: rows.map(mapFeedback), total };
  }

  /** The caller's order by number; someone else's is reported exactly like a missing one. */
  private async ownOrder(actor: Principal, orderNumber: string): Promise<OrderRow> {
    const [order]: OrderRow[] = await this.db.query(
      `SELECT o.id, o.order_number, o.consumer_id,
              EXISTS (SELECT 1 FROM ordered_cart_item l JOIN order_date_selection s ON s.ordered_cart_item_id = l.id
                       WHERE l.order_id = o.id AND s.order_status = $2) AS delivered
         FROM customer_order o WHERE o.order_number = $1`,
      [orderNumber, OrderStatus.DELIVERED],
    );
    if (!order || order.consumer_id !== actor.consumerId)
      throw notFound(`Order ${orderNumber} was not found.`, { orderNumber });
    return order;
  }
}

function alreadyGiven(orderNumber: string) {
  return conflict(
    `You have already told us how order ${orderNumber} went. Thank you!`,
    'error.feedback.duplicate',
    { orderNumber },
  );
}

function mapFeedback(r: FeedbackRow): FeedbackDto {
  return {
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    kind: r.order_id ? 'ORDER' : 'SITE',
    rating: r.rating,
    message: r.message,
    name: r.name,
    email: r.email,
    pageUrl: r.page_url,
    orderNumber: r.order_number,
    signedIn: r.consumer_id !== null,
  };
}
