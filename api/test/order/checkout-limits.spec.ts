import request from 'supertest';
import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAX_OPEN_ORDERS_PER_CUSTOMER,
  MAX_PORTIONS_PER_KITCHEN_DATE,
  ProblemType,
  dayLabel,
} from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createOfferedItem } from '../setup/shop.js';
import { REPEATED_CANCELLATIONS } from '../../src/modules/order/order-status.service.js';
import { API, fillCart, placeOrder, TZ } from './helpers.js';

describe('checkout caps per customer (S-08)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it(`refuses more than ${MAX_PORTIONS_PER_KITCHEN_DATE} portions from one kitchen for one date, counting earlier orders`, async () => {
    const chef = await h.chef({ kitchenName: 'Capped Kitchen' });
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, maxAllowed: 100 });
    const [d1, d2] = offered.dates;
    const customer = await h.customer();
    const line = (orderQuantity: number, date = d1, timeSlots = ['PM_5_7', 'PM_7_9']) => ({
      itemId: offered.item.id,
      optionId: offered.optionId,
      orderQuantity,
      dates: [{ date, timeSlots }],
    });

    // 6 × 2 slots = 12 portions: refused, nothing taken, the cart kept.
    await fillCart(h, customer, [line(6)]);
    const refused = await placeOrder(h, customer).expect(409);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({
      type: ProblemType.CONFLICT,
      message: 'error.order.portion_limit',
      detail: `You can order at most ${MAX_PORTIONS_PER_KITCHEN_DATE} portions from Capped Kitchen for ${dayLabel(d1)}; this order would make it 12. Lower the quantity in your cart and try again.`,
      params: { date: d1, ordered: 0, wanted: 12, maximum: MAX_PORTIONS_PER_KITCHEN_DATE },
    });
    const orders = await h.db.query(`SELECT 1 FROM customer_order WHERE consumer_id = $1`, [
      customer.consumer.id,
    ]);
    expect(orders).toHaveLength(0);

    // 5 × 2 = 10 is the most: placed.
    await request(h.http)
      .delete(`${API}/cart`)
      .set({ ...TZ, ...customer.auth })
      .expect(204);
    await fillCart(h, customer, [line(5)]);
    await placeOrder(h, customer).expect(201);

    // One more portion that date, even in a new order, is over; another date is fine.
    await fillCart(h, customer, [line(1, d1, ['PM_5_7'])]);
    const again = await placeOrder(h, customer).expect(409);
    expect(again.body.detail).toContain('this order would make it 11 (10 in your earlier orders)');
    await request(h.http)
      .delete(`${API}/cart`)
      .set({ ...TZ, ...customer.auth })
      .expect(204);
    await fillCart(h, customer, [line(1, d2, ['PM_5_7'])]);
    await placeOrder(h, customer).expect(201);

    // Another customer has a budget of their own.
    const other = await h.customer();
    await fillCart(h, other, [line(5)]);
    await placeOrder(h, other).expect(201);
  });

  it(`refuses an order beyond ${MAX_OPEN_ORDERS_PER_CUSTOMER} open ones until one is cancelled`, async () => {
    // Two kitchens, two dates each: one portion per order stays under the per-date cap of 10.
    const kitchens = [await h.chef(), await h.chef()];
    const items = await Promise.all(
      kitchens.map((k) => createOfferedItem(h.db, { publisherId: k.publisher.id, maxAllowed: 100 })),
    );
    const customer = await h.customer();
    const buy = async (n: number) => {
      const offered = items[Math.floor(n / 10) % 2];
      await fillCart(h, customer, [
        {
          itemId: offered.item.id,
          optionId: offered.optionId,
          dates: [{ date: offered.dates[n % 2], timeSlots: ['PM_5_7'] }],
        },
      ]);
      return placeOrder(h, customer);
    };
    const placed: Array<{
      orderNumber: string;
      cartItems: Array<{ cartItemId: string; dates: Array<{ date: string }> }>;
    }> = [];
    for (let n = 0; n < MAX_OPEN_ORDERS_PER_CUSTOMER; n++) {
      const res = await buy(n);
      expect(res.status).toBe(201);
      placed.push(res.body);
    }
    const refused = await buy(0);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'error.order.open_limit',
      detail: `You have ${MAX_OPEN_ORDERS_PER_CUSTOMER} open orders, the most one account may have at a time. Place this one when an earlier order has been delivered or cancelled.`,
    });

    // Cancelling one (its only date) frees a place.
    const first = placed[0];
    await request(h.http)
      .post(
        `${API}/order/${first.orderNumber}/cartItem/${first.cartItems[0].cartItemId}/dateSelection/${first.cartItems[0].dates[0].date}/cancel`,
      )
      .set({ ...TZ, ...customer.auth })
      .send({})
      .expect((res) => expect(res.status).toBeLessThan(300));
    await placeOrder(h, customer).expect(201);
  });

  it(`flags a customer who cancels ${REPEATED_CANCELLATIONS} dates within a day with a log event`, async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    try {
      const chef = await h.chef();
      const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, maxAllowed: 100 });
      const customer = await h.customer();
      const flagged = () =>
        warn.mock.calls.filter(
          ([entry]) =>
            (entry as { event?: string }).event === 'order.repeated_cancellations' &&
            (entry as { consumerId?: string }).consumerId === customer.consumer.id,
        );
      for (let n = 1; n <= REPEATED_CANCELLATIONS; n++) {
        await fillCart(h, customer, [
          {
            itemId: offered.item.id,
            optionId: offered.optionId,
            dates: [{ date: offered.dates[n % 2], timeSlots: ['PM_5_7'] }],
          },
        ]);
        const order = (await placeOrder(h, customer).expect(201)).body;
        const line = order.cartItems[0];
        await request(h.http)
          .post(
            `${API}/order/${order.orderNumber}/cartItem/${line.cartItemId}/dateSelection/${line.dates[0].date}/cancel`,
          )
          .set({ ...TZ, ...customer.auth })
          .send({})
          .expect((res) => expect(res.status).toBeLessThan(300));
        expect(flagged()).toHaveLength(n < REPEATED_CANCELLATIONS ? 0 : 1);
      }
      expect(flagged()[0][0]).toMatchObject({ count: REPEATED_CANCELLATIONS });
    } finally {
      warn.mockRestore();
    }
  });
});
