import {
  canTransition,
  DeliveryOption,
  fromMinor,
  OrderActor,
  OrderStatus,
  PaymentStatus,
  todayIn,
} from '@hearth/shared';
import { DateTime } from 'luxon';
import type { AddressColumns } from '../../common/database/address.embedded.js';
import { ConsumerAddressEntity } from '../../modules/consumer/consumer-address.entity.js';
import { ItemEntity } from '../../modules/item/item.entity.js';
import { weekdayOf } from '../../common/clock/calendar.js';
import { slotWindows } from '../../modules/menu/menu-schedule.js';
import { OrderDateSelectionEntity } from '../../modules/order/order-date-selection.entity.js';
import { OrderStatusChangeEntity } from '../../modules/order/order-status-change.entity.js';
import { OrderEntity } from '../../modules/order/order.entity.js';
import { PickupLocationEntity } from '../../modules/publisher/pickup-location.entity.js';
import { RatingEntity } from '../../modules/rating/rating.entity.js';
import { DEMO_CUSTOMERS } from './demo-data.js';
import { DEMO_HISTORY } from './demo-history.js';
import { DEMO_ORDERS, type DemoOrder } from './demo-orders.js';
import { seedUpcomingOrders } from './demo-upcoming.js';
import type { SeededKitchen } from './seed-kitchens.js';
import type { PeopleByEmail } from './seed-people.js';
import { addDays, count, jsonb, nameUuid, type SeedContext } from './seed-context.js';
import { insertCashPayment, insertLine, priceOrder, resolveLines } from './seed-order-rows.js';
import { publicReviewerName } from '../../modules/rating/reviewer-name.js';

/** Idempotency key of a demo order: a UUID derived from its number, the same on every run. */
export const demoOrderKey = (n: number): string => nameUuid(`order:${n}`);

/** Result of the order step: orders of the demo (found or created) and ratings created with them. */
export interface OrdersSeeded {
  orders: number;
  ratings: number;
}

/**
 * The demo's past orders, each created once (found again by its idempotency key) with its lines, dates,
 * status history, cash payment and reviews. Totals come from the shared `priceCart` and
 * `computePaymentAmounts`, on the items as they are in the database now.
 *
 * Why not through CheckoutService (issue 13): every demo order is in the past (delivered or cancelled,
 * `daysAgo` > 0), and checkout rightly refuses a date whose cut-off has passed; it also runs in the API's
 * own transaction, while the seed is one transaction under an advisory lock. A demo order for an upcoming
 * date, should one be added, belongs in CheckoutService (with OrderStatusService for its moves).
 */
export async function seedOrders(
  ctx: SeedContext,
  kitchens: SeededKitchen[],
  people: PeopleByEmail,
): Promise<OrdersSeeded> {
  const result: OrdersSeeded = { orders: 0, ratings: 0 };
  for (const order of [...DEMO_ORDERS, ...DEMO_HISTORY]) {
    const key = demoOrderKey(order.n);
    if (await ctx.manager.getRepository(OrderEntity).exists({ where: { idempotencyKey: key } })) {
      result.orders += 1;
      continue;
    }
    const kitchen = kitchens.find((k) => k.demo.kitchenName === order.kitchen);
    const customerId = people.get(order.customer);
    if (!kitchen || !customerId) {
      ctx.warnings.push(`order ${order.n}: kitchen or customer missing; skipped`);
      continue;
    }
    const created = await createOrder(ctx, order, key, kitchen, customerId);
    if (created !== null) {
      result.orders += 1;
      result.ratings += created;
    }
  }
  // The demo chef's board: upcoming orders of other customers (demo-upcoming.ts).
  result.orders += await seedUpcomingOrders(ctx, kitchens, people, addressSnapshot);
  return result;
}

/** The order's dates: each `daysAgo` moved back to the nearest weekday the kitchen cooks the first dish. */
function orderDates(order: DemoOrder, kitchen: SeededKitchen, today: string): string[] {
  const dishIndex = kitchen.demo.dishes.findIndex((d) => d.name === order.lines[0]?.dish);
  const weekdays = kitchen.demo.menus
    .filter((m) => m.kind === 'WEEKLY' && m.dishes.includes(dishIndex))
    .flatMap((m) => m.weekdays ?? []);
  return order.daysAgo
    .map((days) => {
      let date = addDays(today, -days);
      for (let i = 0; i < 7 && weekdays.length > 0 && !weekdays.includes(weekdayOf(date)); i++)
        date = addDays(date, -1);
      return date;
    })
    .sort();
}

