import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import {
  computePaymentAmounts,
  DEFAULT_PLATFORM_FEE_RATE,
  DeliveryOption,
  fromMinor,
  gatewayOf,
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
  CartEvaluatorService,
  type CartEvaluation,
  type LiveLine,
  type StoredDate,
} from '../cart/cart-evaluator.service.js';
import { CartRepository } from '../cart/cart.repository.js';
import { soldOut } from '../cart/cart.service.js';
import { capacityKey } from '../cart/catalog.reader.js';
import { capacityMessage, portions } from '../cart/orderability.js';
import { ItemDateCapacityRepository, mergeClaims } from '../item/item-date-capacity.repository.js';
import { addressColumns } from '../consumer/address.mapper.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import { refuseOverCustomerLimits } from './checkout-limits.js';
import { confirmationMails } from './confirmation-mails.js';
import type { CheckoutDto } from './dto/checkout.dto.js';
import { newOrderNumber } from './order-number.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
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
    private readonly evaluator: CartEvaluatorService,
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
    const earlier = await this.byKey(this.db.manager, actor, dto.idempotencyKey);
    if (earlier) return earlier;
    const address = await this.deliveryAddress(actor, dto);

    for (let attempt = 1; ; attempt++) {
      try {
        const placed = await this.db.transaction((m) =>
          this.placeIn(m, actor, dto, address, timeZone, options),
        );
        if (placed.created) await this.outbox.enqueue(placed.outboxIds);
        return { orderId: placed.orderId, created: placed.created };
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
   * The checkout transaction:
   * 1. lock the customer's cart row (one checkout per customer at a time; a second submit waits here and
   *    then finds the first order by its idempotency key);
   * 2. re-read every line, item, price, menu date and cut-off from the database and price it with the
   *    shared rules (nothing the browser sent is a price);
   * 3. refuse what can no longer be bought, an invalid cart (delivery minimum), a mixed-currency cart and
   *    an order beyond the customer's caps (open orders, portions per kitchen and date: checkout-limits.ts);
   * 4. write the order, its lines (snapshots), one date selection per line and date (PLACED, INITIATED),
   *    a PLACED status change each, the payment details (platform fee per kitchen), empty the cart and
   *    write the confirmation e-mails to the outbox;
   * 5. last, take the capacity with one conditional UPDATE per item and date, so the hot capacity rows
   *    are locked only for the final moments of the transaction. If any is short, the error rolls back
   *    everything: nothing is taken and no order exists.
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
    const earlier = await this.byKey(m, actor, dto.idempotencyKey);
    if (earlier) return { ...earlier, outboxIds: [] };
    const lines = cartId ? await this.carts.lines(m, cartId) : [];
    if (!cartId || lines.length === 0) throw conflict('Your cart is empty.', 'error.cart.empty');

    const now = new Date();
    const e = await this.evaluator.evaluate(m, lines, { timeZone, now });
    this.refuseUnbuyable(e);
    await refuseOverCustomerLimits(m, actor.consumerId, e);
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

    const payment = await this.payment(m, e, currency);
    const orderNumber = newOrderNumber();
    const total = e.pricing.totals[0].cartTotal;
    const orderId = (
      await m.getRepository(OrderEntity).insert({
        orderNumber,
        consumerId: actor.consumerId,
        orderTotal: fromMinor(total, currency),
        currencyCode: currency,
        orderedDate: now,
        contactDetails: { name: dto.contact.name, email: dto.contact.email, phone: dto.contact.phone },
        locationDetails: json(needsAddress ? address : null),
        orderStatus: OrderStatus.PLACED,
        note: dto.note || null,
        idempotencyKey: dto.idempotencyKey,
        paymentHoldExpiresAt: online
          ? new Date(now.getTime() + this.config.get('PAYMENT_HOLD_MINUTES', { infer: true }) * 60_000)
          : null,
      })
    ).identifiers[0].id as string;

    const lineIds = (
      await m.getRepository(OrderedCartItemEntity).insert(
        e.pricing.lines.map((p) => {
          const l = e.live[p.index];
          return {
            orderId,
            itemId: l.itemId,
            publisherId: l.item.publisherId,
            itemName: l.item.name,
            pricingOption: {
              id: l.option.id,
              measurement: l.option.measurement,
              quantity: l.option.quantity,
              chefPrice: l.option.chefPrice,
              serves: l.option.serves,
            },
            unitPrice: l.option.chefPrice,
            orderQuantity: l.orderQuantity,
            itemTotal: fromMinor(p.itemTotal, currency),
            itemPricePerDate: fromMinor(p.perDate[0]?.itemTotal ?? 0, currency),
            netAmountPerDate: fromMinor(p.perDate[0]?.netAmount ?? 0, currency),
            distributedFees: fromMinor(p.distributedFees, currency),
            netAmount: fromMinor(p.netAmount, currency),
            vsFees: payment.rates.get(l.item.publisherId) ?? DEFAULT_PLATFORM_FEE_RATE,
            isCateringItem: l.isCateringItem,
          };
        }),
      )
    ).identifiers.map((i) => i.id as string);

    const selections = e.live.flatMap((l, i) =>
      l.dates.map((d, j) => ({
        line: l,
        lineId: lineIds[i],
        row: {
          orderedCartItemId: lineIds[i],
          date: d.date,
          timeSlots: d.timeSlots,
          itemTotal: fromMinor(e.pricing.lines[i].perDate[j].itemTotal, currency),
          deliveryFee: fromMinor(e.pricing.lines[i].perDate[j].deliveryFee, currency),
          orderStatus: OrderStatus.PLACED,
          paymentStatus: PaymentStatus.INITIATED,
          deliveryOption: d.deliveryOption,
          pickupLocation: json(d.deliveryOption === DeliveryOption.PICKUP ? (pickupFor(l, d) ?? null) : null),
        },
      })),
    );
    const selectionIds = (
      await m.getRepository(OrderDateSelectionEntity).insert(selections.map((s) => s.row))
    ).identifiers.map((i) => i.id as string);
    await m.getRepository(OrderStatusChangeEntity).insert(
      selections.map((s, i) => ({
        orderId,
        orderedCartItemId: s.lineId,
        itemId: s.line.itemId,
        orderDateSelectionId: selectionIds[i],
        lifeCycleStatus: OrderStatus.PLACED,
        reason: null,
        actorId: actor.consumerId,
        at: now,
      })),
    );
    await m.getRepository(PaymentDetailsEntity).insert({
      orderId,
      paymentMethod: dto.paymentMethod,
      gateway,
      // Online: replaced by the gateway's checkout id once it exists (order-payment-checkout.service.ts).
      paymentDetailsGenericId: online ? `pending:${orderNumber}` : `cash:${orderNumber}`,
      isPaymentCompleted: false,
      paymentCompletedTime: null,
      // As the seed's demo orders record it: PICKUP or DELIVERY (both when the order mixes them).
      additionalDetails: {
        collectedOn: [...new Set(selections.map((s) => s.row.deliveryOption))].sort().join(' and '),
      },
      transactionFees: fromMinor(payment.amounts.transactionFees, currency),
      grossAmount: fromMinor(payment.amounts.grossAmount, currency),
      netAmount: fromMinor(payment.amounts.netAmount, currency),
      currencyCode: currency,
      vsFees: fromMinor(payment.amounts.vsFees, currency),
      vsNet: fromMinor(payment.amounts.vsNet, currency),
    });
    await this.carts.deleteLines(m, cartId);
    const statusUrl = orderStatusUrl(this.config.get('WEB_ORIGIN', { infer: true }), orderNumber);
    const outboxIds = await this.outbox.stage(
      m,
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
    return { orderId, created: true, outboxIds };
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
  private async payment(
    m: EntityManager,
    e: CartEvaluation,
    currency: string,
  ): Promise<{ amounts: PaymentAmounts; rates: Map<string, string> }> {
    const publisherIds = e.pricing.totalsByPublisher.map((t) => t.publisherId);
    const rows: Array<{ publisher_id: string; percentage: string }> = await m.query(
      `SELECT publisher_id, percentage::text AS percentage FROM kitchen_fee_percentage WHERE publisher_id = ANY($1::uuid[])`,
      [publisherIds],
    );
    const rates = new Map(rows.map((r) => [r.publisher_id, r.percentage]));
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
    return { amounts, rates };
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
    const row = rows[0];
    if (!row) return null;
    if (row.consumer_id !== actor.consumerId) {
      throw conflict(
        'This checkout key was already used for another order. Reload the checkout page and try again.',
        'error.order.idempotency_key',
      );
    }
    return { orderId: row.id, created: false };
  }
}

// TypeORM types jsonb values as partial entities; a plain object is what is stored.
function json(value: Record<string, unknown> | null): QueryDeepPartialEntity<Record<string, unknown> | null> {
  return value as QueryDeepPartialEntity<Record<string, unknown> | null>;
}

function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } })
    .driverError;
  return driver?.code === '23505' ? (driver.constraint ?? null) : null;
}
