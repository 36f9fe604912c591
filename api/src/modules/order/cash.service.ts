import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { dayLabel, OrderStatus, PaymentMethod, PaymentStatus } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { conflict, notFound } from '../../common/problem/problem.exception.js';
import type { CashDateDto, CashStateDto } from './dto/cash.dto.js';
import { isUuid } from './order-query.service.js';
import { overallStatus } from './order.mapper.js';

/** The reason recorded in the status history of a date marked as not collected. */
export const NO_SHOW_REASON = 'Not collected';

/**
 * How many cash dates of this customer were marked not collected since `since` (each date counts once).
 * Checkout (issue 15 item 7) stops offering cash when this reaches NO_SHOW_LIMIT within NO_SHOW_WINDOW_DAYS:
 * use {@link cashBlockedByNoShows}.
 */
export async function noShowCount(m: EntityManager, consumerId: string, since: Date): Promise<number> {
  const [{ count }]: Array<{ count: number }> = await m.query(
    `SELECT count(*)::int AS count
       FROM order_date_selection s
       JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
       JOIN customer_order o ON o.id = l.order_id
      WHERE o.consumer_id = $1 AND s.no_show_at >= $2`,
    [consumerId, since],
  );
  return count;
}

/** Whether cash is no longer offered to this customer: NO_SHOW_LIMIT no-shows within NO_SHOW_WINDOW_DAYS. */
export async function cashBlockedByNoShows(
  m: EntityManager,
  consumerId: string,
  limits: { NO_SHOW_LIMIT: number; NO_SHOW_WINDOW_DAYS: number },
  now = new Date(),
): Promise<boolean> {
  if (limits.NO_SHOW_LIMIT <= 0) return false;
  const since = new Date(now.getTime() - limits.NO_SHOW_WINDOW_DAYS * 86_400_000);
  return (await noShowCount(m, consumerId, since)) >= limits.NO_SHOW_LIMIT;
}

interface CashRow {
  id: string;
  cart_item_id: string;
  date: string;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  cash_received_at: Date | null;
  no_show_at: Date | null;
  publisher_id: string;
  /** The date has come in the kitchen's time zone. */
  day_has_come: boolean;
}

const dateDto = (r: CashRow): CashDateDto => ({
  dateSelectionId: r.id,
  cartItemId: r.cart_item_id,
  date: r.date,
  orderStatus: r.order_status,
  paymentStatus: r.payment_status,
  cashReceivedAt: r.cash_received_at ? new Date(r.cash_received_at).toISOString() : null,
  noShowAt: r.no_show_at ? new Date(r.no_show_at).toISOString() : null,
});

/**
 * Cash on pickup or delivery (spec §7 `order/cash/callback`, issue 15 item 7). The chef of the kitchen
 * records the cash received for dates of their own orders (paymentStatus COMPLETED; the order's payment is
 * complete when every live date is paid), or marks a date whose day has come as not collected: the date is
 * cancelled with the reason "Not collected" and no capacity goes back (the food was made), and the customer's
 * no-shows count against cash (cashBlockedByNoShows). Both are idempotent and lock the order like the
 * status moves do.
 */
