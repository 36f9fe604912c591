import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DeliveryOption, TimeSlot } from '@hearth/shared';
import { prepared, runPrepared } from '../../common/database/prepared.js';
import type { StoredDate, StoredLine } from './cart-evaluator.service.js';

/** SQL of carts and their lines (cart, cart_item, cart_item_date). */
@Injectable()
export class CartRepository {
  async byConsumer(m: EntityManager, consumerId: string, lock = false): Promise<string | null> {
    const { rows } = await runPrepared<{ id: string }>(m, lock ? CART_OF_CONSUMER_LOCKED : CART_OF_CONSUMER, [
      consumerId,
    ]);
    return rows[0]?.id ?? null;
  }

  async byGuestHash(m: EntityManager, hash: string): Promise<string | null> {
    const { rows } = await runPrepared<{ id: string }>(m, CART_OF_GUEST, [hash]);
    return rows[0]?.id ?? null;
  }

  /** The consumer's cart, created when missing (safe under concurrency). */
  async ensureForConsumer(m: EntityManager, consumerId: string): Promise<string> {
    await m.query(`INSERT INTO cart (consumer_id) VALUES ($1) ON CONFLICT (consumer_id) DO NOTHING`, [
      consumerId,
    ]);
    return (await this.byConsumer(m, consumerId)) as string;
  }

  /**
   * Marks a cart changed now, which also locks its row until the caller's transaction ends: a guest cart is
   * kept GUEST_CART_LIFETIME_MS after its last change. False when the cart is gone (e.g. just expired).
   */
  async markChanged(m: EntityManager, cartId: string): Promise<boolean> {
    const [, count] = (await m.query(`UPDATE cart SET updated_at = now() WHERE id = $1`, [cartId])) as [
      unknown,
      number,
    ];
    return count > 0;
  }

