import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemType } from '@hearth/shared';
import { ORDER_NUMBER_PATTERN } from '../../src/modules/order/order-number.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, orderedCount } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

describe('checkout with cash', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('places the cart as one order: snapshots, PLACED dates, status history, cash payment with per-kitchen fees, capacity taken, cart emptied, e-mails queued', async () => {
    const [a, b] = [await h.chef(), await h.chef()];
    const pickup = await createPickupLocation(h.db, b.publisher.id);
    await h.db.query(`INSERT INTO kitchen_fee_percentage (publisher_id, percentage) VALUES ($1, 0.15)`, [
      b.publisher.id,
    ]);
    const a1 = await createOfferedItem(h.db, {
      publisherId: a.publisher.id,
      name: 'Butter Chicken',
      chefPrice: '8.99',
      deliveryFees: '5.00',
    });
    const b1 = await createOfferedItem(h.db, {
      publisherId: b.publisher.id,
      name: 'Pierogi',
      chefPrice: '10.00',
      dates: a1.dates,
    });
    const [d1, d2] = a1.dates;
    const customer = await h.customer();
    await fillCart(h, customer, [
      { itemId: a1.item.id, optionId: a1.optionId, orderQuantity: 2, dates: [{ date: d1 }, { date: d2 }] },
      { itemId: b1.item.id, optionId: b1.optionId, dates: [{ date: d1, deliveryOption: 'PICKUP' }] },
    ]);

    const res = await placeOrder(h, customer).expect(201);
    const order = res.body;
    expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    // 8.99 × 2 × 2 dates = 35.96 + 2 delivery trips × 5.00 = 45.96; pierogi 10.00 for pickup.
    expect(order).toMatchObject({
      orderTotal: '55.96',
      currencyCode: 'USD',
      orderStatus: 'PLACED',
      note: 'Ring twice',
    });
    expect(order.consumerContactDetails).toEqual({
      name: 'Casey Jones',
      email: 'casey@example.test',
      phone: '+1 201 555 0100',
    });
    expect(order.consumerLocationDetails).toMatchObject({
      addressLine1: '77 Hudson St',
      city: 'Jersey City',
    });
    // Platform fee: 20 % of 45.96 = 9.19 (half away from zero) + 15 % of 10.00 = 1.50.
    expect(order.paymentDetails).toMatchObject({
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      isPaymentCompleted: false,
      grossAmount: '55.96',
      transactionFees: '0.00',
      netAmount: '55.96',
      vsFees: '10.69',
      vsNet: '45.27',
    });
    const byName = (name: string) => order.cartItems.find((l: { itemName: string }) => l.itemName === name);
    const [chicken, pierogi] = [byName('Butter Chicken'), byName('Pierogi')];
    expect(chicken).toMatchObject({
      itemName: 'Butter Chicken',
      unitPrice: '8.99',
      orderQuantity: 2,
      itemTotalChefPrice: '35.96',
      distributedFees: '10.00',
      netAmount: '45.96',
      vsFees: '0.2000',
    });
    expect(
      chicken.dates.map((d: { date: string; orderStatus: string; paymentStatus: string }) => [
        d.date,
        d.orderStatus,
        d.paymentStatus,
      ]),
    ).toEqual([
      [d1, 'PLACED', 'INITIATED'],
      [d2, 'PLACED', 'INITIATED'],
    ]);
    expect(pierogi).toMatchObject({ itemName: 'Pierogi', vsFees: '0.1500' });
    expect(pierogi.dates[0]).toMatchObject({
      deliveryOption: 'PICKUP',
      canCancel: true,
      pickupLocation: expect.objectContaining({ id: pickup.id }),
    });
    expect(
      chicken.dates[0].timeline.map((t: { label: string; state: string }) => `${t.label}:${t.state}`),
    ).toEqual([
      'Order placed:current',
      'Confirmed by the chef:upcoming',
      'Being prepared:upcoming',
      'On the way:upcoming',
      'Delivered:upcoming',
    ]);
    expect(chicken.dates[0].statusChanges).toEqual([
      expect.objectContaining({ status: 'PLACED', by: 'CUSTOMER', reason: null }),
    ]);

    expect(await orderedCount(h.db, a1.item.id, d1)).toBe(2);
    expect(await orderedCount(h.db, a1.item.id, d2)).toBe(2);
    expect(await orderedCount(h.db, b1.item.id, d1)).toBe(1);
    expect(
      (
        await request(h.http)
          .get(`${API}/cart`)
          .set({ ...TZ, ...customer.auth })
          .expect(200)
      ).body.cartItems,
    ).toEqual([]);
    const mails = await h.db.query(
      `SELECT to_address, subject, state FROM email_outbox WHERE related_id = $1 ORDER BY to_address`,
      [order.id],
    );
    expect(mails.map((m: { to_address: string }) => m.to_address).sort()).toEqual(
      // The customer's confirmation goes to the account's address, not the contact typed at checkout (S-08).
      [customer.consumer.userEmail, a.publisher.userEmail, b.publisher.userEmail].sort(),
    );
    expect(mails.every((m: { subject: string }) => m.subject.includes(order.orderNumber))).toBe(true);
  });

  it('re-prices from the database: a price changed after the item was added is the one charged, whatever the client sent', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, chefPrice: '8.99' });
    const customer = await h.customer();
    await request(h.http)
      .post(`${API}/cart/items`)
      .set({ ...TZ, ...customer.auth })
      .send({
        itemId: offered.item.id,
        userSelectedPricingOption: { id: offered.optionId, chefPrice: '0.01' },
        dates: [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }],
      })
      .expect(201);
    await h.db.query(`UPDATE item_pricing_option SET chef_price = 12.50 WHERE id = $1`, [offered.optionId]);
    // A price or total in the checkout form is not even accepted.
    const refused = await placeOrder(h, customer, checkoutBody({ orderTotal: '0.01' })).expect(400);
    expect(refused.body.fieldErrors).toEqual([
      { field: 'orderTotal', message: 'orderTotal is not a known field' },
    ]);
    const order = (await placeOrder(h, customer).expect(201)).body;
    expect(order.orderTotal).toBe('12.50');
    expect(order.cartItems[0]).toMatchObject({ unitPrice: '12.50', itemTotalChefPrice: '12.50' });
  });

  it('creates one order for a double submit with the same key, even at the same instant', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const customer = await h.customer();
    await fillCart(h, customer, [
      {
        itemId: offered.item.id,
        optionId: offered.optionId,
        orderQuantity: 3,
        dates: [{ date: offered.dates[0] }],
      },
    ]);
    const body = checkoutBody();
    const [first, second] = await Promise.all([placeOrder(h, customer, body), placeOrder(h, customer, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.orderNumber).toBe(second.body.orderNumber);
    const [{ n }] = await h.db.query(
      `SELECT count(*)::int AS n FROM customer_order WHERE idempotency_key = $1`,
      [body.idempotencyKey],
    );
    expect(n).toBe(1);
    expect(await orderedCount(h.db, offered.item.id, offered.dates[0])).toBe(3);
    // Later, again: the same first order, still 200.
    const later = await placeOrder(h, customer, body).expect(200);
    expect(later.body.orderNumber).toBe(first.body.orderNumber);
    // Another customer cannot reuse someone's key.
    const other = await h.customer();
    await fillCart(h, other, [
      { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date: offered.dates[0] }] },
    ]);
    expect((await placeOrder(h, other, body).expect(409)).body.message).toBe('error.order.idempotency_key');
  });

  it('sells exactly the portions left: 200 buyers at once for 10 portions → 10 orders, 190 clear sold-out problems, ordered_count 10', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Last Lasagna',
      maxAllowed: 10,
    });
    const date = offered.dates[0];
    const buyers = await Promise.all(Array.from({ length: 200 }, () => h.customer()));
    for (let i = 0; i < buyers.length; i += 20) {
      await Promise.all(
        buyers
          .slice(i, i + 20)
          .map((b) =>
            fillCart(h, b, [{ itemId: offered.item.id, optionId: offered.optionId, dates: [{ date }] }]),
          ),
      );
    }
    const results = await Promise.all(buyers.map((b) => placeOrder(h, b)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.type).toBe(ProblemType.SOLD_OUT);
      expect(r.body.detail).toMatch(/^"Last Lasagna" is sold out for \w{3}, \w{3} \d{1,2}\.$/);
      expect(r.body.params).toMatchObject({ itemName: 'Last Lasagna', date, remaining: 0 });
    }
    expect(await orderedCount(h.db, offered.item.id, date)).toBe(10);
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM ordered_cart_item WHERE item_id = $1`, [
      offered.item.id,
    ]);
    expect(n).toBe(10);
    // The buyers who lost still have their cart (nothing was half-done).
    const loser = buyers[results.findIndex((r) => r.status === 409)];
    expect(
      (
        await request(h.http)
          .get(`${API}/cart`)
          .set({ ...TZ, ...loser.auth })
          .expect(200)
      ).body.cartItems,
    ).toHaveLength(1);
  }, 180_000);

  it('takes all or nothing: when one line is short, no other line takes capacity', async () => {
    const chef = await h.chef();
    const plenty = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Plenty',
      maxAllowed: 50,
    });
    const scarce = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Scarce',
      maxAllowed: 1,
      dates: plenty.dates,
    });
    const date = plenty.dates[0];
    const [early, late] = [await h.customer(), await h.customer()];
    await fillCart(h, late, [
      { itemId: plenty.item.id, optionId: plenty.optionId, orderQuantity: 5, dates: [{ date }] },
      { itemId: scarce.item.id, optionId: scarce.optionId, dates: [{ date }] },
    ]);
    await fillCart(h, early, [{ itemId: scarce.item.id, optionId: scarce.optionId, dates: [{ date }] }]);
    await placeOrder(h, early).expect(201);
    const res = await placeOrder(h, late).expect(409);
    expect(res.body).toMatchObject({ type: ProblemType.SOLD_OUT, params: { itemName: 'Scarce', date } });
    expect(await orderedCount(h.db, plenty.item.id, date)).toBe(0);
    expect(await orderedCount(h.db, scarce.item.id, date)).toBe(1);
  });

  it('refuses other payment methods, an empty cart and a delivery without an address', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const customer = await h.customer();
    expect((await placeOrder(h, customer).expect(409)).body.detail).toBe('Your cart is empty.');
    await fillCart(h, customer, [
      { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date: offered.dates[0] }] },
    ]);
    const card = await placeOrder(h, customer, checkoutBody({ paymentMethod: 'STRIPE_CARD' })).expect(400);
    expect(card.body.fieldErrors[0]).toEqual({
      field: 'paymentMethod',
      message: "Card isn't offered: payments through Stripe are not set up on Hearth.",
    });
    const noAddress = await placeOrder(h, customer, checkoutBody({ deliveryAddress: undefined })).expect(400);
    expect(noAddress.body.fieldErrors[0].field).toBe('deliveryAddressId');
    await request(h.http).post(`${API}/order`).set(TZ).send(checkoutBody()).expect(401);
  });

  it('lists my orders newest first, paged', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const customer = await h.customer();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      await fillCart(h, customer, [
        { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date: offered.dates[0] }] },
      ]);
      numbers.push((await placeOrder(h, customer).expect(201)).body.orderNumber);
    }
    const page0 = await request(h.http).get(`${API}/order?page=0&size=2`).set(customer.auth).expect(200);
    expect(page0.headers['x-total-count']).toBe('3');
    expect(page0.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[2], numbers[1]]);
    const page1 = await request(h.http).get(`${API}/order?page=1&size=2`).set(customer.auth).expect(200);
    expect(page1.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[0]]);
    expect(page1.body[0].cartItems[0].dates[0]).toMatchObject({
      orderStatus: 'PLACED',
      paymentStatus: 'INITIATED',
      canCancel: true,
    });
  });
});
