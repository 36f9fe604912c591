import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderStatus, PaymentStatus } from '@hearth/shared';
import { CartRepository } from '../cart/cart.repository.js';
import { portions } from '../cart/orderability.js';
import { ItemDateCapacityRepository } from '../item/item-date-capacity.repository.js';
import { OutboxService } from '../mail/outbox.service.js';
import { overallStatus } from './order.mapper.js';

/** An order whose payment hold has run out, as the sweep finds it. */
export interface ExpiredHold {
  orderId: string;
  orderNumber: string;
  gateway: string;
  paymentDetailsGenericId: string | null;
}

/**
 * The capacity an online order holds while its payment is open (customer_order.payment_hold_expires_at).
 * Releasing a hold cancels the order's unpaid live dates and gives their portions back: a checkout that is
 * abandoned, cancelled at the gateway or left to expire must not keep a kitchen's dates off sale.
 */
@Injectable()
export class PaymentHoldService {
  private readonly logger = new Logger(PaymentHoldService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly capacity: ItemDateCapacityRepository,
    private readonly carts: CartRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Releases the order's hold in its own transaction, the order row locked: false when the order is paid,
   * has no hold (already released, or cash) or does not exist. Else its unpaid dates that are still live
   * are CANCELLED with `reason` (status-change rows, portions given back), its confirmations waiting for the
   * payment are dropped, the hold is cleared, and with `restoreCart` its lines go back into the customer's
   * cart (the customer came back from the gateway's cancel page and finds the cart as it was).
   */
  async release(orderId: string, reason: string, options?: { restoreCart?: boolean }): Promise<boolean> {
    return this.db.transaction((m) => this.releaseIn(m, orderId, reason, options?.restoreCart ?? false));
  }

  /** Orders whose hold ended before `now`, oldest first (the sweep releases them one by one). */
  async expired(now: Date, limit = 100): Promise<ExpiredHold[]> {
    const rows: Array<{
      id: string;
      order_number: string;
      gateway: string;
      payment_details_generic_id: string | null;
    }> = await this.db.query(
      `SELECT o.id, o.order_number, p.gateway, p.payment_details_generic_id
         FROM customer_order o JOIN payment_details p ON p.order_id = o.id
        WHERE o.payment_hold_expires_at < $1 AND NOT p.is_payment_completed
        ORDER BY o.payment_hold_expires_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => ({
      orderId: r.id,
      orderNumber: r.order_number,
      gateway: r.gateway,
      paymentDetailsGenericId: r.payment_details_generic_id,
    }));
  }

  private async releaseIn(
    m: EntityManager,
    orderId: string,
    reason: string,
    restoreCart: boolean,
  ): Promise<boolean> {
    const [order]: Array<{ consumer_id: string; held: boolean; paid: boolean }> = await m.query(
      `SELECT o.consumer_id, o.payment_hold_expires_at IS NOT NULL AS held, coalesce(p.is_payment_completed, false) AS paid
         FROM customer_order o LEFT JOIN payment_details p ON p.order_id = o.id
        WHERE o.id = $1 FOR UPDATE OF o`,
      [orderId],
    );
    if (!order || !order.held || order.paid) return false;

    const dates: Array<{
      id: string;
      ordered_cart_item_id: string;
      item_id: string | null;
      date: string;
      order_quantity: number;
      time_slots: string[];
    }> = await m.query(
      `SELECT s.id, s.ordered_cart_item_id, l.item_id, s.date::text AS date, l.order_quantity, s.time_slots
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
        WHERE l.order_id = $1 AND s.payment_status <> $2 AND s.order_status NOT IN ($3, $4)
        FOR UPDATE OF s`,
      [orderId, PaymentStatus.COMPLETED, OrderStatus.CANCELLED, OrderStatus.DELIVERED],
    );
    for (const d of dates) {
      if (d.item_id)
        await this.capacity.giveBack(m, {
          itemId: d.item_id,
          date: d.date,
          portions: portions(d.order_quantity, d.time_slots),
        });
    }
    if (dates.length > 0) {
      await m.query(
        `UPDATE order_date_selection SET order_status = $2, updated_at = now() WHERE id = ANY($1::uuid[])`,
        [dates.map((d) => d.id), OrderStatus.CANCELLED],
      );
      await m.query(
        `INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status, reason, actor_id, at)
         SELECT $1, d.ordered_cart_item_id, d.item_id, d.id, $3, $4, NULL, now()
           FROM json_to_recordset($2::json) AS d(id uuid, ordered_cart_item_id uuid, item_id uuid)`,
        [
          orderId,
          JSON.stringify(
            dates.map((d) => ({
              id: d.id,
              ordered_cart_item_id: d.ordered_cart_item_id,
              item_id: d.item_id,
            })),
          ),
          OrderStatus.CANCELLED,
          reason,
        ],
      );
    }
    const all: Array<{ order_status: OrderStatus }> = await m.query(
      `SELECT s.order_status FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE l.order_id = $1`,
      [orderId],
    );
    await m.query(
      `UPDATE customer_order SET order_status = $2, payment_hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
      [orderId, overallStatus(all.map((r) => r.order_status))],
    );
    await m.query(`UPDATE payment_details SET checkout_url = NULL, updated_at = now() WHERE order_id = $1`, [
      orderId,
    ]);
    await this.outbox.dropAwaitingPayment(m, orderId, reason);
    if (restoreCart) await this.restoreCart(m, orderId, order.consumer_id, new Set(dates.map((d) => d.id)));
    this.logger.log({ orderId, reason, dates: dates.length, restoreCart }, 'Payment hold released');
    return true;
  }

  /**
   * Puts the released dates back into the customer's cart as the lines they came from (item, price option,
   * quantity, dates with their time slots, delivery option and pickup place). Items deleted since are skipped;
   * the cart's own checks show anything that can no longer be bought.
   */
  private async restoreCart(
    m: EntityManager,
    orderId: string,
    consumerId: string,
    released: Set<string>,
  ): Promise<void> {
    const lines: Array<{
      item_id: string | null;
      pricing_option: Record<string, unknown>;
      order_quantity: number;
      is_catering_item: boolean;
      dates: Array<{
        id: string;
        date: string;
        timeSlots: string[];
        deliveryOption: string;
        pickupLocationId: string | null;
      }>;
    }> = await m.query(
      `SELECT l.item_id, l.pricing_option, l.order_quantity, l.is_catering_item,
              json_agg(json_build_object('id', s.id, 'date', s.date::text, 'timeSlots', s.time_slots,
                       'deliveryOption', s.delivery_option,
                       'pickupLocationId', (SELECT pl.id FROM pickup_location pl WHERE pl.id::text = s.pickup_location->>'id'))
                       ORDER BY s.date) AS dates
         FROM ordered_cart_item l JOIN order_date_selection s ON s.ordered_cart_item_id = l.id
         JOIN item i ON i.id = l.item_id
        WHERE l.order_id = $1
        GROUP BY l.id ORDER BY l.created_at, l.id`,
      [orderId],
    );
    const cartId = await this.carts.ensureForConsumer(m, consumerId);
    for (const l of lines) {
      const dates = l.dates.filter((d) => released.has(d.id));
      if (!l.item_id || dates.length === 0) continue;
      await this.carts.insertLine(m, cartId, {
        itemId: l.item_id,
        pricingOptionId: (l.pricing_option.id as string | undefined) ?? null,
        selectedPricingOption: l.pricing_option,
        orderQuantity: l.order_quantity,
        isCateringItem: l.is_catering_item,
        tempId: null,
        dates: dates.map((d) => ({
          date: d.date,
          timeSlots: d.timeSlots as never,
          deliveryOption: d.deliveryOption as never,
          pickupLocationId: d.pickupLocationId,
        })),
      });
    }
    await this.carts.markChanged(m, cartId);
  }
}