/** Creates one order; returns the number of ratings written, or null when its items are gone. */
async function createOrder(
  ctx: SeedContext,
  order: DemoOrder,
  key: string,
  kitchen: SeededKitchen,
  customerId: string,
): Promise<number | null> {
  const m = ctx.manager;
  const resolved = await resolveLines(ctx, kitchen, order.lines);
  if (!resolved) {
    ctx.warnings.push(`order ${order.n}: an item or pricing option of ${order.kitchen} is gone; skipped`);
    return null;
  }

  const zone = kitchen.timeZone;
  const dates = orderDates(order, kitchen, todayIn(zone, ctx.now));
  const windows = dates.map(
    (date) =>
      slotWindows({ timeZone: zone, timeSlots: [order.slot] }, date)[0] as ReturnType<
        typeof slotWindows
      >[number],
  );
  const pricing = priceOrder(
    `demo order ${order.n}`,
    kitchen,
    resolved,
    dates,
    order.slot,
    order.deliveryOption,
  );
  const { total, payment } = pricing;
  const currency = kitchen.currencyCode;

  const orderedAt = DateTime.fromISO(dates[0] as string, { zone })
    .minus({ days: 3 })
    .set({ hour: 10, minute: 15 });
  const orderNumber = `HR-${orderedAt.toFormat('yyMMdd')}-${key.slice(0, 4).toUpperCase()}`;
  const customer = DEMO_CUSTOMERS.find((c) => c.email === order.customer);
  const address = await m
    .getRepository(ConsumerAddressEntity)
    .findOne({ where: { consumerId: customerId }, order: { createdAt: 'ASC' } });
  const pickup = kitchen.pickupLocationId
    ? await m.getRepository(PickupLocationEntity).findOneBy({ id: kitchen.pickupLocationId })
    : null;
  const delivered = order.status === OrderStatus.DELIVERED;

  const orderId = (
    await m.getRepository(OrderEntity).insert({
      orderNumber,
      consumerId: customerId,
      orderTotal: fromMinor(total, currency),
      currencyCode: currency,
      orderedDate: orderedAt.toJSDate(),
      contactDetails: jsonb<Record<string, unknown>>({ name: customer?.name ?? null, email: order.customer }),
      locationDetails: address
        ? jsonb<Record<string, unknown>>(addressSnapshot(address.id, address.address))
        : null,
      orderStatus: order.status,
      note: order.note ?? null,
      idempotencyKey: key,
    })
  ).identifiers[0]?.id as string;
  count(ctx, 'customer_order');

  let ratings = 0;
  let lastDelivery = orderedAt.toJSDate();
  for (const [index, line] of resolved.entries()) {
    const priced = pricing.lines[index];
    if (!priced) throw new Error(`seed: demo order ${order.n} lost line ${index}`);
    const lineId = await insertLine(ctx, orderId, kitchen, line, priced);

    for (const [d, date] of dates.entries()) {
      const window = windows[d] as ReturnType<typeof slotWindows>[number];
      const selectionId = (
        await m.getRepository(OrderDateSelectionEntity).insert({
          orderedCartItemId: lineId,
          date,
          timeSlots: [order.slot],
          itemTotal: fromMinor(priced.perDate[d]?.itemTotal ?? 0, currency),
          deliveryFee: fromMinor(priced.perDate[d]?.deliveryFee ?? 0, currency),
          orderStatus: order.status,
          paymentStatus: delivered ? PaymentStatus.COMPLETED : PaymentStatus.INITIATED,
          deliveryOption: order.deliveryOption,
          pickupLocation:
            order.deliveryOption === DeliveryOption.PICKUP && pickup
              ? jsonb<Record<string, unknown>>(addressSnapshot(pickup.id, pickup.address))
              : null,
        })
      ).identifiers[0]?.id as string;
      count(ctx, 'order_date_selection');

      const steps = statusSteps(order, orderedAt.toJSDate(), window.startsAt);
      await m.getRepository(OrderStatusChangeEntity).insert(
        steps.map((s) => ({
          orderId,
          orderedCartItemId: lineId,
          itemId: line.item.id,
          orderDateSelectionId: selectionId,
          lifeCycleStatus: s.status,
          reason: s.reason ?? null,
          actorId: s.actor === OrderActor.CUSTOMER ? customerId : kitchen.chefId,
          at: s.at,
        })),
      );
      count(ctx, 'order_status_change', steps.length);
      const handedOver = steps.at(-1)?.at ?? window.startsAt;
      if (delivered && handedOver > lastDelivery) lastDelivery = handedOver;

      const review = order.reviews.find((r) => r.line === index && r.date === d);
      if (delivered && review) {
        const published = new Date(Math.min(handedOver.getTime() + 20 * 3_600_000, ctx.now.getTime()));
        await m.getRepository(RatingEntity).insert({
          ratedById: customerId,
          ratedAgainstId: kitchen.publisherId,
          orderDateSelectionId: selectionId,
          reviewedItemId: line.item.id,
          ratingValue: review.stars,
          reviewBody: review.text,
          datePublished: published,
          itemName: line.item.name,
          userName: publicReviewerName(customer?.name),
        });
        count(ctx, 'rating');
        ratings += 1;
      }
    }
    if (delivered) {
      await m.increment(ItemEntity, { id: line.item.id }, 'orderCount', line.quantity * dates.length);
    }
  }

  await insertCashPayment(ctx, {
    orderId,
    genericId: `cash:${orderNumber}`,
    deliveryOption: order.deliveryOption,
    payment,
    currency,
    completedAt: delivered ? lastDelivery : null,
  });
  return ratings;
}

