import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PaymentStatus } from '@hearth/shared';

/** One priced date of an order, as a gateway's checkout lists it. */
export interface CheckoutDateLine {
  publisherId: string;
  kitchenName: string;
  itemName: string;
  date: string;
  quantity: number;
  unitPrice: string;
  itemTotal: string;
  deliveryFee: string;
}

/** What a gateway checkout is created from: the order as placed, read back from the database. */
export interface OrderForCheckout {
  orderId: string;
  orderNumber: string;
  consumerId: string;
  currencyCode: string;
  orderTotal: string;
  paymentMethod: string;
  gateway: string;
  contact: { name?: string; email?: string; phone?: string };
  accountEmail: string;
  holdExpiresAt: Date | null;
  isPaymentCompleted: boolean;
  paymentDetailsGenericId: string;
  checkoutUrl: string | null;
  dates: CheckoutDateLine[];
}

/**
 * The order module's side of an online checkout: reads an order for the gateway's checkout and records the
 * checkout once the gateway created it (the payment module calls the gateways; order must not import it).
 */
@Injectable()
export class OrderPaymentCheckoutService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The order (by id or number) with its live dates; null when it does not exist or is not the consumer's. */
  async forCheckout(orderRef: string, consumerId?: string): Promise<OrderForCheckout | null> {
    const byId = /^[0-9a-f-]{36}$/i.test(orderRef);
    const [o]: Array<Record<string, unknown>> = await this.db.query(
      `SELECT o.id, o.order_number, o.consumer_id, o.currency_code, o.order_total::text AS order_total,
              o.contact_details, o.payment_hold_expires_at, c.user_email,
              p.payment_method, p.gateway, p.is_payment_completed, p.payment_details_generic_id, p.checkout_url
         FROM customer_order o JOIN consumer c ON c.id = o.consumer_id
         JOIN payment_details p ON p.order_id = o.id
        WHERE ${byId ? 'o.id = $1::uuid' : 'o.order_number = upper($1)'}`,
      [orderRef],
    );
    if (!o || (consumerId && o.consumer_id !== consumerId)) return null;
    const dates: Array<Record<string, unknown>> = await this.db.query(
      `SELECT l.publisher_id, pb.kitchen_name, l.item_name, s.date::text AS date, l.order_quantity,
              l.unit_price::text AS unit_price, s.item_total::text AS item_total, s.delivery_fee::text AS delivery_fee
         FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN publisher pb ON pb.id = l.publisher_id
        WHERE l.order_id = $1 AND s.order_status <> 'CANCELLED'
        ORDER BY pb.kitchen_name, l.created_at, l.id, s.date`,
      [o.id],
    );
    return {
      orderId: o.id as string,
      orderNumber: o.order_number as string,
      consumerId: o.consumer_id as string,
      currencyCode: o.currency_code as string,
      orderTotal: o.order_total as string,
      paymentMethod: o.payment_method as string,
      gateway: o.gateway as string,
      contact: (o.contact_details as OrderForCheckout['contact'] | null) ?? {},
      accountEmail: o.user_email as string,
      holdExpiresAt: (o.payment_hold_expires_at as Date | null) ?? null,
      isPaymentCompleted: o.is_payment_completed as boolean,
      paymentDetailsGenericId: o.payment_details_generic_id as string,
      checkoutUrl: (o.checkout_url as string | null) ?? null,
      dates: dates.map((d) => ({
        publisherId: d.publisher_id as string,
        kitchenName: d.kitchen_name as string,
        itemName: d.item_name as string,
        date: d.date as string,
        quantity: d.order_quantity as number,
        unitPrice: d.unit_price as string,
        itemTotal: d.item_total as string,
        deliveryFee: d.delivery_fee as string,
      })),
    };
  }

  /**
   * Records the gateway's checkout of a held order: its id (the key callbacks find the order by), the URL the
   * customer pays at, and every unpaid date's payment INITIATED → CREATED. False when the hold was released
   * meanwhile (the caller then expires the gateway's checkout).
   */
  async recordCheckout(orderId: string, genericId: string, checkoutUrl: string): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const [held]: Array<{ id: string }> = await m.query(
        `SELECT id FROM customer_order WHERE id = $1 AND payment_hold_expires_at IS NOT NULL FOR UPDATE`,
        [orderId],
      );
      if (!held) return false;
      await m.query(
        `UPDATE payment_details SET payment_details_generic_id = $2, checkout_url = $3, failure_reason = NULL, updated_at = now()
          WHERE order_id = $1 AND NOT is_payment_completed`,
        [orderId, genericId, checkoutUrl],
      );
      await m.query(
        `UPDATE order_date_selection s SET payment_status = $2, updated_at = now()
           FROM ordered_cart_item l WHERE l.id = s.ordered_cart_item_id AND l.order_id = $1 AND s.payment_status = $3`,
        [orderId, PaymentStatus.CREATED, PaymentStatus.INITIATED],
      );
      return true;
    });
  }

  /**
   * Notes why creating the gateway's checkout failed, for the customer's "Pay now" retry; not over a checkout
   * that a concurrent attempt (a double submit) recorded meanwhile.
   */
  async recordFailure(orderId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE payment_details SET failure_reason = $2, updated_at = now()
        WHERE order_id = $1 AND NOT is_payment_completed AND checkout_url IS NULL`,
      [orderId, reason],
    );
  }
}
