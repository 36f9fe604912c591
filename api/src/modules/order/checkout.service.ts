import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import {
  computePaymentAmounts,
  DEFAULT_PLATFORM_FEE_RATE,
  DeliveryOption,
  fromMinor,
  gatewayOf,
  MenuStatus,
  OrderStatus,
  PaymentGateway,
  PaymentMethod,
  PaymentStatus,
  sumMinor,
  type PaymentAmounts,
} from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict } from '../../common/problem/problem.exception.js';
import {
  evaluateLines,
  type CartEvaluation,
  type LiveLine,
  type StoredDate,
} from '../cart/cart-evaluator.service.js';
import { CART_EMPTY_SQL, CART_LINES_JSON, CartRepository, storedLine } from '../cart/cart.repository.js';
import { soldOut } from '../cart/cart.service.js';
import { capacityKey, CART_DATES, CART_SNAPSHOT_COLUMNS, snapshotOf } from '../cart/catalog.reader.js';
import { capacityMessage, portions } from '../cart/orderability.js';
import { ItemDateCapacityRepository, mergeClaims } from '../item/item-date-capacity.repository.js';
import { prepared, runPrepared } from '../../common/database/prepared.js';
import { addressColumns } from '../consumer/address.mapper.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { OUTBOX_INSERT_SQL, OutboxService, outboxRows } from '../mail/outbox.service.js';
import {
  EARLIER_PORTIONS_SQL,
  OPEN_ORDERS_SQL,
  refuseOverLimits,
  type EarlierPortions,
} from './checkout-limits.js';
import { confirmationMails } from './confirmation-mails.js';
import type { CheckoutDto } from './dto/checkout.dto.js';
import { newOrderNumber } from './order-number.js';
import { orderStatusUrl } from './status-mails.js';

/** What the payment module needs to decide whether the chosen method may pay for this cart. */
export interface CheckoutCart {
  consumerId: string;
  currencyCode: string;
  /** The re-priced order total, a decimal string in `currencyCode`. */
  orderTotal: string;
  /** The kitchens (publisher ids) of the cart, each once. */
  publisherIds: string[];
}

export interface CheckoutOptions {
  /**
   * Refuses the chosen payment method for this cart by throwing (inside the checkout transaction, on the
   * re-priced cart). Given by the payment module, which knows the gateways and the kitchens' accounts; without
   * it only cash is accepted.
   */
  vetMethod?: (m: EntityManager, cart: CheckoutCart) => Promise<void>;
}

export interface PlacedOrder {
  orderId: string;
  /** False when the idempotency key named an order placed before (a double submit). */
  created: boolean;
  /** The gateway of a new order (`cash` needs no gateway checkout); absent for an earlier order. */
  gateway?: PaymentGateway;
}

const PRUNE_WORDS: Record<string, string> = {
  PAST_DATE: 'is for a date that has passed',
  NO_PRICING_OPTION: 'has no price option any more',
  NO_DATES: 'has no date',
  NO_TIME_SLOT: 'has a date without a time slot',
  INVALID_DATE: 'has a date that is not valid',
  MISSING_ITEM_ID: 'is no longer available',
};

