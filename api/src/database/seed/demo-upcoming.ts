/**
 * The demo chef's board (issue 17): upcoming orders of the first demo kitchen (chef@hearth.test) from the
 * OTHER demo customers (never customer@hearth.test, whose portion and open-order caps the e2e suites use),
 * on several dates and slots, pickup and delivery (delivery addresses carry coordinates, so the delivery
 * round has stops), a few of them today. Dates are relative to the day the seed first runs: `daysAhead` 0
 * is that day; any other is moved forward to the nearest weekday the kitchen cooks the first dish.
 *
 * Each order is created once (found again by its idempotency key), like the past demo orders. The orders
 * do not take portions from the item's capacity: they are demo rows for the board, prep sheet and round.
 */
import {
  DeliveryOption,
  fromMinor,
  OrderStatus,
  PaymentStatus,
  todayIn,
  type TimeSlot,
} from '@hearth/shared';
import { DateTime } from 'luxon';
import { weekdayOf } from '../../common/clock/calendar.js';
import { ConsumerAddressEntity } from '../../modules/consumer/consumer-address.entity.js';
import { OrderDateSelectionEntity } from '../../modules/order/order-date-selection.entity.js';
import { OrderStatusChangeEntity } from '../../modules/order/order-status-change.entity.js';
import { OrderEntity } from '../../modules/order/order.entity.js';
import { PickupLocationEntity } from '../../modules/publisher/pickup-location.entity.js';
import { DEMO_CUSTOMERS } from './demo-data.js';
import type { SeededKitchen } from './seed-kitchens.js';
import type { PeopleByEmail } from './seed-people.js';
import { addDays, count, jsonb, nameUuid, type SeedContext } from './seed-context.js';
import { insertCashPayment, insertLine, priceOrder, resolveLines } from './seed-order-rows.js';

export interface UpcomingDemoOrder {
  n: number;
  customer: string;
  deliveryOption: DeliveryOption;
  slot: TimeSlot;
  /** 0: the seed day itself; else moved forward to the kitchen's next cook day of the first dish. */
  daysAhead: number;
  lines: Array<{ dish: string; option?: number; quantity: number }>;
  status: 'PLACED' | 'CONFIRMED' | 'IN_PREPARATION';
  note?: string;
}

const JORDAN = 'jordan@customers.example';
const SAM = 'sam@customers.example';
const TAYLOR = 'taylor@customers.example';

/** The demo chef's upcoming orders (Priya's Kitchen: thali on Tuesdays and Thursdays, a biryani special). */
export const UPCOMING_ORDERS: UpcomingDemoOrder[] = [
  // Today: two pickups and a delivery, already being worked on.
  {
    n: 1,
    customer: JORDAN,
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAhead: 0,
    status: 'IN_PREPARATION',
    lines: [{ dish: 'Butter Chicken', quantity: 2 }],
  },
  {
    n: 2,
    customer: SAM,
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAhead: 0,
    status: 'CONFIRMED',
    lines: [{ dish: 'Dal Tadka', quantity: 1 }],
  },
  {
    n: 3,
    customer: TAYLOR,
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAhead: 0,
    status: 'CONFIRMED',
    lines: [
      { dish: 'Butter Chicken', quantity: 1 },
      { dish: 'Dal Tadka', quantity: 1 },
    ],
    note: 'Leave it with the doorman, please.',
  },
  // The next cook day: pickups and deliveries, some still to confirm.
  {
    n: 4,
    customer: SAM,
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAhead: 1,
    status: 'PLACED',
    lines: [{ dish: 'Butter Chicken', quantity: 2 }],
  },
  {
    n: 5,
    customer: JORDAN,
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAhead: 1,
    status: 'CONFIRMED',
    lines: [{ dish: 'Dal Tadka', quantity: 3 }],
  },
  {
    n: 6,
    customer: TAYLOR,
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAhead: 1,
    status: 'PLACED',
    lines: [{ dish: 'Butter Chicken', quantity: 1 }],
  },
  // The biryani special: lunch and evening.
  {
    n: 7,
    customer: JORDAN,
    deliveryOption: 'PICKUP',
    slot: 'LUNCH_12PM',
    daysAhead: 6,
    status: 'PLACED',
    lines: [{ dish: 'Hyderabadi Chicken Biryani', quantity: 2 }],
  },
  {
    n: 8,
    customer: SAM,
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAhead: 6,
    status: 'PLACED',
    lines: [{ dish: 'Hyderabadi Chicken Biryani', quantity: 2 }],
    note: 'Extra raita if you can.',
  },
  // The cook day after.
  {
    n: 9,
    customer: TAYLOR,
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAhead: 4,
    status: 'PLACED',
    lines: [{ dish: 'Dal Tadka', quantity: 3 }],
  },
  {
    n: 10,
    customer: SAM,
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAhead: 4,
    status: 'CONFIRMED',
    lines: [{ dish: 'Butter Chicken', quantity: 1 }],
  },
];

/** Idempotency key of an upcoming demo order: the same on every run. */
export const upcomingOrderKey = (n: number): string => nameUuid(`upcoming-order:${n}`);

