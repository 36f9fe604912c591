import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  dateNetAmount,
  dateSettlement,
  DeliveryOption,
  firstTimeSlot,
  OrderActor,
  OrderStatus,
  PaymentStatus,
  ProblemType,
  Role,
  nextStatuses,
  transitionRefusal,
  type OrderedDateAmountsInput,
  type TimeSlot,
  hasRole,
  dayLabel,
} from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { type Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { portions } from '../cart/orderability.js';
import { ItemDateCapacityRepository } from '../item/item-date-capacity.repository.js';
import { ItemRepository } from '../item/item.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import { cancelDeadlines, deadlineKey } from './cancel-deadline.js';
import type { OrderDto } from './dto/order.dto.js';
import { OrderQueryService, isUuid } from './order-query.service.js';
import { OrderSettlementService } from './order-settlement.service.js';
import { overallStatus } from './order.mapper.js';
import {
  cancelMoneyWords,
  customerCancelMails,
  kitchenMoveMails,
  type SelectionMailFacts,
} from './status-mails.js';

/** The outcome of a status move. */
export interface StatusMoveResult {
  orderNumber: string;
  cartItemId: string;
  dateSelectionId: string;
  date: string;
  previousStatus: OrderStatus;
  orderStatus: OrderStatus;
  nextStatuses: OrderStatus[];
}

/** A date selection with its line, order and kitchen; the fields its e-mails need come from SelectionMailFacts. */
interface LockedSelection extends SelectionMailFacts {
  id: string;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  ordered_cart_item_id: string;
  item_id: string | null;
  publisher_id: string;
  time_zone_id: string | null;
  consumer_id: string;
}

/** The field error of a kitchen cancel without a reason. */
export const KITCHEN_CANCEL_NEEDS_REASON =
  'Say why you are cancelling: the customer reads your reason in their e-mail and on their order page.';

export const invalidTransition = (detail: string, params: Record<string, unknown>) =>
  new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.INVALID_TRANSITION,
    title: 'Invalid transition',
    detail,
    message: 'error.order.invalid_transition',
    params,
  });

/**
 * Moves date selections along the shared transition table (ADR 004): the customer cancels before the
 * cut-off, the kitchen (chef of the item, or an admin) moves forward or cancels. Each move locks the date
 * selection, records an order status change, keeps the order's overall status in step, and gives the
 * capacity back when a date is cancelled, all in one transaction. The e-mails about the move are written
 * to the outbox in that transaction and enqueued after the commit, as checkout does: a refused or rolled
 * back move sends nothing.
 */
