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
import {
  CART_LINE_VERSIONS_JSON,
  CART_LINES_JSON,
  CART_TAKE_LINES_SQL,
  storedLine,
} from '../cart/cart.repository.js';
import { soldOut } from '../cart/cart.service.js';
import {
  capacityKey,
  cartDates,
  cartPublisherIds,
  cartSnapshotColumns,
  snapshotOf,
} from '../cart/catalog.reader.js';
import { capacityMessage, portions } from '../cart/orderability.js';
import {
  inLockOrder,
  ItemDateCapacityRepository,
  mergeClaims,
  TAKE_CAPACITY_CTES,
} from '../item/item-date-capacity.repository.js';
import { prepared, runPrepared, type PreparedStatement } from '../../common/database/prepared.js';
import { jsonRowsOf, pgRowsFromJson } from '../../common/database/raw-rows.js';
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
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { ORDER_CUTOFFS_SQL, type OrderRows } from './order-query.service.js';
import { OrderStatusChangeEntity } from './order-status-change.entity.js';
import { OrderEntity } from './order.entity.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { PaymentDetailsEntity } from './payment-details.entity.js';
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

/**
 * The payment module's part of checkout: what the one read adds to read its facts, and the check of the chosen
 * method on them (a 400 by throwing). Without it only cash is accepted.
 */
export interface CheckoutPayment {
  /**
   * Columns the read adds (`kitchens` a uuid[] and `consumer` SQL expressions, further values as placeholders
   * from `$first` on) and those values. Keep one object: the read is prepared once per `read`.
   */
  read: { columns(kitchens: string, consumer: string, first: number): string; values(): unknown[] };
  vet(row: Record<string, unknown>, cart: CheckoutCart): void;
}

export interface CheckoutOptions {
  payment?: CheckoutPayment;
}

export interface PlacedOrder {
  orderId: string;
  /** A new order's rows as written, for its detail without reading it again (OrderQueryService.fromRows). */
  rows?: OrderRows;
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
 * Places the signed-in customer's cart as one order, in one read and one write statement that trust nothing
 * the browser priced: see `placeOnce` for the steps. A double submit (same idempotency key) returns the first order.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly capacity: ItemDateCapacityRepository,
    private readonly consumers: ConsumerService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  private readonly reads = new WeakMap<object, PreparedStatement>();

