import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { dayLabel, OrderMessageAuthor, OrderStatus, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict, forbidden, notFound } from '../../common/problem/problem.exception.js';
import { OutboxService, type OutgoingMail } from '../mail/outbox.service.js';
import type {
  BulkOrderMessageDto,
  BulkOrderMessageResultDto,
  OrderMessageDto,
  OrderMessagesQueryDto,
  OrderThreadDto,
  SendOrderMessageDto,
} from './dto/order-message.dto.js';
import { chefOrderMessage, customerOrderMessage } from './order-message-emails.js';
import { OrderMessageEntity } from './order-message.entity.js';
import { kitchenBoardUrl, orderStatusUrl } from './status-mails.js';

/** An order with what its messages and e-mails need. */
interface OrderRow {
  id: string;
  order_number: string;
  consumer_id: string;
  /** The account's address, never the contact typed at checkout (S-08). */
  customer_email: string | null;
  customer_name: string | null;
}

/** A line of an order with its kitchen. */
interface LineRow {
  id: string;
  publisher_id: string;
  kitchen_name: string;
  chef_email: string | null;
}

/** A message row as read back, with the date it is about. */
interface MessageRow {
  id: string;
  order_id: string;
  publisher_id: string;
  author: OrderMessageAuthor;
  message: string;
  created_at: Date;
  read_at: Date | null;
  ordered_cart_item_id: string | null;
  order_date_selection_id: string | null;
  date: string | null;
}

const ORDER_SQL = `SELECT o.id, o.order_number, o.consumer_id, c.user_email AS customer_email,
       coalesce(nullif(o.contact_details->>'name', ''), c.name) AS customer_name
  FROM customer_order o JOIN consumer c ON c.id = o.consumer_id`;

const LINES_SQL = `SELECT l.id, l.publisher_id, coalesce(nullif(p.brand_display_name, ''), p.kitchen_name) AS kitchen_name, coalesce(p.user_email, pc.user_email) AS chef_email
  FROM ordered_cart_item l
  JOIN publisher p ON p.id = l.publisher_id
  JOIN consumer pc ON pc.id = p.consumer_id
 WHERE l.order_id = $1
 ORDER BY 3, l.id`;

const MESSAGE_COLUMNS = `m.id, m.order_id, m.publisher_id, m.author, m.message, m.created_at, m.read_at,
       m.ordered_cart_item_id, m.order_date_selection_id, s.date::text AS date`;

/** A real calendar date (the pattern alone lets 2026-02-30 through, which PostgreSQL would refuse). */
function isCalendarDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/**
 * Order messages (spec §3 Order message; issue 16 item 4): a thread per order and kitchen between the chef
 * of that kitchen and the customer who ordered. The caller's side is derived from who they are: the chef of
 * a kitchen of the order writes as CHEF, the customer who placed it as CUSTOMER; anyone else reads the
 * order as missing (404) and nothing is stored. Each message is mailed to the other side through the outbox
 * in the message's transaction, so a refused message sends nothing.
 */