@Injectable()
export class OrderStatusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrderQueryService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
    private readonly capacity: ItemDateCapacityRepository,
    private readonly items: ItemRepository,
    private readonly audit: AuditService,
    private readonly settlement: OrderSettlementService,
  ) {}

  async cancelByCustomer(
    actor: Principal,
    orderRef: string,
    cartItemId: string,
    dateRef: string,
    reason: string | undefined,
  ): Promise<OrderDto> {
    const { outboxIds, settle } = await this.db.transaction(async (m) => {
      const s = await this.lock(m, orderRef, cartItemId, dateRef, null);
      if (!s || s.consumer_id !== actor.consumerId) throw selectionNotFound(orderRef, dateRef);
      const refusal = transitionRefusal(s.order_status, OrderStatus.CANCELLED, {
        deliveryOption: s.delivery_option,
        actor: OrderActor.CUSTOMER,
      });
      if (refusal) throw invalidTransition(refusal, { from: s.order_status, to: OrderStatus.CANCELLED });
      const deadlines = await cancelDeadlines(m, [
        { itemId: s.item_id, date: s.date, timeSlots: s.time_slots, timeZone: s.time_zone_id },
      ]);
      const deadline = deadlines.get(deadlineKey(s.item_id, s.date));
      if (!deadline || new Date() >= deadline) {
        throw conflict(
          `${dayLabel(s.date)} can no longer be cancelled: its order cut-off has passed. Contact the chef if your plans changed.`,
          'error.order.cancel_cutoff',
          { date: s.date, cutoff: deadline?.toISOString() ?? null },
        );
      }
      const settle = await this.apply(m, s, OrderStatus.CANCELLED, actor.consumerId, reason);
      await flagRepeatedCancellations(m, actor.consumerId);
      return {
        settle,
        outboxIds: await this.outbox.stage(
          m,
          customerCancelMails(s, {
            webOrigin: this.webOrigin,
            reason,
            money: await moneyOfCancelled(m, s.id),
          }),
        ),
      };
    });
    await this.outbox.enqueue(outboxIds);
    await this.settlement.enqueue(settle);
    return this.orders.detail(actor, orderRef);
  }

  async moveByKitchen(
    actor: Principal,
    orderRef: string,
    cartItemId: string,
    itemId: string | null,
    dateRef: string,
    status: string,
    reason: string | undefined,
  ): Promise<StatusMoveResult> {
    if (!(Object.values(OrderStatus) as string[]).includes(status)) {
      throw badField('status', `status must be one of ${Object.values(OrderStatus).join(', ')}`);
    }
    const to = status as OrderStatus;
    // The customer reads the reason in their e-mail and on their order page: a kitchen never cancels silently.
    if (to === OrderStatus.CANCELLED && !reason?.trim())
      throw badField('reason', KITCHEN_CANCEL_NEEDS_REASON);
    const isAdmin = hasRole(actor, Role.ADMIN);
    const kind = isAdmin ? OrderActor.ADMIN : OrderActor.CHEF;
    const { result, outboxIds, settle } = await this.db.transaction(async (m) => {
      const s = await this.lock(m, orderRef, cartItemId, dateRef, itemId);
      // A chef sees only the date selections of their own items.
      if (!s || (!isAdmin && s.publisher_id !== actor.publisherId))
        throw selectionNotFound(orderRef, dateRef);
      const refusal = transitionRefusal(s.order_status, to, {
        deliveryOption: s.delivery_option,
        actor: kind,
      });
      if (refusal)
        throw invalidTransition(refusal, {
          from: s.order_status,
          to,
          next: nextStatuses(s.order_status, { deliveryOption: s.delivery_option, actor: kind }),
        });
      const settle = await this.apply(m, s, to, actor.consumerId, reason);
      // An admin moving someone's order is on the audit trail (S-10); a chef's moves are in the order history.
      if (isAdmin && s.publisher_id !== actor.publisherId)
        await this.audit.record(m, actor, {
          action: 'order.status',
          targetType: 'order-date',
          targetId: s.id,
          before: { orderNumber: s.order_number, status: s.order_status },
          after: { status: to, reason: reason ?? null },
        });
      const moved: StatusMoveResult = {
        orderNumber: s.order_number,
        cartItemId: s.ordered_cart_item_id,
        dateSelectionId: s.id,
        date: s.date,
        previousStatus: s.order_status,
        orderStatus: to,
        nextStatuses: nextStatuses(to, { deliveryOption: s.delivery_option, actor: kind }),
      };
      const money = to === OrderStatus.CANCELLED ? await moneyOfCancelled(m, s.id) : null;
      return {
        result: moved,
        settle,
        outboxIds: await this.outbox.stage(
          m,
          kitchenMoveMails(s, { webOrigin: this.webOrigin, to, reason, money }),
        ),
      };
    });
    await this.outbox.enqueue(outboxIds);
    await this.settlement.enqueue(settle);
    return result;
  }

  private get webOrigin(): string {
    return this.config.get('WEB_ORIGIN', { infer: true });
  }

  /** Locks one date selection of an order line, found by its id or its date, with what its e-mails say. */
  private async lock(
    m: EntityManager,
    orderRef: string,
    cartItemId: string,
    dateRef: string,
    itemId: string | null,
  ): Promise<LockedSelection | undefined> {
    if (!isUuid(cartItemId) || (itemId !== null && !isUuid(itemId))) return undefined;
    const byId = isUuid(dateRef);
    if (!byId && !/^\d{4}-\d{2}-\d{2}$/.test(dateRef)) return undefined;
    // One move per order at a time: a cancel may move the trip's delivery fee to another date of the order.
    await m.query(
      `SELECT id FROM customer_order WHERE ${isUuid(orderRef) ? 'id = $1::uuid' : 'order_number = upper($1)'} FOR UPDATE`,
      [orderRef],
    );
    const rows: LockedSelection[] = await m.query(
      `SELECT s.id, s.date::text AS date, s.time_slots, s.order_status, s.payment_status, s.delivery_option, s.ordered_cart_item_id, s.pickup_location,
              l.item_id, l.item_name, l.order_quantity, l.publisher_id, p.time_zone_id, p.kitchen_name,
              o.id AS order_id, o.order_number, o.consumer_id,
              c.user_email AS customer_email, -- the account's address, never the typed contact (S-08)
              coalesce(nullif(o.contact_details->>'name', ''), c.name) AS customer_name,
              coalesce(p.user_email, pc.user_email) AS chef_email
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
         JOIN consumer c ON c.id = o.consumer_id
         JOIN publisher p ON p.id = l.publisher_id
         JOIN consumer pc ON pc.id = p.consumer_id
        WHERE l.id = $1 AND ${isUuid(orderRef) ? 'o.id = $2::uuid' : 'o.order_number = upper($2)'}
          AND ${byId ? 's.id = $3::uuid' : 's.date = $3::date'}
          ${itemId ? 'AND l.item_id = $4' : ''}
        FOR UPDATE OF s`,
      itemId ? [cartItemId, orderRef, dateRef, itemId] : [cartItemId, orderRef, dateRef],
    );
    return rows[0];
  }

  private async apply(
    m: EntityManager,
    s: LockedSelection,
    to: OrderStatus,
    actorId: string,
    reason: string | undefined,
  ): Promise<string[]> {
    const delivered = to === OrderStatus.DELIVERED;
    // Cash is collected at hand-over: a delivered date is paid.
    await m.query(
      `UPDATE order_date_selection SET order_status = $2, payment_status = CASE WHEN $3 THEN $4 ELSE payment_status END, updated_at = now() WHERE id = $1`,
      [s.id, to, delivered, PaymentStatus.COMPLETED],
    );
    const n = portions(s.order_quantity, s.time_slots);
    if (to === OrderStatus.CANCELLED && s.item_id)
      await this.capacity.giveBack(m, { itemId: s.item_id, date: s.date, portions: n });
    if (to === OrderStatus.CANCELLED) await passOnTripFee(m, s);
    // A paid online date that is cancelled is refunded, one that is delivered pays the chef (after commit).
    const settle = await this.settlement.draftAfterMove(
      m,
      s.id,
      to,
      s.payment_status === PaymentStatus.COMPLETED,
    );
    if (delivered && s.item_id) await this.items.countDelivered(m, s.item_id, n);
    await m.query(
      `INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status, reason, actor_id, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())`,
      [s.order_id, s.ordered_cart_item_id, s.item_id, s.id, to, reason || null, actorId],
    );
    const all: Array<{ order_status: OrderStatus }> = await m.query(
      `SELECT s.order_status FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = $1`,
      [s.order_id],
    );
    const overall = overallStatus(all.map((r) => r.order_status));
    await m.query(`UPDATE customer_order SET order_status = $2, updated_at = now() WHERE id = $1`, [
      s.order_id,
      overall,
    ]);
    if (overall === OrderStatus.DELIVERED) {
      await m.query(
        `UPDATE payment_details SET is_payment_completed = true, payment_completed_time = now(), updated_at = now() WHERE order_id = $1 AND NOT is_payment_completed`,
        [s.order_id],
      );
    }
    return settle ? [settle] : [];
  }
}