  async createForGuest(m: EntityManager, hash: string): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO cart (guest_token) VALUES ($1) RETURNING id`,
      [hash],
    );
    return rows[0].id;
  }

  async countLines(m: EntityManager, cartId: string): Promise<number> {
    const { rows } = await runPrepared<{ count: number }>(m, COUNT_LINES, [cartId]);
    return rows[0]?.count ?? 0;
  }

  /** Every line of a cart with its dates, oldest line first. */
  async lines(m: EntityManager, cartId: string): Promise<StoredLine[]> {
    const rows: Array<Record<string, unknown>> = await m.query(
      `${CART_LINES_SQL('$1')} ORDER BY ci.created_at, ci.id`,
      [cartId],
    );
    return rows.map(storedLine);
  }

  async insertLine(
    m: EntityManager,
    cartId: string,
    line: Omit<StoredLine, 'id'> & { selectedPricingOption: Record<string, unknown> },
  ): Promise<string> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO cart_item (cart_id, item_id, pricing_option_id, selected_pricing_option, order_quantity, is_catering_item, temp_id, access_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        cartId,
        line.itemId,
        line.pricingOptionId,
        JSON.stringify(line.selectedPricingOption),
        line.orderQuantity,
        line.isCateringItem,
        line.tempId,
        line.accessCode ?? null,
      ],
    );
    const id = rows[0].id;
    await this.replaceDates(m, id, line.dates);
    return id;
  }

  async updateLine(
    m: EntityManager,
    line: StoredLine & { selectedPricingOption: Record<string, unknown> },
  ): Promise<void> {
    await m.query(
      `UPDATE cart_item SET pricing_option_id = $2, selected_pricing_option = $3, order_quantity = $4, is_catering_item = $5,
              access_code = $6, updated_at = now()
        WHERE id = $1`,
      [
        line.id,
        line.pricingOptionId,
        JSON.stringify(line.selectedPricingOption),
        line.orderQuantity,
        line.isCateringItem,
        line.accessCode ?? null,
      ],
    );
    await this.replaceDates(m, line.id, line.dates);
  }

  async replaceDates(m: EntityManager, cartItemId: string, dates: readonly StoredDate[]): Promise<void> {
    await m.query(`DELETE FROM cart_item_date WHERE cart_item_id = $1`, [cartItemId]);
    if (dates.length === 0) return;
    await m.query(
      `INSERT INTO cart_item_date (cart_item_id, date, time_slots, delivery_option, pickup_location_id)
       SELECT $1, d.date, d.time_slots, d.delivery_option, d.pickup_location_id
         FROM json_to_recordset($2::json) AS d(date date, time_slots text[], delivery_option text, pickup_location_id uuid)`,
      [
        cartItemId,
        JSON.stringify(
          dates.map((d) => ({
            date: d.date,
            time_slots: d.timeSlots,
            delivery_option: d.deliveryOption,
            pickup_location_id: d.pickupLocationId,
          })),
        ),
      ],
    );
  }

  async deleteLines(m: EntityManager, cartId: string, ids?: readonly string[]): Promise<number> {
    const [, count] = (
      ids
        ? await m.query(`DELETE FROM cart_item WHERE cart_id = $1 AND id = ANY($2::uuid[])`, [cartId, ids])
        : await m.query(`DELETE FROM cart_item WHERE cart_id = $1`, [cartId])
    ) as [unknown, number];
    return count;
  }
}

/**
 * The version of each line of cart `cart` (an SQL expression): a JSON array of `{ id, v }`, `v` the row version
 * (`xmin`), which every change of a line (its quantity, option or dates go with an update of the line) renews.
 */
export const CART_LINE_VERSIONS_JSON = (cart: string) =>
  `(SELECT json_agg(json_build_object('id', ci.id, 'v', ci.xmin::text)) FROM cart_item ci WHERE ci.cart_id = ${cart})`;

/**
 * Deletes lines of carts still at the versions read with {@link CART_LINE_VERSIONS_JSON}: line `ids[i]` of cart
 * `carts[i]` at version `versions[i]` (SQL expressions of a uuid[], a uuid[] and a text[]), returning the ids
 * deleted: fewer than asked when a line was changed or removed meanwhile (a concurrent writer's change is
 * re-checked after it commits) or asked twice. A CTE of a larger statement (checkout, one order or several);
 * lines added meanwhile stay.
 */
export const CART_TAKE_LINES_SQL = (carts: string, ids: string, versions: string) =>
  `DELETE FROM cart_item ci
    USING unnest(${carts}::uuid[], ${ids}::uuid[], ${versions}::text[]) AS t(cart_id, id, v)
    WHERE ci.id = t.id AND ci.cart_id = t.cart_id AND ci.xmin::text = t.v
   RETURNING ci.id`;

/** The lines of cart `cart` (an SQL expression) with their dates as JSON; rows for {@link storedLine}. */
export const CART_LINES_SQL = (cart: string) =>
  `SELECT ci.id, ci.item_id, ci.pricing_option_id, ci.order_quantity, ci.is_catering_item, ci.temp_id, ci.access_code, ci.created_at,
          coalesce(json_agg(json_build_object('date', d.date::text, 'timeSlots', d.time_slots, 'deliveryOption', d.delivery_option,
                                              'pickupLocationId', d.pickup_location_id) ORDER BY d.date)
                   FILTER (WHERE d.id IS NOT NULL), '[]') AS dates
     FROM cart_item ci
     LEFT JOIN cart_item_date d ON d.cart_item_id = ci.id
    WHERE ci.cart_id = ${cart}
    GROUP BY ci.id`;

/** The cart's lines as one JSON array, oldest line first (a column of a larger statement; `cart` as above). */
export const CART_LINES_JSON = (cart: string) =>
  `(SELECT json_agg(x ORDER BY x.created_at, x.id) FROM (${CART_LINES_SQL(cart)}) x)`;

export function storedLine(r: Record<string, unknown>): StoredLine {
  return {
    id: r.id as string,
    itemId: r.item_id as string,
    pricingOptionId: (r.pricing_option_id as string | null) ?? null,
    orderQuantity: r.order_quantity as number,
    isCateringItem: r.is_catering_item as boolean,
    tempId: (r.temp_id as string | null) ?? null,
    accessCode: (r.access_code as string | null) ?? null,
    dates: (
      r.dates as Array<{
        date: string;
        timeSlots: TimeSlot[];
        deliveryOption: DeliveryOption;
        pickupLocationId: string | null;
      }>
    ).map((d): StoredDate => ({
      date: d.date,
      timeSlots: d.timeSlots,
      deliveryOption: d.deliveryOption,
      pickupLocationId: d.pickupLocationId,
    })),
  };
}

// The cart lookups of every page's header and of checkout, prepared once per connection (common/database/prepared.ts).
const CART_OF_CONSUMER = prepared(`SELECT id FROM cart WHERE consumer_id = $1`);
const CART_OF_CONSUMER_LOCKED = prepared(`SELECT id FROM cart WHERE consumer_id = $1 FOR UPDATE`);
const CART_OF_GUEST = prepared(`SELECT id FROM cart WHERE guest_token = $1 AND consumer_id IS NULL`);
const COUNT_LINES = prepared(`SELECT count(*)::int AS count FROM cart_item WHERE cart_id = $1`);