@Injectable()
export class OrderMessageService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  private get webOrigin(): string {
    return this.config.get('WEB_ORIGIN', { infer: true });
  }

  /** One message, from the chef of a kitchen of the order or from its customer. */
  async send(actor: Principal, dto: SendOrderMessageDto): Promise<OrderMessageDto> {
    const { result, outboxIds } = await this.db.transaction(async (m) => {
      const missing = () => notFound(`Order ${dto.orderNumber} was not found.`, { order: dto.orderNumber });
      const [order] = (await m.query(`${ORDER_SQL} WHERE o.order_number = $1`, [
        dto.orderNumber,
      ])) as OrderRow[];
      if (!order) throw missing();
      const lines = (await m.query(LINES_SQL, [order.id])) as LineRow[];
      let line = dto.cartItemId ? lines.find((l) => l.id === dto.cartItemId) : undefined;
      if (dto.cartItemId && !line) throw missing();
      let date: { id: string; date: string; time_slots: TimeSlot[] } | undefined;
      if (dto.userSelectionDateId) {
        const [row] = (await m.query(
          `SELECT s.id, s.ordered_cart_item_id, s.date::text AS date, s.time_slots
             FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
            WHERE s.id = $1 AND l.order_id = $2`,
          [dto.userSelectionDateId, order.id],
        )) as Array<{ id: string; ordered_cart_item_id: string; date: string; time_slots: TimeSlot[] }>;
        if (!row || (line && row.ordered_cart_item_id !== line.id)) throw missing();
        line = lines.find((l) => l.id === row.ordered_cart_item_id);
        date = row;
      }

      // The caller's side: the chef of the (named) kitchen first, else the customer who placed the order.
      let author: OrderMessageAuthor;
      let kitchen: LineRow;
      const own = actor.publisherId
        ? (line ? [line] : lines).find((l) => l.publisher_id === actor.publisherId)
        : undefined;
      if (own) {
        author = OrderMessageAuthor.CHEF;
        kitchen = own;
      } else if (order.consumer_id === actor.consumerId) {
        author = OrderMessageAuthor.CUSTOMER;
        const kitchens = new Set(lines.map((l) => l.publisher_id));
        if (line) kitchen = line;
        else if (kitchens.size === 1 && lines[0]) kitchen = lines[0];
        else
          throw badField(
            'cartItemId',
            'This order has dishes from several kitchens: name a line of the kitchen you write to (cartItemId).',
          );
      } else {
        throw missing();
      }

      const inserted = await m.getRepository(OrderMessageEntity).insert({
        orderId: order.id,
        orderedCartItemId: line?.id ?? null,
        orderDateSelectionId: date?.id ?? null,
        senderId: actor.consumerId,
        message: dto.message,
        author,
        publisherId: kitchen.publisher_id,
        customerId: order.consumer_id,
        readAt: null,
      });
      const id = inserted.identifiers[0]?.id as string;
      const about = { date: date?.date ?? null, timeSlots: date?.time_slots ?? null };
      const mails: OutgoingMail[] = [];
      const related = { relatedType: 'order', relatedId: order.id };
      if (author === OrderMessageAuthor.CHEF && order.customer_email)
        mails.push({
          to: order.customer_email,
          ...customerOrderMessage({
            kitchenName: kitchen.kitchen_name,
            customerName: order.customer_name,
            orderNumbers: [order.order_number],
            message: dto.message,
            about,
            statusUrls: [orderStatusUrl(this.webOrigin, order.order_number)],
          }),
          ...related,
        });
      if (author === OrderMessageAuthor.CUSTOMER && kitchen.chef_email)
        mails.push({
          to: kitchen.chef_email,
          ...chefOrderMessage({
            kitchenName: kitchen.kitchen_name,
            customerName: order.customer_name,
            orderNumber: order.order_number,
            message: dto.message,
            about,
            boardUrl: kitchenBoardUrl(this.webOrigin),
          }),
          ...related,
        });
      const [row] = (await m.query(
        `SELECT ${MESSAGE_COLUMNS} FROM order_message m
           LEFT JOIN order_date_selection s ON s.id = m.order_date_selection_id WHERE m.id = $1`,
        [id],
      )) as MessageRow[];
      return {
        result: toDto(row as MessageRow, author, kitchen.kitchen_name, order.customer_name),
        outboxIds: await this.outbox.stage(m, mails),
      };
    });
    await this.outbox.enqueue(outboxIds);
    return result;
  }

  /**
   * The chef writes to every customer with a live (not cancelled) date selection of their kitchen on one
   * date (and slot, and way of fulfilment): one message per order, one e-mail per customer, in one
   * transaction with the outbox rows.
   */
  async sendToDate(actor: Principal, dto: BulkOrderMessageDto): Promise<BulkOrderMessageResultDto> {
    const publisherId = actor.publisherId;
    if (!publisherId) throw forbidden('Only a chef with an approved kitchen can message their customers.');
    if (!isCalendarDate(dto.date)) throw badField('date', 'date must be a date such as 2026-11-27');
    const { result, outboxIds } = await this.db.transaction(async (m) => {
      const params: unknown[] = [publisherId, dto.date, OrderStatus.CANCELLED];
      let filter = '';
      if (dto.timeSlot) {
        params.push(dto.timeSlot);
        filter += ` AND $${params.length} = ANY(s.time_slots)`;
      }
      if (dto.fulfilment) {
        params.push(dto.fulfilment);
        filter += ` AND s.delivery_option = $${params.length}`;
      }
      const rows = (await m.query(
        `SELECT s.id, s.ordered_cart_item_id, s.time_slots, o.id AS order_id, o.order_number, o.consumer_id,
                c.user_email AS customer_email,
                coalesce(nullif(o.contact_details->>'name', ''), c.name) AS customer_name,
                coalesce(nullif(p.brand_display_name, ''), p.kitchen_name) AS kitchen_name
           FROM order_date_selection s
           JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
           JOIN customer_order o ON o.id = l.order_id
           JOIN consumer c ON c.id = o.consumer_id
           JOIN publisher p ON p.id = l.publisher_id
          WHERE l.publisher_id = $1 AND s.date = $2::date AND s.order_status <> $3${filter}
          ORDER BY o.order_number, s.id`,
        params,
      )) as Array<{
        id: string;
        ordered_cart_item_id: string;
        time_slots: TimeSlot[];
        order_id: string;
        order_number: string;
        consumer_id: string;
        customer_email: string | null;
        customer_name: string | null;
        kitchen_name: string;
      }>;
      if (rows.length === 0) {
        const narrowed = [
          dto.timeSlot ? (TIME_SLOTS[dto.timeSlot]?.label ?? dto.timeSlot) : null,
          dto.fulfilment ? dto.fulfilment.toLowerCase() : null,
        ].filter(Boolean);
        throw conflict(
          `Your kitchen has no live orders on ${dayLabel(dto.date)}${narrowed.length ? ` (${narrowed.join(', ')})` : ''}: nobody was messaged.`,
          'error.order.no_customers_on_date',
          { date: dto.date, timeSlot: dto.timeSlot ?? null, fulfilment: dto.fulfilment ?? null },
        );
      }
      const orderNumbers = [...new Set(rows.map((r) => r.order_number))];
      if (dto.dryRun)
        return {
          result: { sent: 0, customers: new Set(rows.map((r) => r.consumer_id)).size, orders: orderNumbers },
          outboxIds: [],
        };
      const byOrder = new Map<string, typeof rows>();
      for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
      const messages = [...byOrder.values()].map((selections) => {
        const first = selections[0]!;
        // One date selection of the order on that date: the message is about it; several: about the order.
        const single = selections.length === 1;
        return {
          orderId: first.order_id,
          orderedCartItemId: single ? first.ordered_cart_item_id : null,
          orderDateSelectionId: single ? first.id : null,
          senderId: actor.consumerId,
          message: dto.message,
          author: OrderMessageAuthor.CHEF,
          publisherId,
          customerId: first.consumer_id,
          readAt: null,
        };
      });
      await m.getRepository(OrderMessageEntity).insert(messages);

      const byCustomer = new Map<string, typeof rows>();
      for (const r of rows) byCustomer.set(r.consumer_id, [...(byCustomer.get(r.consumer_id) ?? []), r]);
      const mails: OutgoingMail[] = [];
      for (const selections of byCustomer.values()) {
        const first = selections[0]!;
        if (!first.customer_email) continue;
        const orderNumbers = [...new Set(selections.map((s) => s.order_number))];
        const slots = dto.timeSlot ? [dto.timeSlot] : [...new Set(selections.flatMap((s) => s.time_slots))];
        mails.push({
          to: first.customer_email,
          ...customerOrderMessage({
            kitchenName: first.kitchen_name,
            customerName: first.customer_name,
            orderNumbers,
            message: dto.message,
            about: { date: dto.date, timeSlots: slots },
            statusUrls: orderNumbers.map((n) => orderStatusUrl(this.webOrigin, n)),
          }),
          relatedType: 'order',
          relatedId: first.order_id,
        });
      }
      return {
        result: {
          sent: messages.length,
          customers: byCustomer.size,
          orders: orderNumbers,
        },
        outboxIds: await this.outbox.stage(m, mails),
      };
    });
    await this.outbox.enqueue(outboxIds);
    return result;
  }

  /**
   * One order's threads the caller may see (the customer: one per kitchen of the order; a chef: their
   * kitchen's), every message oldest first; reading marks the other side's messages read. Another's order
   * reads as missing (404).
   */
  async threadsOf(actor: Principal, orderNumber: string): Promise<OrderThreadDto[]> {
    const missing = () => notFound(`Order ${orderNumber} was not found.`, { order: orderNumber });
    const [order] = (await this.db.query(`${ORDER_SQL} WHERE o.order_number = $1`, [
      orderNumber,
    ])) as OrderRow[];
    if (!order) throw missing();
    const lines = (await this.db.query(LINES_SQL, [order.id])) as LineRow[];
    const kitchens = new Map<string, LineRow>();
    for (const l of lines) if (!kitchens.has(l.publisher_id)) kitchens.set(l.publisher_id, l);
    const visible = [...kitchens.values()].filter(
      (k) => order.consumer_id === actor.consumerId || k.publisher_id === actor.publisherId,
    );
    if (visible.length === 0) throw missing();
    const side = (publisherId: string) =>
      publisherId === actor.publisherId ? OrderMessageAuthor.CHEF : OrderMessageAuthor.CUSTOMER;
    const ids = visible.map((k) => k.publisher_id);
    const rows = (await this.db.query(
      `SELECT ${MESSAGE_COLUMNS} FROM order_message m
         LEFT JOIN order_date_selection s ON s.id = m.order_date_selection_id
        WHERE m.order_id = $1 AND m.publisher_id = ANY($2::uuid[])
        ORDER BY m.created_at, m.id`,
      [order.id, ids],
    )) as MessageRow[];
    await markRead(this.db.manager, order.id, ids, actor.publisherId);
    return visible.map((k) => {
      const viewer = side(k.publisher_id);
      const messages = rows
        .filter((r) => r.publisher_id === k.publisher_id)
        .map((r) => toDto(r, viewer, k.kitchen_name, order.customer_name));
      const last = messages.at(-1) ?? null;
      return {
        orderNumber: order.order_number,
        orderId: order.id,
        publisherId: k.publisher_id,
        kitchenName: k.kitchen_name,
        customerName: order.customer_name,
        viewerRole: viewer,
        unread: messages.filter((msg) => !msg.mine && !msg.readAt).length,
        lastMessageAt: last?.createdAt ?? null,
        lastMessage: last,
        messages,
      };
    });
  }

  /** The caller's threads (as customer and as chef), latest message first, with their unread counts; not marked read. */
  async recent(
    actor: Principal,
    query: OrderMessagesQueryDto,
  ): Promise<{ items: OrderThreadDto[]; total: number; unread: number }> {
    const who = `(m.customer_id = $1 OR m.publisher_id = $2::uuid)`;
    const unreadBy = `m.read_at IS NULL AND ((m.publisher_id = $2::uuid AND m.author = 'CUSTOMER')
                      OR (m.publisher_id IS DISTINCT FROM $2::uuid AND m.customer_id = $1 AND m.author = 'CHEF'))`;
    const threads = (await this.db.query(
      `SELECT m.order_id, m.publisher_id, max(m.created_at) AS last_at,
              count(*) FILTER (WHERE ${unreadBy})::int AS unread, count(*) OVER ()::int AS total
         FROM order_message m WHERE ${who}
        GROUP BY m.order_id, m.publisher_id
        ORDER BY last_at DESC, m.order_id, m.publisher_id
        LIMIT $3 OFFSET $4`,
      [actor.consumerId, actor.publisherId, query.size, query.page * query.size],
    )) as Array<{ order_id: string; publisher_id: string; unread: number; total: number }>;
    const [{ unread }] = (await this.db.query(
      `SELECT count(*)::int AS unread FROM order_message m WHERE ${who} AND ${unreadBy}`,
      [actor.consumerId, actor.publisherId],
    )) as [{ unread: number }];
    if (threads.length === 0) {
      // Past the last page the window count is missing: count the threads themselves.
      const [{ total }] = (await this.db.query(
        `SELECT count(DISTINCT (m.order_id, m.publisher_id))::int AS total FROM order_message m WHERE ${who}`,
        [actor.consumerId, actor.publisherId],
      )) as [{ total: number }];
      return { items: [], total, unread };
    }
    const facts = (await this.db.query(
      `SELECT DISTINCT ON (m.order_id, m.publisher_id) ${MESSAGE_COLUMNS}, o.order_number,
              coalesce(nullif(p.brand_display_name, ''), p.kitchen_name) AS kitchen_name,
              coalesce(nullif(o.contact_details->>'name', ''), c.name) AS customer_name
         FROM order_message m
         JOIN customer_order o ON o.id = m.order_id
         JOIN consumer c ON c.id = o.consumer_id
         JOIN publisher p ON p.id = m.publisher_id
         LEFT JOIN order_date_selection s ON s.id = m.order_date_selection_id
        WHERE (m.order_id, m.publisher_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))
        ORDER BY m.order_id, m.publisher_id, m.created_at DESC, m.id DESC`,
      [threads.map((t) => t.order_id), threads.map((t) => t.publisher_id)],
    )) as Array<MessageRow & { order_number: string; kitchen_name: string; customer_name: string | null }>;
    const byThread = new Map(facts.map((f) => [`${f.order_id}/${f.publisher_id}`, f]));
    const items = threads.flatMap((t) => {
      const f = byThread.get(`${t.order_id}/${t.publisher_id}`);
      if (!f) return [];
      const viewer =
        t.publisher_id === actor.publisherId ? OrderMessageAuthor.CHEF : OrderMessageAuthor.CUSTOMER;
      const last = toDto(f, viewer, f.kitchen_name, f.customer_name);
      return [
        {
          orderNumber: f.order_number,
          orderId: t.order_id,
          publisherId: t.publisher_id,
          kitchenName: f.kitchen_name,
          customerName: f.customer_name,
          viewerRole: viewer,
          unread: t.unread,
          lastMessageAt: last.createdAt,
          lastMessage: last,
          messages: [],
        },
      ];
    });
    return { items, total: threads[0]?.total ?? 0, unread };
  }
}

/** Marks the other side's messages of these threads of one order read. */
async function markRead(
  m: EntityManager,
  orderId: string,
  publisherIds: readonly string[],
  viewerPublisherId: string | null,
): Promise<void> {
  await m.query(
    `UPDATE order_message SET read_at = now(), updated_at = now()
      WHERE order_id = $1 AND publisher_id = ANY($2::uuid[]) AND read_at IS NULL
        AND author = CASE WHEN publisher_id = $3::uuid THEN 'CUSTOMER' ELSE 'CHEF' END`,
    [orderId, publisherIds, viewerPublisherId],
  );
}

function toDto(
  r: MessageRow,
  viewer: OrderMessageAuthor,
  kitchenName: string,
  customerName: string | null,
): OrderMessageDto {
  return {
    id: r.id,
    author: r.author,
    authorName: r.author === OrderMessageAuthor.CHEF ? kitchenName : customerName || 'Customer',
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
    cartItemId: r.ordered_cart_item_id,
    userSelectionDateId: r.order_date_selection_id,
    date: r.date,
    mine: r.author === viewer,
  };
}