/**
 * Places the signed-in customer's cart as one order, in one transaction that trusts nothing the browser
 * priced: see `placeIn` for the steps. A double submit (same idempotency key) returns the first order.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly carts: CartRepository,
    private readonly capacity: ItemDateCapacityRepository,
    private readonly consumers: ConsumerService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async place(
    actor: Principal,
    dto: CheckoutDto,
    timeZone: string,
    options: CheckoutOptions = {},
  ): Promise<PlacedOrder> {
    if (!options.vetMethod && dto.paymentMethod !== PaymentMethod.CASH_ON_PICKUP_DELIVERY) {
      throw badField(
        'paymentMethod',
        'Only cash on pickup/delivery (CASH_ON_PICKUP_DELIVERY) can be used for now.',
      );
    }
    if (dto.deliveryAddressId) {
      // A replay answers with the first order even when the saved address has gone since.
      const earlier = await this.byKey(this.db.manager, actor, dto.idempotencyKey);
      if (earlier) return earlier;
    }
    const address = await this.deliveryAddress(actor, dto);

    for (let attempt = 1; ; attempt++) {
      try {
        const placed = await this.db.transaction((m) =>
          this.placeIn(m, actor, dto, address, timeZone, options),
        );
        if (placed.created) await this.outbox.enqueue(placed.outboxIds);
        return { orderId: placed.orderId, created: placed.created, gateway: placed.gateway };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'uq_customer_order_idempotency_key') {
          const first = await this.byKey(this.db.manager, actor, dto.idempotencyKey);
          if (first) return first;
        }
        // A new order number that happened to exist already: draw another one.
        if (constraint === 'uq_customer_order_order_number' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * The checkout transaction, in five statements besides the payment method's check and the commit:
   * 1. lock the customer's cart row (one checkout per customer at a time; a second submit waits here and
   *    then finds the first order by its idempotency key);
   * 2. in one statement, read an earlier order with the idempotency key, every line, item, price, menu
   *    date, cut-off, pickup place and capacity row of the cart, the customer's open orders and earlier
   *    portions and the kitchens' fee rates; price it with the shared rules (nothing the browser sent is a
   *    price);
   * 3. refuse what can no longer be bought, an invalid cart (delivery minimum), a mixed-currency cart and
   *    an order beyond the customer's caps (open orders, portions per kitchen and date: checkout-limits.ts);
   * 4. write the order, its lines (snapshots) and the payment details (platform fee per kitchen) in one
   *    statement; one date selection per line and date (PLACED, INITIATED), a PLACED status change each,
   *    the emptying of the cart and the confirmation e-mails to the outbox in a second (the selections'
   *    kitchen comes from their line by a trigger, so the lines must exist before);
   * 5. last, take the capacity with one conditional UPDATE for all its items and dates, so the hot
   *    capacity rows are locked only for the final moments of the transaction. If any is short, the error
   *    rolls back everything: nothing is taken and no order exists.
   */
  private async placeIn(
    m: EntityManager,
    actor: Principal,
    dto: CheckoutDto,
    address: Record<string, unknown> | null,
    timeZone: string,
    options: CheckoutOptions,
  ): Promise<PlacedOrder & { outboxIds: string[] }> {
    const cartId = await this.carts.byConsumer(m, actor.consumerId, true);
    // After the lock, in a statement of its own: its snapshot then sees an order committed by a double
    // submit that held the lock before us.
    const {
      rows: [read],
    } = await runPrepared(m, CHECKOUT_READ_SQL, [
      cartId,
      MenuStatus.PUBLISHED,
      dto.idempotencyKey,
      actor.consumerId,
      OrderStatus.DELIVERED,
      OrderStatus.CANCELLED,
    ]);
    const earlier = read.earlier as { id: string; consumer_id: string } | null;
    if (earlier) return { ...this.earlierOrder(actor, earlier), outboxIds: [] };
    const lines = ((read.lines as Array<Record<string, unknown>> | null) ?? []).map(storedLine);
    if (!cartId || lines.length === 0) throw conflict('Your cart is empty.', 'error.cart.empty');

    const now = new Date();
    const e = evaluateLines(lines, snapshotOf(read), { timeZone, now });
    this.refuseUnbuyable(e);
    refuseOverLimits(
      actor.consumerId,
      e,
      read.open as number,
      (read.earlier_portions as EarlierPortions[] | null) ?? [],
    );
    const currency = e.pricing.totals[0].currencyCode;
    await options.vetMethod?.(m, {
      consumerId: actor.consumerId,
      currencyCode: currency,
      orderTotal: fromMinor(e.pricing.totals[0].cartTotal, currency),
      publisherIds: [...new Set(e.live.map((l) => l.item.publisherId))],
    });
    // An online method: the order holds its capacity until the payment completes or the hold ends
    // (payment-hold.service.ts), and its confirmations wait for the payment.
    const gateway = gatewayOf(dto.paymentMethod);
    const online = gateway !== PaymentGateway.CASH;
    const needsAddress = e.live.some((l) =>
      l.dates.some((d) => d.deliveryOption === DeliveryOption.DELIVERY),
    );
    if (needsAddress && !address)
      throw badField(
        'deliveryAddressId',
        'Choose a delivery address (or give a new one) for the items to be delivered.',
      );
    const pickupFor = this.pickupPlaces(e, dto);

    const rates = new Map(
      ((read.fee_rates as Array<{ publisher_id: string; percentage: string }> | null) ?? []).map((r) => [
        r.publisher_id,
        r.percentage,
      ]),
    );
    const payment = this.payment(e, currency, rates);
    const orderNumber = newOrderNumber();
    const total = e.pricing.totals[0].cartTotal;
    // Ids are drawn here, so that one statement can write rows that refer to each other.
    const orderId = randomUUID();
    const lineIds = e.live.map(() => randomUUID());
    const holdExpiresAt = online
      ? new Date(now.getTime() + this.config.get('PAYMENT_HOLD_MINUTES', { infer: true }) * 60_000)
      : null;
    const orderLines = e.pricing.lines.map((p) => {
      const l = e.live[p.index];
      return {
        id: lineIds[p.index],
        item_id: l.itemId,
        publisher_id: l.item.publisherId,
        item_name: l.item.name,
        pricing_option: {
          id: l.option.id,
          measurement: l.option.measurement,
          quantity: l.option.quantity,
          chefPrice: l.option.chefPrice,
          serves: l.option.serves,
        },
        unit_price: l.option.chefPrice,
        order_quantity: l.orderQuantity,
        item_total: fromMinor(p.itemTotal, currency),
        item_price_per_date: fromMinor(p.perDate[0]?.itemTotal ?? 0, currency),
        net_amount_per_date: fromMinor(p.perDate[0]?.netAmount ?? 0, currency),
        distributed_fees: fromMinor(p.distributedFees, currency),
        net_amount: fromMinor(p.netAmount, currency),
        vs_fees: rates.get(l.item.publisherId) ?? DEFAULT_PLATFORM_FEE_RATE,
        is_catering_item: l.isCateringItem,
      };
    });
    const selections = e.live.flatMap((l, i) =>
      l.dates.map((d, j) => ({
        id: randomUUID(),
        ordered_cart_item_id: lineIds[i],
        item_id: l.itemId,
        date: d.date,
        time_slots: d.timeSlots,
        item_total: fromMinor(e.pricing.lines[i].perDate[j].itemTotal, currency),
        delivery_fee: fromMinor(e.pricing.lines[i].perDate[j].deliveryFee, currency),
        delivery_option: d.deliveryOption,
        pickup_location: d.deliveryOption === DeliveryOption.PICKUP ? (pickupFor(l, d) ?? null) : null,
      })),
    );
    await runPrepared(m, WRITE_ORDER_SQL, [
      orderId,
      orderNumber,
      actor.consumerId,
      fromMinor(total, currency),
      currency,
      now,
      JSON.stringify({ name: dto.contact.name, email: dto.contact.email, phone: dto.contact.phone }),
      needsAddress ? JSON.stringify(address) : null,
      OrderStatus.PLACED,
      dto.note || null,
      dto.idempotencyKey,
      holdExpiresAt,
      JSON.stringify(orderLines),
      dto.paymentMethod,
      gateway,
      // Online: replaced by the gateway's checkout id once it exists (order-payment-checkout.service.ts).
      online ? `pending:${orderNumber}` : `cash:${orderNumber}`,
      // As the seed's demo orders record it: PICKUP or DELIVERY (both when the order mixes them).
      JSON.stringify({
        collectedOn: [...new Set(selections.map((s) => s.delivery_option))].sort().join(' and '),
      }),
      fromMinor(payment.amounts.transactionFees, currency),
      fromMinor(payment.amounts.grossAmount, currency),
      fromMinor(payment.amounts.netAmount, currency),
      fromMinor(payment.amounts.vsFees, currency),
      fromMinor(payment.amounts.vsNet, currency),
    ]);
    const statusUrl = orderStatusUrl(this.config.get('WEB_ORIGIN', { infer: true }), orderNumber);
    const mails = outboxRows(
      confirmationMails({
        orderId,
        orderNumber,
        statusUrl,
        customerEmail: actor.email,
        dto,
        address,
        e,
        currency,
        pickupFor,
      }),
      { awaitingPayment: online },
    );
    await runPrepared(m, WRITE_DATES_SQL, [
      orderId,
      JSON.stringify(selections),
      OrderStatus.PLACED,
      PaymentStatus.INITIATED,
      actor.consumerId,
      now,
      cartId,
      mails.json,
    ]);
    const short = await this.capacity.take(
      m,
      mergeClaims(
        e.live.flatMap((l) =>
          l.dates.map((d) => ({
            itemId: l.itemId,
            date: d.date,
            portions: portions(l.orderQuantity, d.timeSlots),
          })),
        ),
      ),
    );
    if (short) {
      const name = e.live.find((l) => l.itemId === short.failed.itemId)?.item.name ?? 'An item';
      throw soldOut(capacityMessage(name, short.failed.date, short.remaining), {
        itemId: short.failed.itemId,
        itemName: name,
        date: short.failed.date,
        remaining: short.remaining,
      });
    }
    return { orderId, created: true, gateway, outboxIds: mails.ids };
  }

  private refuseUnbuyable(e: CartEvaluation): void {
    if (e.removed.length > 0) {
      const sentences = e.removed.map((r) =>
        r.reason in PRUNE_WORDS
          ? `"${r.itemName ?? 'An item'}" ${PRUNE_WORDS[r.reason]}.`
          : r.message.replace(/ It was removed from your cart\.$/, ''),
      );
      throw conflict(
        `Some of your cart can no longer be ordered: ${sentences.join(' ')} Review your cart and try again.`,
        'error.cart.changed',
        {
          removed: e.removed.map((r) => ({ cartItemId: r.line.id, itemId: r.line.itemId, reason: r.reason })),
        },
      );
    }
    const short = e.shortfalls[0];
    if (short)
      throw soldOut(short.message, {
        itemId: short.line.itemId,
        itemName: short.line.item.name,
        date: short.date,
        remaining: short.remaining,
      });
    if (!e.pricing.isValid) {
      throw conflict(e.pricing.errors.map((x) => x.message).join(' '), 'error.cart.delivery_minimum', {
        errors: e.pricing.errors.map((x) => ({
          itemId: x.itemId,
          itemName: x.itemName,
          minimum: fromMinor(x.minimum, x.currencyCode),
        })),
      });
    }
    if (e.pricing.totals.length > 1) {
      throw conflict(
        `Your cart holds items priced in ${e.pricing.totals.map((t) => t.currencyCode).join(' and ')}: check out one currency at a time.`,
        'error.cart.currencies',
      );
    }
  }

  /**
   * The pickup place of each pickup date: the one chosen at checkout for the line, else the one chosen in
   * the cart, else the menu's own place, else the kitchen's primary place. Snapshots, as orders keep them.
   */
  private pickupPlaces(
    e: CartEvaluation,
    dto: CheckoutDto,
  ): (line: LiveLine, date: StoredDate) => Record<string, unknown> | undefined {
    const byLine = new Map((dto.pickupLocations ?? []).map((p) => [p.cartItemId, p.pickupLocationId]));
    const resolve = (line: LiveLine, chosen: string | null, date?: string) => {
      const places = e.pickups.get(line.item.publisherId) ?? [];
      const menuPlace = date
        ? e.offers.get(capacityKey(line.itemId, date))?.find((o) => o.associatedAddressId)
            ?.associatedAddressId
        : undefined;
      const wanted = byLine.get(line.id) ?? chosen ?? menuPlace;
      return (wanted ? places.find((p) => p.id === wanted) : undefined) ?? places[0];
    };
    for (const [cartItemId, placeId] of byLine) {
      const line = e.live.find((l) => l.id === cartItemId);
      if (!line) throw badField('pickupLocations', `Cart item ${cartItemId} is not in your cart.`);
      if (!(e.pickups.get(line.item.publisherId) ?? []).some((p) => p.id === placeId)) {
        throw badField(
          'pickupLocations',
          `Choose one of the kitchen's own pickup places for "${line.item.name}".`,
        );
      }
    }
    for (const line of e.live) {
      for (const d of line.dates) {
        if (d.deliveryOption === DeliveryOption.PICKUP && !resolve(line, d.pickupLocationId, d.date)) {
          throw conflict(
            `"${line.item.name}" cannot be picked up: its kitchen has no pickup place listed. Choose delivery instead.`,
            'error.order.no_pickup_place',
          );
        }
      }
    }
    return (line, d) => resolve(line, d.pickupLocationId, d.date)?.address;
  }

  /** Payment details of a cash order: each kitchen's share at its own rate (default vsFees 0.2), summed. */
  private payment(
    e: CartEvaluation,
    currency: string,
    rates: ReadonlyMap<string, string>,
  ): { amounts: PaymentAmounts } {
    const parts = e.pricing.totalsByPublisher.map((t) =>
      computePaymentAmounts({
        grossAmount: t.total,
        currencyCode: currency,
        paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
        vsFeeRate: rates.get(t.publisherId) ?? DEFAULT_PLATFORM_FEE_RATE,
      }),
    );
    const sum = (f: (p: PaymentAmounts) => number) => sumMinor(parts.map(f));
    const amounts: PaymentAmounts = {
      currencyCode: currency,
      paymentMethod: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
      grossAmount: sum((p) => p.grossAmount),
      transactionFees: sum((p) => p.transactionFees),
      netAmount: sum((p) => p.netAmount),
      vsFeeRate: parts.length === 1 ? parts[0].vsFeeRate : 'per kitchen',
      vsFees: sum((p) => p.vsFees),
      vsNet: sum((p) => p.vsNet),
    };
    return { amounts };
  }

  /** The delivery address snapshot: a saved address of the customer, or a new one as given. */
  private async deliveryAddress(actor: Principal, dto: CheckoutDto): Promise<Record<string, unknown> | null> {
    if (dto.deliveryAddressId) {
      const saved = (await this.consumers.listAddresses(actor)).find((a) => a.id === dto.deliveryAddressId);
      if (!saved) throw badField('deliveryAddressId', 'Choose one of your saved addresses.');
      return { ...saved };
    }
    if (dto.deliveryAddress) return { id: null, ...addressColumns(dto.deliveryAddress) };
    return null;
  }

  private async byKey(m: EntityManager, actor: Principal, key: string): Promise<PlacedOrder | null> {
    const rows: Array<{ id: string; consumer_id: string }> = await m.query(
      `SELECT id, consumer_id FROM customer_order WHERE idempotency_key = $1`,
      [key],
    );
    return rows[0] ? this.earlierOrder(actor, rows[0]) : null;
  }

  /** The order an idempotency key named: the customer's own, else a 409 (a key is not reusable by another). */
  private earlierOrder(actor: Principal, row: { id: string; consumer_id: string }): PlacedOrder {
    if (row.consumer_id !== actor.consumerId) {
      throw conflict(
        'This checkout key was already used for another order. Reload the checkout page and try again.',
        'error.order.idempotency_key',
      );
    }
    return { orderId: row.id, created: false };
  }
}