/** The order's date: the seed day, or the kitchen's next cook day of the first dish from `daysAhead` on. */
function orderDate(order: UpcomingDemoOrder, kitchen: SeededKitchen, today: string): string {
  if (order.daysAhead === 0) return today;
  const dishIndex = kitchen.demo.dishes.findIndex((d) => d.name === order.lines[0]?.dish);
  const menus = kitchen.demo.menus.filter((m) => m.dishes.includes(dishIndex));
  const onetime = menus.find((m) => m.kind === 'ONETIME');
  if (onetime && typeof onetime.daysAhead === 'number') return addDays(today, onetime.daysAhead);
  const weekdays = menus.flatMap((m) => m.weekdays ?? []);
  let date = addDays(today, order.daysAhead);
  for (let i = 0; i < 7 && weekdays.length > 0 && !weekdays.includes(weekdayOf(date)); i++)
    date = addDays(date, 1);
  return date;
}

/** Creates the demo chef's upcoming orders that do not exist yet; returns how many exist now. */
export async function seedUpcomingOrders(
  ctx: SeedContext,
  kitchens: SeededKitchen[],
  people: PeopleByEmail,
  snapshot: (id: string, address: ConsumerAddressEntity['address']) => Record<string, unknown>,
): Promise<number> {
  const kitchen = kitchens[0];
  if (!kitchen) return 0;
  const m = ctx.manager;
  let seeded = 0;
  const pickup = kitchen.pickupLocationId
    ? await m.getRepository(PickupLocationEntity).findOneBy({ id: kitchen.pickupLocationId })
    : null;
  const today = todayIn(kitchen.timeZone, ctx.now);
  for (const order of UPCOMING_ORDERS) {
    const key = upcomingOrderKey(order.n);
    if (await m.getRepository(OrderEntity).exists({ where: { idempotencyKey: key } })) {
      seeded += 1;
      continue;
    }
    const customerId = people.get(order.customer);
    const resolved = customerId ? await resolveLines(ctx, kitchen, order.lines) : null;
    if (!customerId || !resolved) {
      ctx.warnings.push(`upcoming order ${order.n}: a customer, dish or option is missing; skipped`);
      continue;
    }
    const date = orderDate(order, kitchen, today);
    const currency = kitchen.currencyCode;
    const pricing = priceOrder(
      `upcoming order ${order.n}`,
      kitchen,
      resolved,
      [date],
      order.slot,
      order.deliveryOption,
    );
    const { total, payment } = pricing;
    // Placed a day or two before the seed ran, in the morning of the kitchen's zone.
    const orderedAt = DateTime.fromJSDate(ctx.now, { zone: kitchen.timeZone })
      .minus({ days: 1 + (order.n % 2) })
      .set({ hour: 9, minute: 5 * order.n });
    const customer = DEMO_CUSTOMERS.find((c) => c.email === order.customer);
    const address = await m
      .getRepository(ConsumerAddressEntity)
      .findOne({ where: { consumerId: customerId }, order: { createdAt: 'ASC' } });
    const orderId = (
      await m.getRepository(OrderEntity).insert({
        orderNumber: `HR-${orderedAt.toFormat('yyMMdd')}-${key.slice(0, 4).toUpperCase()}`,
        consumerId: customerId,
        orderTotal: fromMinor(total, currency),
        currencyCode: currency,
        orderedDate: orderedAt.toJSDate(),
        contactDetails: jsonb<Record<string, unknown>>({
          name: customer?.name ?? null,
          email: order.customer,
          phone: '+1 201 555 01' + String(10 + order.n),
        }),
        locationDetails: address
          ? jsonb<Record<string, unknown>>(snapshot(address.id, address.address))
          : null,
        orderStatus: order.status,
        note: order.note ?? null,
        idempotencyKey: key,
      })
    ).identifiers[0]?.id as string;
    count(ctx, 'customer_order');
    for (const [index, line] of resolved.entries()) {
      const priced = pricing.lines[index];
      if (!priced) throw new Error(`seed: upcoming order ${order.n} lost line ${index}`);
      const lineId = await insertLine(ctx, orderId, kitchen, line, priced);
      const selectionId = (
        await m.getRepository(OrderDateSelectionEntity).insert({
          orderedCartItemId: lineId,
          date,
          timeSlots: [order.slot],
          itemTotal: fromMinor(priced.perDate[0]?.itemTotal ?? 0, currency),
          deliveryFee: fromMinor(priced.perDate[0]?.deliveryFee ?? 0, currency),
          orderStatus: order.status,
          paymentStatus: PaymentStatus.INITIATED,
          deliveryOption: order.deliveryOption,
          pickupLocation:
            order.deliveryOption === DeliveryOption.PICKUP && pickup
              ? jsonb<Record<string, unknown>>(snapshot(pickup.id, pickup.address))
              : null,
        })
      ).identifiers[0]?.id as string;
      count(ctx, 'order_date_selection');
      const path: OrderStatus[] = [OrderStatus.PLACED];
      if (order.status !== 'PLACED') path.push(OrderStatus.CONFIRMED);
      if (order.status === 'IN_PREPARATION') path.push(OrderStatus.IN_PREPARATION);
      await m.getRepository(OrderStatusChangeEntity).insert(
        path.map((status, i) => ({
          orderId,
          orderedCartItemId: lineId,
          itemId: line.item.id,
          orderDateSelectionId: selectionId,
          lifeCycleStatus: status,
          reason: null,
          actorId: i === 0 ? customerId : kitchen.chefId,
          at: orderedAt.plus({ hours: 2 * i }).toJSDate(),
        })),
      );
      count(ctx, 'order_status_change', path.length);
    }
    await insertCashPayment(ctx, {
      orderId,
      genericId: `cash:${key}`,
      deliveryOption: order.deliveryOption,
      payment,
      currency,
      completedAt: null,
    });
    seeded += 1;
  }
  return seeded;
}
