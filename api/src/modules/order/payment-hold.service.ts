import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrderStatus } from '@hearth/shared';
import { portions } from '../cart/orderability.js';
import { ItemDateCapacityRepository } from '../item/item-date-capacity.repository.js';
import { OutboxService } from '../mail/outbox.service.js';

/**
 * The capacity an unpaid online order holds (issue 15 item 5).
 *
 * PLACEHOLDER written by the payment-events branch so `checkout.session.expired` compiles and is tested: the
 * checkout branch owns this file and its version replaces this one at merge. The signature is the agreed one.
 */
@Injectable()
export class PaymentHoldService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly capacity: ItemDateCapacityRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Ends the hold of an unpaid order in its own transaction: its dates are cancelled, their portions given
   * back, its waiting confirmation mails dropped. Idempotent; false when the order is paid or already released.
   * (`restoreCart` is the checkout branch's; ignored here.)
   */
  async release(orderId: string, reason: string, _options?: { restoreCart?: boolean }): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const rows: Array<{ is_payment_completed: boolean; order_status: OrderStatus }> = await m.query(
        `SELECT p.is_payment_completed, o.order_status FROM customer_order o JOIN payment_details p ON p.order_id = o.id
          WHERE o.id = $1 FOR UPDATE OF o, p`,
        [orderId],
      );
      const row = rows[0];
      if (!row || row.is_payment_completed || row.order_status === OrderStatus.CANCELLED) return false;
      const live: Array<{
        id: string;
        ordered_cart_item_id: string;
        item_id: string | null;
        date: string;
        order_quantity: number;
        time_slots: string[];
      }> = await m.query(
        `SELECT s.id, s.ordered_cart_item_id, l.item_id, to_char(s.date, 'YYYY-MM-DD') AS date, l.order_quantity, s.time_slots
             FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
            WHERE l.order_id = $1 AND s.order_status <> $2 FOR UPDATE OF s`,
        [orderId, OrderStatus.CANCELLED],
      );
      for (const s of live) {
        if (s.item_id)
          await this.capacity.giveBack(m, {
            itemId: s.item_id,
            date: s.date,
            portions: portions(s.order_quantity, s.time_slots),
          });
        await m.query(
          `INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status, reason, actor_id, at)
           VALUES ($1, $2, $3, $4, $5, $6, NULL, now())`,
          [orderId, s.ordered_cart_item_id, s.item_id, s.id, OrderStatus.CANCELLED, reason],
        );
      }
      await m.query(
        `UPDATE order_date_selection SET order_status = $2, updated_at = now()
          WHERE ordered_cart_item_id IN (SELECT id FROM ordered_cart_item WHERE order_id = $1)`,
        [orderId, OrderStatus.CANCELLED],
      );
      await m.query(
        `UPDATE customer_order SET order_status = $2, payment_hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
        [orderId, OrderStatus.CANCELLED],
      );
      await this.outbox.dropAwaitingPayment(m, orderId, reason);
      return true;
    });
  }
}