/**
 * The checkout's one read after the cart lock. $1 cart id (null without a cart), $2 PUBLISHED, $3 the
 * idempotency key, $4 the customer, $5 DELIVERED, $6 CANCELLED. The catalogue columns are the cart module's
 * (CART_SNAPSHOT_COLUMNS), the caps' the limits' (checkout-limits.ts).
 */
const CHECKOUT_READ_SQL = prepared(`SELECT
  (SELECT json_build_object('id', id, 'consumer_id', consumer_id) FROM customer_order WHERE idempotency_key = $3) AS earlier,
  ${CART_LINES_JSON('$1')} AS lines,
  ${CART_SNAPSHOT_COLUMNS},
  ${OPEN_ORDERS_SQL('$4', '$5', '$6')} AS open,
  (SELECT json_agg(x) FROM (${EARLIER_PORTIONS_SQL(
    '$4',
    '$6',
    'ARRAY(SELECT DISTINCT i.publisher_id FROM cart_item ci JOIN item i ON i.id = ci.item_id WHERE ci.cart_id = $1)',
    CART_DATES,
  )}) x) AS earlier_portions,
  (SELECT json_agg(json_build_object('publisher_id', f.publisher_id, 'percentage', f.percentage::text))
     FROM kitchen_fee_percentage f
    WHERE f.publisher_id IN (SELECT i.publisher_id FROM cart_item ci JOIN item i ON i.id = ci.item_id WHERE ci.cart_id = $1)) AS fee_rates`);