/** An address as orders keep it (without the generated point, which lat/lng already give). */
function addressSnapshot(id: string, address: AddressColumns): Record<string, unknown> {
  const { location: _location, ...fields } = address;
  return { id, ...fields };
}

interface Step {
  status: OrderStatus;
  actor: OrderActor;
  at: Date;
  reason?: string;
}

/**
 * Status history of one date: placed by the customer, confirmed by the kitchen two hours later, then
 * either cancelled by the kitchen (or the customer) the next day, or prepared, handed over at the slot's start and
 * delivered (collected, for pickup) 45 minutes later. Every move is checked against the shared table.
 */
function statusSteps(order: DemoOrder, orderedAt: Date, slotStart: Date): Step[] {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
  const steps: Step[] = [
    { status: OrderStatus.PLACED, actor: OrderActor.CUSTOMER, at: orderedAt },
    { status: OrderStatus.CONFIRMED, actor: OrderActor.CHEF, at: at(orderedAt, 120) },
  ];
  if (order.status === OrderStatus.CANCELLED) {
    steps.push({
      status: OrderStatus.CANCELLED,
      actor: order.cancelledBy === 'CUSTOMER' ? OrderActor.CUSTOMER : OrderActor.CHEF,
      at: at(orderedAt, 24 * 60),
      reason: order.cancelReason,
    });
  } else {
    const handOver =
      order.deliveryOption === DeliveryOption.PICKUP
        ? OrderStatus.PICKUP_READY
        : OrderStatus.IN_DELIVERY_TRANSIT;
    steps.push(
      { status: OrderStatus.IN_PREPARATION, actor: OrderActor.CHEF, at: at(slotStart, -180) },
      { status: handOver, actor: OrderActor.CHEF, at: slotStart },
      { status: OrderStatus.DELIVERED, actor: OrderActor.CHEF, at: at(slotStart, 45) },
    );
  }
  for (let i = 1; i < steps.length; i++) {
    const [from, to] = [steps[i - 1] as Step, steps[i] as Step];
    if (!canTransition(from.status, to.status, { deliveryOption: order.deliveryOption, actor: to.actor })) {
      throw new Error(
        `seed: demo order ${order.n} moves ${from.status} → ${to.status}, which the order rules refuse`,
      );
    }
  }
  return steps;
}
