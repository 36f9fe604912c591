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
import { CART_LINE_VERSIONS_JSON, CART_LINES_JSON, storedLine } from '../cart/cart.repository.js';
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
} from '../item/item-date-capacity.repository.js';
import { prepared, runPrepared, type PreparedStatement } from '../../common/database/prepared.js';
import { StatementGroups } from '../../common/database/statement-groups.js';
import { pgRowsFromJson } from '../../common/database/raw-rows.js';
import { addressColumns } from '../consumer/address.mapper.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { OutboxService, outboxRows } from '../mail/outbox.service.js';
import {
  EARLIER_PORTIONS_SQL,
  OPEN_ORDERS_SQL,
  refuseOverLimits,
  type EarlierPortions,
} from './checkout-limits.js';
import {
  CAPACITY_SHORT,
  CART_CHANGED,
  CheckoutWriter,
  refusal,
  type WrittenOrder,
} from './checkout-writer.js';
import { confirmationMails } from './confirmation-mails.js';
import type { CheckoutDto } from './dto/checkout.dto.js';
import { newOrderNumber } from './order-number.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { type OrderRows } from './order-query.service.js';
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
  ) {
    this.writer = new CheckoutWriter(db.manager);
  }

  /** The write, several concurrent orders in one statement (checkout-writer.ts). */
  private readonly writer: CheckoutWriter;
  private readonly reads = new WeakMap<object, StatementGroups<ReadInput, Record<string, unknown>>>();

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
   * 1. the read (with the checkouts read at the same moment, ADR 025): an earlier order with the idempotency
   *    key, every line of the customer's cart with its version, item, price, menu date, cut-off, pickup place and
   *    capacity row, the customer's open orders and earlier portions, the kitchens' fee rates and the payment
   *    module's facts (CheckoutPayment), from one snapshot; priced with the shared rules (nothing the browser
   *    sent is a price);
   * 2. refusing what can no longer be bought, an invalid cart (delivery minimum), a mixed-currency cart and an
   *    order beyond the customer's caps (checkout-limits.ts), then the payment method's check on the facts;
   * 3. the write, one statement (checkout-writer.ts; with the orders placed at the same moment): the order,
   *    lines, payment details, date selections (PLACED, INITIATED) with a PLACED status change each, the
   *    confirmation e-mails to the outbox, the deletion of the lines it priced and the taking of the capacity.
   *    It refuses itself, writing nothing, when a priced line is gone or changed (`CART_CHANGED`: the caller
   *    reads again; a double submit then finds the first order, and a second checkout of the same cart finds it
   *    empty, which keeps the customer's caps) or a capacity row is short (`CAPACITY_SHORT`: a 409 naming the
   *    item, date and portions left).
   */
  private async placeOnce(
    actor: Principal,
    dto: CheckoutDto,
    address: Record<string, unknown> | null,
    timeZone: string,
    options: CheckoutOptions,
  ): Promise<PlacedOrder & { outboxIds: string[] }> {
    const m = this.db.manager;
    const read = await this.readsOf(options.payment?.read).submit({
      consumerId: actor.consumerId,
      idempotencyKey: dto.idempotencyKey,
    });
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
    const claims = e.live.flatMap((l) =>
      l.dates.map((d) => ({
        itemId: l.itemId,
        date: d.date,
        portions: portions(l.orderQuantity, d.timeSlots),
      })),
    );
    let written: WrittenOrder;
    try {
      written = await this.writer.write({
        order: {
          id: orderId,
          order_number: orderNumber,
          consumer_id: actor.consumerId,
          order_total: fromMinor(total, currency),
          currency_code: currency,
          ordered_date: now,
          contact_details: { name: dto.contact.name, email: dto.contact.email, phone: dto.contact.phone },
          location_details: needsAddress ? address : null,
          note: dto.note || null,
          idempotency_key: dto.idempotencyKey,
          payment_hold_expires_at: holdExpiresAt,
          payment_method: dto.paymentMethod,
          gateway,
          // Online: replaced by the gateway's checkout id once it exists (order-payment-checkout.service.ts).
          payment_details_generic_id: online ? `pending:${orderNumber}` : `cash:${orderNumber}`,
          // As the seed's demo orders record it: PICKUP or DELIVERY (both when the order mixes them).
          additional_details: {
            collectedOn: [...new Set(selections.map((s) => s.delivery_option))].sort().join(' and '),
          },
          transaction_fees: fromMinor(payment.amounts.transactionFees, currency),
          gross_amount: fromMinor(payment.amounts.grossAmount, currency),
          net_amount: fromMinor(payment.amounts.netAmount, currency),
          vs_fees: fromMinor(payment.amounts.vsFees, currency),
          vs_net: fromMinor(payment.amounts.vsNet, currency),
        },
        lines: orderLines,
        dates: selections,
        mails: mails.rows,
        cartId,
        cartLines: versions,
        claims,
      });
    } catch (error) {
      if (refusal(error) !== CAPACITY_SHORT) throw error;
      const short = await this.capacity.firstShort(m, inLockOrder(mergeClaims(claims)));
      if (!short) throw error;
      const name = e.live.find((l) => l.itemId === short.failed.itemId)?.item.name ?? 'An item';
      throw soldOut(capacityMessage(name, short.failed.date, short.remaining), {
        itemId: short.failed.itemId,
        itemName: name,
        date: short.failed.date,
        remaining: short.remaining,
      });
    }
    const rows: OrderRows = {
      order: pgRowsFromJson(this.db, OrderEntity, written.orders)[0],
      lines: pgRowsFromJson(this.db, OrderedCartItemEntity, written.lines),
      dates: pgRowsFromJson(this.db, OrderDateSelectionEntity, written.dates),
      payments: pgRowsFromJson(this.db, PaymentDetailsEntity, written.payments),
      changes: pgRowsFromJson(this.db, OrderStatusChangeEntity, written.changes),
      kitchens: written.kitchens,
      cutoffs: written.cutoffs,
    };
    return { orderId, created: true, gateway, outboxIds: mails.ids, rows };
  }

  /** The read, with the payment module's columns when given (prepared once for each). */
  private readsOf(payment?: CheckoutPayment['read']): StatementGroups<ReadInput, Record<string, unknown>> {
    const key = payment ?? this;
    let groups = this.reads.get(key);
    if (!groups) {
      const statement = prepared(
        checkoutRead(payment ? `,${payment.columns(cartPublisherIds(CART), CUSTOMER, 6)}` : ''),
      );
      groups = readGroups(this.db.manager, statement, () => payment?.values() ?? []);
      this.reads.set(key, groups);
    }
    return groups;
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

/** Reads and writes at most this many times when the cart keeps changing under a checkout. */
const MAX_ATTEMPTS = 4;

/** The customer, the idempotency key and the cart of one row of the read below. */
const CUSTOMER = 'a.consumer_id';
const CART = 'a.cart_id';

/**
 * The checkout's read, one statement (one snapshot) for one checkout or several at once: one row for each customer
 * ($1) and idempotency key ($3) in their order, with $2 PUBLISHED, $4 DELIVERED, $5 CANCELLED, then the payment
 * module's values (CheckoutPayment). The catalogue columns are the cart module's (cartSnapshotColumns), the caps'
 * the limits' (checkout-limits.ts).
 */
const checkoutRead = (more = '') => `SELECT r.* FROM
  (SELECT w.n, w.consumer_id, w.idempotency_key,
          (SELECT c.id FROM cart c WHERE c.consumer_id = w.consumer_id) AS cart_id
     FROM unnest($1::uuid[], $3::text[]) WITH ORDINALITY AS w(consumer_id, idempotency_key, n)) a
  CROSS JOIN LATERAL (SELECT
  (SELECT json_build_object('id', id, 'consumer_id', consumer_id) FROM customer_order
    WHERE idempotency_key = a.idempotency_key) AS earlier,
  ${CART} AS cart_id,
  ${CART_LINES_JSON(CART)} AS lines,
  ${CART_LINE_VERSIONS_JSON(CART)} AS versions,
  ${cartSnapshotColumns(CART, '$2')},
  ${OPEN_ORDERS_SQL(CUSTOMER, '$4', '$5')} AS open,
  (SELECT json_agg(x) FROM (${EARLIER_PORTIONS_SQL(CUSTOMER, '$5', cartPublisherIds(CART), cartDates(CART))}) x) AS earlier_portions,
  (SELECT json_agg(json_build_object('publisher_id', f.publisher_id, 'percentage', f.percentage::text))
     FROM kitchen_fee_percentage f WHERE f.publisher_id = ANY(${cartPublisherIds(CART)})) AS fee_rates${more}) r
 ORDER BY a.n`;

/** A checkout's read: the customer and the idempotency key. */
interface ReadInput {
  consumerId: string;
  idempotencyKey: string;
}

/**
 * The read of `statement` for several checkouts at once (StatementGroups, as the write): `values` are the payment
 * module's, the same for all.
 */
function readGroups(
  m: EntityManager,
  statement: PreparedStatement,
  values: () => unknown[],
): StatementGroups<ReadInput, Record<string, unknown>> {
  return new StatementGroups(
    async (inputs) =>
      (
        await runPrepared(m, statement, [
          inputs.map((i) => i.consumerId),
          MenuStatus.PUBLISHED,
          inputs.map((i) => i.idempotencyKey),
          OrderStatus.DELIVERED,
          OrderStatus.CANCELLED,
          ...values(),
        ])
      ).rows,
    { inFlight: 1, max: 32 },
  );
}

function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } })
    .driverError;
  return driver?.code === '23505' ? (driver.constraint ?? null) : null;
}