/**
 * The order, its lines and its payment details in one statement ($13: the lines as a JSON array with their
 * ids drawn by the caller; the rest as the placeholders say).
 */
const WRITE_ORDER_SQL = prepared(`WITH
  placed AS (
    INSERT INTO customer_order (id, order_number, consumer_id, order_total, currency_code, ordered_date, contact_details,
                                location_details, order_status, note, idempotency_key, payment_hold_expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12)
    RETURNING id),
  lines AS (
    INSERT INTO ordered_cart_item (id, order_id, item_id, publisher_id, item_name, pricing_option, unit_price, order_quantity,
                                   item_total, item_price_per_date, net_amount_per_date, distributed_fees, net_amount, vs_fees,
                                   is_catering_item)
    SELECT l.id, $1, l.item_id, l.publisher_id, l.item_name, l.pricing_option, l.unit_price, l.order_quantity, l.item_total,
           l.item_price_per_date, l.net_amount_per_date, l.distributed_fees, l.net_amount, l.vs_fees, l.is_catering_item
      FROM json_to_recordset($13::json) AS l(id uuid, item_id uuid, publisher_id uuid, item_name text, pricing_option jsonb,
                                             unit_price numeric, order_quantity int, item_total numeric,
                                             item_price_per_date numeric, net_amount_per_date numeric,
                                             distributed_fees numeric, net_amount numeric, vs_fees numeric,
                                             is_catering_item boolean)
    RETURNING id)
INSERT INTO payment_details (order_id, payment_method, gateway, payment_details_generic_id, is_payment_completed,
                             payment_completed_time, additional_details, transaction_fees, gross_amount, net_amount,
                             currency_code, vs_fees, vs_net)
VALUES ($1, $14, $15, $16, false, NULL, $17::jsonb, $18, $19, $20, $5, $21, $22)`);