/**
 * A trip (chef, date, first time slot) is charged one delivery fee, carried by one of its dates (shared
 * `priceCart`). When the date carrying it is cancelled while another date of the same trip in the order is
 * still to be delivered, the fee moves to that date: the chef still makes the trip, and the cancelled date
 * then stops costing only its items. The order's amounts keep adding up, since the fee is moved, not copied.
 * The caller holds the order's lock, so two cancels in one order cannot pass the fee to each other.
 */
async function passOnTripFee(m: EntityManager, s: LockedSelection): Promise<void> {
  if (s.delivery_option !== DeliveryOption.DELIVERY) return;
  const [own]: Array<{ has_fee: boolean }> = await m.query(
    `SELECT delivery_fee > 0 AS has_fee FROM order_date_selection WHERE id = $1`,
    [s.id],
  );
  if (!own?.has_fee) return;
  const trip: Array<{ id: string; time_slots: TimeSlot[] }> = await m.query(
    `SELECT s.id, s.time_slots
       FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
      WHERE l.order_id = $1 AND l.publisher_id = $2 AND s.date = $3::date AND s.delivery_option = $4
        AND s.order_status <> $5 AND s.id <> $6
      ORDER BY l.created_at, l.id, s.id`,
    [s.order_id, s.publisher_id, s.date, DeliveryOption.DELIVERY, OrderStatus.CANCELLED, s.id],
  );
  const first = firstTimeSlot(s.time_slots);
  const heir = trip.find((t) => firstTimeSlot(t.time_slots) === first);
  if (!heir) return;
  await m.query(
    `UPDATE order_date_selection h SET delivery_fee = h.delivery_fee + c.delivery_fee, updated_at = now()
       FROM order_date_selection c WHERE h.id = $1 AND c.id = $2`,
    [heir.id, s.id],
  );
  await m.query(`UPDATE order_date_selection SET delivery_fee = 0, updated_at = now() WHERE id = $1`, [s.id]);
}