  async place(
    actor: Principal,
    dto: CheckoutDto,
    timeZone: string,
    options: CheckoutOptions = {},
  ): Promise<PlacedOrder> {
    if (!options.payment && dto.paymentMethod !== PaymentMethod.CASH_ON_PICKUP_DELIVERY) {
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
        const placed = await this.placeOnce(actor, dto, address, timeZone, options);
        if (placed.created) await this.outbox.enqueue(placed.outboxIds);
        return {
          orderId: placed.orderId,
          created: placed.created,
          gateway: placed.gateway,
          rows: placed.rows,
        };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'uq_customer_order_idempotency_key') {
          const first = await this.byKey(this.db.manager, actor, dto.idempotencyKey);
          if (first) return first;
        }
        // A new order number that happened to exist already: draw another one.
        if (constraint === 'uq_customer_order_order_number' && attempt < 3) continue;
        // The cart changed between the read and the write (a line edited in another tab, or a double submit
        // placed it: the next read finds that order by its key), or capacity short at the write was given
        // back before its shortfall could be read: read and price again.
        const refused = refusal(error);
        if (refused && attempt < MAX_ATTEMPTS) continue;
        if (refused === CART_CHANGED)
          throw conflict(
            'Your cart changed while your order was being placed. Review your cart and try again.',
            'error.cart.changed',
          );
        throw error;
      }
    }
  }

  /**
   * One attempt at placing the cart, in two statements with no transaction spanning them (each statement is
   * atomic on its own, and the second checks what the first read):
   * 1. the read: an earlier order with the idempotency key, every line of the customer's cart with its version,
   *    item, price, menu date, cut-off, pickup place and capacity row, the customer's open orders and earlier
   *    portions, the kitchens' fee rates and the payment module's facts (CheckoutPayment), from one snapshot;
   *    priced with the shared rules (nothing the browser sent is a price);
   * 2. refusing what can no longer be bought, an invalid cart (delivery minimum), a mixed-currency cart and an
   *    order beyond the customer's caps (checkout-limits.ts), then the payment method's check on the facts;
   * 3. the write, one statement (WRITE_SQL): the order, lines, payment details, date selections (PLACED,
   *    INITIATED) with a PLACED status change each, the confirmation e-mails to the outbox, the deletion of the
   *    lines it priced and the taking of the capacity. It refuses itself, writing nothing, when a priced line
   *    is gone or changed (`CART_CHANGED`: the caller reads again; a double submit then finds the first order,
   *    and a second checkout of the same cart finds it empty, which keeps the customer's caps) or a capacity row
   *    is short (`CAPACITY_SHORT`: a 409 naming the item, date and portions left).
   */
  private async placeOnce(
    actor: Principal,
    dto: CheckoutDto,
    address: Record<string, unknown> | null,
    timeZone: string,
    options: CheckoutOptions,
  ): Promise<PlacedOrder & { outboxIds: string[] }> {
    const m = this.db.manager;
    const {
      rows: [read],
    } = await runPrepared(m, this.readStatement(options.payment?.read), [
      actor.consumerId,
      MenuStatus.PUBLISHED,
      dto.idempotencyKey,
      OrderStatus.DELIVERED,
      OrderStatus.CANCELLED,
      ...(options.payment?.read.values() ?? []),
    ]);
    const earlier = read.earlier as { id: string; consumer_id: string } | null;
    if (earlier) return { ...this.earlierOrder(actor, earlier), outboxIds: [] };
    const lines = ((read.lines as Array<Record<string, unknown>> | null) ?? []).map(storedLine);
    const cartId = read.cart_id as string | null;
    if (!cartId || lines.length === 0) throw conflict('Your cart is empty.', 'error.cart.empty');
    const versions = (read.versions as Array<{ id: string; v: string }> | null) ?? [];

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
    options.payment?.vet(read, {
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
        publisher_id: l.item.publisherId,
        date: d.date,
        time_slots: d.timeSlots,
        item_total: fromMinor(e.pricing.lines[i].perDate[j].itemTotal, currency),
        delivery_fee: fromMinor(e.pricing.lines[i].perDate[j].deliveryFee, currency),
        delivery_option: d.deliveryOption,
        pickup_location: d.deliveryOption === DeliveryOption.PICKUP ? (pickupFor(l, d) ?? null) : null,
      })),
    );
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
    const claims = inLockOrder(
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
    let written: Record<string, unknown>;
    try {
      ({
        rows: [written],
      } = await runPrepared(m, WRITE_SQL, [
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
        JSON.stringify(selections),
        PaymentStatus.INITIATED,
        cartId,
        versions.map((v) => v.id),
        versions.map((v) => v.v),
        mails.json,
        claims.map((c) => c.itemId),
        claims.map((c) => c.date),
        claims.map((c) => c.portions),
        CART_CHANGED,
        CAPACITY_SHORT,
      ]));
    } catch (error) {
      if (refusal(error) !== CAPACITY_SHORT) throw error;
      const short = await this.capacity.firstShort(m, claims);
      if (!short) throw error;
      const name = e.live.find((l) => l.itemId === short.failed.itemId)?.item.name ?? 'An item';
      throw soldOut(capacityMessage(name, short.failed.date, short.remaining), {
        itemId: short.failed.itemId,
        itemName: name,
        date: short.failed.date,
        remaining: short.remaining,
      });
    }
    const json = (key: string) => written[key] as Array<Record<string, unknown>> | null;
    const rows: OrderRows = {
      order: pgRowsFromJson(this.db, OrderEntity, json('orders'))[0],
      lines: pgRowsFromJson(this.db, OrderedCartItemEntity, json('lines')),
      dates: pgRowsFromJson(this.db, OrderDateSelectionEntity, json('dates')),
      payments: pgRowsFromJson(this.db, PaymentDetailsEntity, json('payments')),
      changes: pgRowsFromJson(this.db, OrderStatusChangeEntity, json('changes')),
      kitchens: json('kitchens') ?? [],
      cutoffs: json('cutoffs') ?? [],
    };
    return { orderId, created: true, gateway, outboxIds: mails.ids, rows };
  }

  /** The read, with the payment module's columns when given (prepared once for each). */
  private readStatement(payment?: CheckoutPayment['read']): PreparedStatement {
    if (!payment) return CHECKOUT_READ_SQL;
    let statement = this.reads.get(payment);
    if (!statement) {
      statement = prepared(checkoutRead(`,${payment.columns(cartPublisherIds(CART), '$1', 6)}`));
      this.reads.set(payment, statement);
    }
    return statement;
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

/** Why the write refused itself (its message, SQLSTATE P0001 from hearth_refuse_unless): see `placeOnce`. */
const CART_CHANGED = 'checkout: the cart changed';
const CAPACITY_SHORT = 'checkout: capacity short';
/** Reads and writes at most this many times when the cart keeps changing under a checkout. */
const MAX_ATTEMPTS = 4;

/** The customer's cart, for the statements below ($1 the customer). */
const CART = '(SELECT c.id FROM cart c WHERE c.consumer_id = $1)';

/**
 * The checkout's read, one statement (one snapshot). $1 the customer, $2 PUBLISHED, $3 the idempotency key,
 * $4 DELIVERED, $5 CANCELLED, then the payment module's values (CheckoutPayment). The catalogue columns are the cart
 * module's (cartSnapshotColumns), the caps' the limits' (checkout-limits.ts).
 */
const checkoutRead = (more = '') => `SELECT
  (SELECT json_build_object('id', id, 'consumer_id', consumer_id) FROM customer_order WHERE idempotency_key = $3) AS earlier,
  ${CART} AS cart_id,
  ${CART_LINES_JSON(CART)} AS lines,
  ${CART_LINE_VERSIONS_JSON(CART)} AS versions,
  ${cartSnapshotColumns(CART, '$2')},
  ${OPEN_ORDERS_SQL('$1', '$4', '$5')} AS open,
  (SELECT json_agg(x) FROM (${EARLIER_PORTIONS_SQL('$1', '$5', cartPublisherIds(CART), cartDates(CART))}) x) AS earlier_portions,
  (SELECT json_agg(json_build_object('publisher_id', f.publisher_id, 'percentage', f.percentage::text))
     FROM kitchen_fee_percentage f WHERE f.publisher_id = ANY(${cartPublisherIds(CART)})) AS fee_rates${more}`;
const CHECKOUT_READ_SQL = prepared(checkoutRead());

/**
 * The checkout's write, one statement: the order, its lines (ids drawn by the caller, $13 as JSON), its payment
 * details, its date selections ($23, with their kitchen: the trigger cannot see lines inserted by the same
 * statement) as $9/$24 (PLACED, INITIATED) with a status change each, the confirmation e-mails ($28, the mail
 * module's rows and statement), the deletion of the priced lines of cart $25 ($26 ids at $27 versions: the cart
 * module's statement) and the taking of capacity ($29 items, $30 dates, $31 portions: the capacity
 * repository's). It refuses itself with $32 when a priced line was changed or removed since the read, and with
 * $33 when a claim does not fit; then nothing of it is written. The final select reads the CTEs in the order
 * they are to run (PostgreSQL runs a CTE when first read, and the ones never read after the select): the inserts,
 * then the cart's lines, then the capacity, so that a hot capacity row is locked only for the statement's end
 * (its foreign key checks) and the commit.
 */
const WRITE_SQL = prepared(`WITH
  placed AS (
    INSERT INTO customer_order (id, order_number, consumer_id, order_total, currency_code, ordered_date, contact_details,
                                location_details, order_status, note, idempotency_key, payment_hold_expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12)
    RETURNING *),
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
    RETURNING *),
  paid AS (
    INSERT INTO payment_details (order_id, payment_method, gateway, payment_details_generic_id, is_payment_completed,
                                 payment_completed_time, additional_details, transaction_fees, gross_amount, net_amount,
                                 currency_code, vs_fees, vs_net)
    VALUES ($1, $14, $15, $16, false, NULL, $17::jsonb, $18, $19, $20, $5, $21, $22)
    RETURNING *),
  dates AS (
    SELECT * FROM json_to_recordset($23::json) AS d(id uuid, ordered_cart_item_id uuid, item_id uuid, publisher_id uuid,
                                                    date date, time_slots text[], item_total numeric, delivery_fee numeric,
                                                    delivery_option text, pickup_location jsonb)),
  selections AS (
    INSERT INTO order_date_selection (id, ordered_cart_item_id, publisher_id, date, time_slots, item_total, delivery_fee,
                                      order_status, payment_status, delivery_option, pickup_location)
    SELECT id, ordered_cart_item_id, publisher_id, date, time_slots, item_total, delivery_fee, $9, $24, delivery_option,
           pickup_location
      FROM dates
    RETURNING *),
  changes AS (
    INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status,
                                     reason, actor_id, at)
    SELECT $1, ordered_cart_item_id, item_id, id, $9, NULL, $3, $6 FROM dates
    RETURNING *),
  mails AS (${OUTBOX_INSERT_SQL('$28::json')} RETURNING id),
  emptied AS (${CART_TAKE_LINES_SQL('$25', '$26', '$27')}),
  ${TAKE_CAPACITY_CTES('$29', '$30', '$31')}
SELECT ${jsonRowsOf('placed')} AS orders,
       ${jsonRowsOf('lines')} AS lines,
       ${jsonRowsOf('selections')} AS dates,
       ${jsonRowsOf('paid')} AS payments,
       ${jsonRowsOf('changes')} AS changes,
       (SELECT json_agg(k) FROM (SELECT id, kitchen_name, consumer_id, time_zone_id FROM publisher
                                  WHERE id IN (SELECT publisher_id FROM lines)) k) AS kitchens,
       (SELECT json_agg(c) FROM (${ORDER_CUTOFFS_SQL('lines', 'selections')}) c) AS cutoffs,
       CASE
         WHEN (SELECT count(*) FROM placed) + (SELECT count(*) FROM lines) + (SELECT count(*) FROM paid)
              + (SELECT count(*) FROM selections) + (SELECT count(*) FROM changes) + (SELECT count(*) FROM mails) < 0
           THEN NULL
         WHEN (SELECT count(*) FROM emptied) <> cardinality($26::uuid[]) THEN hearth_refuse_unless(false, $32)
         ELSE hearth_refuse_unless((SELECT count(*) FROM taken) = cardinality($29::uuid[]), $33)
       END AS placed`);

/** The reason a statement refused itself with (hearth_refuse_unless), else null. */
function refusal(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; message?: string } })
    .driverError;
  return driver?.code === 'P0001' && (driver.message === CART_CHANGED || driver.message === CAPACITY_SHORT)
    ? driver.message
    : null;
}

function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } })
    .driverError;
  return driver?.code === '23505' ? (driver.constraint ?? null) : null;
}