/**
 * The date selections ($2, JSON with ids drawn by the caller) as $3/$4 (PLACED, INITIATED), a status change
 * each ($3 by $5 at $6), the emptying of cart $7 (the cart module's statement) and the confirmation e-mails
 * ($8, the mail module's rows and statement), in one statement. The lines exist already: a trigger copies
 * each selection's kitchen from its line.
 */
const WRITE_DATES_SQL = prepared(`WITH
  dates AS (
    SELECT * FROM json_to_recordset($2::json) AS d(id uuid, ordered_cart_item_id uuid, item_id uuid, date date, time_slots text[],
                                                   item_total numeric, delivery_fee numeric, delivery_option text,
                                                   pickup_location jsonb)),
  selections AS (
    INSERT INTO order_date_selection (id, ordered_cart_item_id, date, time_slots, item_total, delivery_fee, order_status,
                                      payment_status, delivery_option, pickup_location)
    SELECT id, ordered_cart_item_id, date, time_slots, item_total, delivery_fee, $3, $4, delivery_option, pickup_location
      FROM dates
    RETURNING id),
  emptied AS (${CART_EMPTY_SQL('$7')}),
  mails AS (${OUTBOX_INSERT_SQL('$8::json')})
INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status, reason,
                                 actor_id, at)
SELECT $1, ordered_cart_item_id, item_id, id, $3, NULL, $5, $6 FROM dates`);

function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } })
    .driverError;
  return driver?.code === '23505' ? (driver.constraint ?? null) : null;
}