/** The money sentence of a date just cancelled (after its trip fee may have moved on), for its e-mails. */
async function moneyOfCancelled(m: EntityManager, selectionId: string): Promise<string> {
  const [d]: Array<OrderedDateAmountsInput & { currency_code: string }> = await m.query(
    `SELECT s.order_status AS "orderStatus", s.payment_status AS "paymentStatus", s.payout_refund_status AS "payoutRefundStatus",
            s.payout_refund_amount::text AS "payoutRefundAmount", s.item_total::text AS "itemTotal", s.delivery_fee::text AS "deliveryFee",
            o.currency_code
       FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id JOIN customer_order o ON o.id = l.order_id
      WHERE s.id = $1`,
    [selectionId],
  );
  return cancelMoneyWords(
    dateSettlement(d, d.currency_code),
    dateNetAmount(d, d.currency_code),
    d.currency_code,
  );
}

function selectionNotFound(orderRef: string, dateRef: string): ProblemException {
  return notFound(`Order ${orderRef} has no such date (${dateRef}) for you.`, {
    order: orderRef,
    date: dateRef,
  });
}

/** Customer cancels within a day from which a structured warning flags the account (S-08: capacity hoarding). */
export const REPEATED_CANCELLATIONS = 5;
const cancellationLogger = new Logger('OrderCancellations');

/** Logs `order.repeated_cancellations` when the customer has cancelled REPEATED_CANCELLATIONS or more dates in 24 h. */
async function flagRepeatedCancellations(m: EntityManager, consumerId: string): Promise<void> {
  const [{ count }]: { count: number }[] = await m.query(
    `SELECT count(*)::int AS count FROM order_status_change
      WHERE actor_id = $1 AND life_cycle_status = $2 AND at > now() - interval '24 hours'`,
    [consumerId, OrderStatus.CANCELLED],
  );
  if (count >= REPEATED_CANCELLATIONS)
    cancellationLogger.warn(
      { event: 'order.repeated_cancellations', consumerId, count },
      'Repeated cancellations',
    );
}