@Injectable()
export class CashService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async received(actor: Principal, orderNumber: string, ids: readonly string[]): Promise<CashStateDto> {
    return this.db.transaction(async (m) => {
      const { orderId, rows } = await this.lockCashDates(m, actor, orderNumber, ids);
      for (const r of rows) {
        if (r.cash_received_at) continue; // recorded before: idempotent
        if (r.no_show_at)
          throw conflict(
            `${dayLabel(r.date)} was marked as not collected; it cannot also be paid.`,
            'error.order.cash_no_show',
            { dateSelectionId: r.id },
          );
        if (r.order_status === OrderStatus.CANCELLED)
          throw conflict(
            `${dayLabel(r.date)} was cancelled; there is no cash to receive for it.`,
            'error.order.cash_cancelled',
            { dateSelectionId: r.id },
          );
      }
      await m.query(
        `UPDATE order_date_selection SET cash_received_at = now(), payment_status = $2, updated_at = now()
          WHERE id = ANY($1::uuid[]) AND cash_received_at IS NULL`,
        [rows.map((r) => r.id), PaymentStatus.COMPLETED],
      );
      const paid = await this.settleOrder(m, orderId);
      const fresh = await this.selectDates(
        m,
        orderId,
        rows.map((r) => r.id),
      );
      return { orderNumber: orderNumber.toUpperCase(), dates: fresh.map(dateDto), isPaymentCompleted: paid };
    });
  }

  async noShow(
    actor: Principal,
    orderRef: string,
    cartItemId: string,
    dateRef: string,
  ): Promise<CashStateDto> {
    return this.db.transaction(async (m) => {
      const order = await this.lockOrder(m, orderRef);
      if (!order || !isUuid(cartItemId)) throw dateNotFound(orderRef, dateRef);
      const byId = isUuid(dateRef);
      if (!byId && !/^\d{4}-\d{2}-\d{2}$/.test(dateRef)) throw dateNotFound(orderRef, dateRef);
      const [r] = (await this.selectDates(m, order.id, null, {
        cartItemId,
        dateRef,
        byId,
      })) as CashRow[];
      if (!r || r.publisher_id !== actor.publisherId) throw dateNotFound(orderRef, dateRef);
      this.assertCash(order.payment_method, order.order_number);
      if (r.no_show_at) return this.state(m, order.id, order.order_number, [r.id]); // idempotent
      if (r.cash_received_at)
        throw conflict(
          `The cash for ${dayLabel(r.date)} was received; a paid date cannot be marked as not collected.`,
          'error.order.no_show_paid',
          { dateSelectionId: r.id },
        );
      if (r.order_status === OrderStatus.CANCELLED || r.order_status === OrderStatus.DELIVERED)
        throw conflict(
          `${dayLabel(r.date)} is ${r.order_status === OrderStatus.CANCELLED ? 'cancelled' : 'delivered'}; only a date still to be handed over can be marked as not collected.`,
          'error.order.no_show_status',
          { dateSelectionId: r.id, orderStatus: r.order_status },
        );
      if (!r.day_has_come)
        throw conflict(
          `${dayLabel(r.date)} has not come yet; a date can be marked as not collected from its day on.`,
          'error.order.no_show_early',
          { dateSelectionId: r.id, date: r.date },
        );
      // Cancelled with its reason, but no capacity back: the portions were made and are gone.
      await m.query(
        `UPDATE order_date_selection SET no_show_at = now(), order_status = $2, updated_at = now() WHERE id = $1`,
        [r.id, OrderStatus.CANCELLED],
      );
      await m.query(
        `INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status, reason, actor_id, at)
         SELECT $1, l.id, l.item_id, $2, $3, $4, $5, now() FROM ordered_cart_item l WHERE l.id = $6`,
        [order.id, r.id, OrderStatus.CANCELLED, NO_SHOW_REASON, actor.consumerId, r.cart_item_id],
      );
      const all: Array<{ order_status: OrderStatus }> = await m.query(
        `SELECT s.order_status FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = $1`,
        [order.id],
      );
      await m.query(`UPDATE customer_order SET order_status = $2, updated_at = now() WHERE id = $1`, [
        order.id,
        overallStatus(all.map((a) => a.order_status)),
      ]);
      // The other dates may all be paid already: the order's payment is then complete.
      await this.settleOrder(m, order.id);
      return this.state(m, order.id, order.order_number, [r.id]);
    });
  }

  /** The configured no-show limits (env), for checkout. */
  get limits(): { NO_SHOW_LIMIT: number; NO_SHOW_WINDOW_DAYS: number } {
    return {
      NO_SHOW_LIMIT: this.config.get('NO_SHOW_LIMIT', { infer: true }),
      NO_SHOW_WINDOW_DAYS: this.config.get('NO_SHOW_WINDOW_DAYS', { infer: true }),
    };
  }

  private async state(m: EntityManager, orderId: string, orderNumber: string, ids: string[]) {
    const [p]: Array<{ is_payment_completed: boolean }> = await m.query(
      `SELECT is_payment_completed FROM payment_details WHERE order_id = $1`,
      [orderId],
    );
    return {
      orderNumber,
      dates: (await this.selectDates(m, orderId, ids)).map(dateDto),
      isPaymentCompleted: p?.is_payment_completed ?? false,
    };
  }

  private async lockOrder(m: EntityManager, ref: string) {
    const rows: Array<{ id: string; order_number: string; payment_method: string | null }> = await m.query(
      `SELECT o.id, o.order_number, p.payment_method FROM customer_order o
         LEFT JOIN payment_details p ON p.order_id = o.id
        WHERE ${isUuid(ref) ? 'o.id = $1::uuid' : 'o.order_number = upper($1)'}
        FOR UPDATE OF o`,
      [ref],
    );
    return rows[0];
  }

  private async lockCashDates(
    m: EntityManager,
    actor: Principal,
    orderNumber: string,
    ids: readonly string[],
  ) {
    const order = await this.lockOrder(m, orderNumber);
    if (!order) throw notFound(`Order ${orderNumber} was not found.`, { order: orderNumber });
    const rows = await this.selectDates(m, order.id, [...ids]);
    // Another kitchen's dates, or ids of another order, read exactly like missing ones.
    const own = rows.filter((r) => r.publisher_id === actor.publisherId);
    if (own.length === 0) throw notFound(`Order ${orderNumber} was not found.`, { order: orderNumber });
    const missing = ids.filter((id) => !own.some((r) => r.id === id));
    if (missing.length > 0)
      throw notFound(`Order ${orderNumber} has no such date for your kitchen (${missing.join(', ')}).`, {
        order: orderNumber,
        dateSelectionIds: missing,
      });
    this.assertCash(order.payment_method, order.order_number);
    return { orderId: order.id, rows: own };
  }

  private assertCash(method: string | null, orderNumber: string): void {
    if (method === PaymentMethod.CASH_ON_PICKUP_DELIVERY) return;
    throw conflict(
      `Order ${orderNumber} is paid online (${method ?? 'no payment method'}), not in cash on pickup or delivery.`,
      'error.order.not_cash',
      { order: orderNumber, paymentMethod: method },
    );
  }

  private selectDates(
    m: EntityManager,
    orderId: string,
    ids: string[] | null,
    one?: { cartItemId: string; dateRef: string; byId: boolean },
  ): Promise<CashRow[]> {
    const params: unknown[] = [orderId];
    let where = '';
    if (ids) {
      params.push(ids);
      where = 'AND s.id = ANY($2::uuid[])';
    } else if (one) {
      params.push(one.cartItemId, one.dateRef);
      where = `AND l.id = $2::uuid AND ${one.byId ? 's.id = $3::uuid' : 's.date = $3::date'}`;
    }
    return m.query(
      `SELECT s.id, l.id AS cart_item_id, s.date::text AS date, s.order_status, s.payment_status,
              s.cash_received_at, s.no_show_at, l.publisher_id,
              s.date <= (now() AT TIME ZONE coalesce(p.time_zone_id, 'UTC'))::date AS day_has_come
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN publisher p ON p.id = l.publisher_id
        WHERE l.order_id = $1 ${where}
        ORDER BY s.date, s.id`,
      params,
    );
  }

  /**
   * Marks the order's payment complete when every live (not cancelled) date is paid, and at least one is:
   * a cash order whose dates were all not collected was never paid.
   */
  private async settleOrder(m: EntityManager, orderId: string): Promise<boolean> {
    const [state]: Array<{ live: number; unpaid: number }> = await m.query(
      `SELECT count(*) FILTER (WHERE s.order_status <> $2)::int AS live,
              count(*) FILTER (WHERE s.order_status <> $2 AND s.payment_status <> $3)::int AS unpaid
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
        WHERE l.order_id = $1`,
      [orderId, OrderStatus.CANCELLED, PaymentStatus.COMPLETED],
    );
    if (state.live === 0 || state.unpaid > 0) return false;
    await m.query(
      `UPDATE payment_details SET is_payment_completed = true, payment_completed_time = now(), updated_at = now()
        WHERE order_id = $1 AND NOT is_payment_completed`,
      [orderId],
    );
    return true;
  }
}

function dateNotFound(orderRef: string, dateRef: string) {
  return notFound(`Order ${orderRef} has no such date (${dateRef}) for you.`, {
    order: orderRef,
    date: dateRef,
  });
}
