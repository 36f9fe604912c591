import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuStatus, ProblemType, PublisherStatus, StopOrdersType } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { CHEF_ZONE, createOfferedItem, createPickupLocation, dayFromNow } from '../setup/shop.js';

const API = '/services/publisher/api';
const TZ = { 'X-Time-Zone': CHEF_ZONE };

describe('cart', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const line = (
    itemId: string,
    optionId: string,
    dates: Array<{ date: string; timeSlots: string[]; deliveryOption?: string }>,
    extra = {},
  ) => ({
    itemId,
    userSelectedPricingOption: { id: optionId },
    dates,
    ...extra,
  });

  it('prices two chefs on two dates line by line, charging the delivery fee once per chef, date and first slot', async () => {
    const [a, b] = [await h.chef(), await h.chef()];
    const [d1, d2] = [dayFromNow(3), dayFromNow(4)];
    const a1 = await createOfferedItem(h.db, {
      publisherId: a.publisher.id,
      name: 'Butter Chicken',
      chefPrice: '8.99',
      deliveryFees: '5.00',
      dates: [d1, d2],
    });
    const a2 = await createOfferedItem(h.db, {
      publisherId: a.publisher.id,
      name: 'Dal Tadka',
      chefPrice: '12.50',
      deliveryFees: '3.00',
      dates: [d1, d2],
    });
    const b1 = await createOfferedItem(h.db, {
      publisherId: b.publisher.id,
      name: 'Pierogi',
      chefPrice: '10',
      deliveryFees: '4.00',
      dates: [d1, d2],
    });
    await createPickupLocation(h.db, b.publisher.id);
    const guest = request.agent(h.http);

    await guest
      .post(`${API}/cart/items`)
      .set(TZ)
      .send(
        line(
          a1.item.id,
          a1.optionId,
          [
            { date: d1, timeSlots: ['PM_5_7'] },
            { date: d2, timeSlots: ['PM_5_7'] },
          ],
          { orderQuantity: 2 },
        ),
      )
      .expect(201);
    await guest
      .post(`${API}/cart/items`)
      .set(TZ)
      .send(line(a2.item.id, a2.optionId, [{ date: d1, timeSlots: ['PM_7_9', 'PM_5_7'] }]))
      .expect(201);
    const res = await guest
      .post(`${API}/cart/items`)
      .set(TZ)
      .send(
        line(b1.item.id, b1.optionId, [
          { date: d1, timeSlots: ['PM_7_9'] },
          { date: d2, timeSlots: ['PM_7_9'], deliveryOption: 'PICKUP' },
        ]),
      )
      .expect(201);

    const cart = res.body;
    const byItem = (id: string) => cart.cartItems.find((l: { itemId: string }) => l.itemId === id);
    expect(byItem(a1.item.id)).toMatchObject({
      orderQuantity: 2,
      slotCount: 2,
      itemTotalChefPrice: '35.96',
      distributedFees: '10.00',
      netAmount: '45.96',
      currencyCode: 'USD',
    });
    expect(
      byItem(a1.item.id).dates.map((d: { itemTotal: string; deliveryFee: string }) => [
        d.itemTotal,
        d.deliveryFee,
      ]),
    ).toEqual([
      ['17.98', '5.00'],
      ['17.98', '5.00'],
    ]);
    // Same chef, same date, same first slot (PM_5_7): no second fee, even though this item has its own.
    expect(byItem(a2.item.id)).toMatchObject({
      itemTotalChefPrice: '25.00',
      distributedFees: '0.00',
      netAmount: '25.00',
    });
    expect(byItem(a2.item.id).dates[0].firstTimeSlot).toBe('PM_5_7');
    // Another chef is another trip; its pickup date carries no fee.
    expect(byItem(b1.item.id)).toMatchObject({
      itemTotalChefPrice: '20.00',
      distributedFees: '4.00',
      netAmount: '24.00',
    });
    expect(cart.deliveryFees).toHaveLength(3);
    expect(
      cart.deliveryFees.find(
        (f: { publisherId: string; date: string }) => f.publisherId === a.publisher.id && f.date === d1,
      ),
    ).toMatchObject({
      amount: '5.00',
      firstTimeSlot: 'PM_5_7',
      chargedToCartItemId: byItem(a1.item.id).cartItemId,
      cartItemIds: [byItem(a1.item.id).cartItemId, byItem(a2.item.id).cartItemId],
    });
    expect(cart.totals).toEqual([
      { currencyCode: 'USD', itemsTotal: '80.96', deliveryFeesTotal: '14.00', cartTotal: '94.96' },
    ]);
    expect(cart.totalsByPublisher.map((t: { total: string }) => t.total)).toEqual(['70.96', '24.00']);
    expect(cart).toMatchObject({ isValid: true, errors: [], removed: [] });

    // The cart is the cookie's: the same guest reads it back, a stranger sees an empty cart.
    expect((await guest.get(`${API}/cart`).set(TZ).expect(200)).body.totals[0].cartTotal).toBe('94.96');
    expect((await request(h.http).get(`${API}/cart`).set(TZ).expect(200)).body.cartItems).toEqual([]);
  });

  it('gives a guest an httpOnly SameSite=Lax cart cookie on the first add, and stores only its hash', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const res = await request(h.http)
      .post(`${API}/cart/items`)
      .set(TZ)
      .send(line(offered.item.id, offered.optionId, [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }]))
      .expect(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('hearth_cart='),
    )!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = cookie.split(';')[0].split('=')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await h.db.query(`SELECT count(*)::int AS n FROM cart WHERE guest_token = $1`, [token]);
    expect(stored[0].n).toBe(0);
  });

  it('makes a delivery line below its minimum invalid, naming the item and the minimum', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Chicken Biryani',
      chefPrice: '8.99',
      deliveryMinimumAmount: '20',
    });
    const res = await h.customer().then((c) =>
      request(h.http)
        .post(`${API}/cart/items`)
        .set({ ...TZ, ...c.auth })
        .send(line(offered.item.id, offered.optionId, [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }]))
        .expect(201),
    );
    expect(res.body.isValid).toBe(false);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        code: 'DELIVERY_MINIMUM_NOT_MET',
        itemName: 'Chicken Biryani',
        minimum: '20.00',
        message: 'Add more of "Chicken Biryani": delivery needs a minimum of $20.00.',
      }),
    ]);
  });

  it("ignores a price the client sends and uses the chef's", async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, chefPrice: '8.99' });
    const res = await request(h.http)
      .post(`${API}/cart/items`)
      .set(TZ)
      .send({
        itemId: offered.item.id,
        userSelectedPricingOption: {
          id: offered.optionId,
          chefPrice: '0.01',
          measurement: 'Kgs',
          quantity: 1,
          serves: 3,
        },
        dates: [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }],
      })
      .expect(201);
    expect(res.body.cartItems[0].userSelectedPricingOption.chefPrice).toBe('8.99');
    expect(res.body.cartItems[0].itemTotalChefPrice).toBe('8.99');
  });

  describe('refuses to add', () => {
    it('a date past its cut-off', async () => {
      const chef = await h.chef();
      const tomorrow = dayFromNow(1);
      const offered = await createOfferedItem(h.db, {
        publisherId: chef.publisher.id,
        name: 'Late Lasagna',
        dates: [tomorrow],
        stopOrdersType: StopOrdersType.DAYS,
        stopOrdersByDaysOrHours: 2,
      });
      const res = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(line(offered.item.id, offered.optionId, [{ date: tomorrow, timeSlots: ['PM_5_7'] }]))
        .expect(409);
      expect(res.body.message).toBe('error.cart.cutoff_passed');
      expect(res.body.detail).toMatch(/^Orders for "Late Lasagna" on \w{3}, \w{3} \d{1,2} closed on /);
    });

    it('a date the item is not offered on, and a slot the date does not have', async () => {
      const chef = await h.chef();
      const offered = await createOfferedItem(h.db, {
        publisherId: chef.publisher.id,
        name: 'Ramen',
        timeSlots: ['PM_5_7'],
      });
      const other = dayFromNow(9);
      const res = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(line(offered.item.id, offered.optionId, [{ date: other, timeSlots: ['PM_5_7'] }]))
        .expect(409);
      expect(res.body.detail).toMatch(/^"Ramen" is not offered on \w{3}, \w{3} \d{1,2}\.$/);
      const slot = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(line(offered.item.id, offered.optionId, [{ date: offered.dates[0], timeSlots: ['AM_9_11'] }]))
        .expect(409);
      expect(slot.body.detail).toMatch(/"Ramen" is not offered 9 AM – 11 AM on/);
    });

    it('a date of a paused menu', async () => {
      const chef = await h.chef();
      const offered = await createOfferedItem(h.db, {
        publisherId: chef.publisher.id,
        name: 'Paused Pho',
        menuStatus: MenuStatus.PAUSE,
      });
      const res = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(line(offered.item.id, offered.optionId, [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }]))
        .expect(409);
      expect(res.body.message).toBe('error.cart.not_offered');
    });

    it('a fulfilment the item does not offer', async () => {
      const chef = await h.chef();
      const offered = await createOfferedItem(h.db, {
        publisherId: chef.publisher.id,
        name: 'Pickup Pie',
        deliveryOptions: ['PICKUP'],
      });
      const res = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(
          line(offered.item.id, offered.optionId, [
            { date: offered.dates[0], timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' },
          ]),
        )
        .expect(409);
      expect(res.body.detail).toBe('"Pickup Pie" is not available for delivery.');
    });

    it('more portions than are left, counting what the cart already holds', async () => {
      const chef = await h.chef();
      const offered = await createOfferedItem(h.db, {
        publisherId: chef.publisher.id,
        name: 'Pad Thai',
        maxAllowed: 5,
        orderedCount: 2,
      });
      const date = offered.dates[0];
      const guest = request.agent(h.http);
      const res = await guest
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(
          line(offered.item.id, offered.optionId, [{ date, timeSlots: ['PM_5_7'] }], { orderQuantity: 4 }),
        )
        .expect(409);
      expect(res.body.type).toBe(ProblemType.SOLD_OUT);
      // A refused first add leaves no cart and no cookie behind.
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body.detail).toMatch(/^Only 3 portions of "Pad Thai" are left for \w{3}, \w{3} \d{1,2}\.$/);
      await guest
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(
          line(offered.item.id, offered.optionId, [{ date, timeSlots: ['PM_5_7'] }], { orderQuantity: 2 }),
        )
        .expect(201);
      const again = await guest
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(
          line(offered.item.id, offered.optionId, [{ date, timeSlots: ['PM_5_7'] }], { orderQuantity: 2 }),
        )
        .expect(409);
      expect(again.body.params).toMatchObject({ itemName: 'Pad Thai', date, remaining: 3 });
    });

    it('an unknown pricing option or item, with clear problems', async () => {
      const chef = await h.chef();
      const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
      const other = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
      const bad = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(line(offered.item.id, other.optionId, [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }]))
        .expect(400);
      expect(bad.body.fieldErrors[0].field).toBe('userSelectedPricingOption.id');
      await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send(
          line('00000000-0000-4000-8000-000000000000', offered.optionId, [
            { date: offered.dates[0], timeSlots: ['PM_5_7'] },
          ]),
        )
        .expect(404);
      const invalid = await request(h.http)
        .post(`${API}/cart/items`)
        .set(TZ)
        .send({ itemId: offered.item.id, userSelectedPricingOption: offered.optionId, dates: [] })
        .expect(400);
      expect(invalid.body.fieldErrors).toEqual([
        { field: 'dates', message: 'dates must list at least one date' },
      ]);
    });
  });

  it('removes lines that can no longer be bought when the cart is read, and says why', async () => {
    const chef = await h.chef();
    const customer = await h.customer();
    const as = { ...TZ, ...customer.auth };
    const names = ['Keeps', 'Hidden Dish', 'Paused Menu Dish', 'Option Gone', 'Yesterday Dish'];
    const offered = await Promise.all(
      names.map((name) => createOfferedItem(h.db, { publisherId: chef.publisher.id, name })),
    );
    for (const o of offered) {
      await request(h.http)
        .post(`${API}/cart/items`)
        .set(as)
        .send(line(o.item.id, o.optionId, [{ date: o.dates[0], timeSlots: ['PM_5_7'] }]))
        .expect(201);
    }
    await h.db.query(`UPDATE item SET item_status = 'HIDDEN' WHERE id = $1`, [offered[1].item.id]);
    await h.db.query(`UPDATE menu SET status = 'PAUSE' WHERE id = $1`, [offered[2].menuId]);
    await h.db.query(`DELETE FROM item_pricing_option WHERE id = $1`, [offered[3].optionId]);
    await h.db.query(
      `UPDATE cart_item_date SET date = $2 WHERE cart_item_id IN (SELECT id FROM cart_item WHERE item_id = $1)`,
      [offered[4].item.id, dayFromNow(-1)],
    );

    const res = await request(h.http).get(`${API}/cart`).set(as).expect(200);
    expect(res.body.cartItems.map((l: { item: { name: string } }) => l.item.name)).toEqual(['Keeps']);
    const removed = Object.fromEntries(
      res.body.removed.map((r: { itemName: string; reason: string }) => [r.itemName, r.reason]),
    );
    expect(removed).toEqual({
      'Hidden Dish': 'ITEM_HIDDEN',
      'Paused Menu Dish': 'NOT_OFFERED',
      'Option Gone': 'NO_PRICING_OPTION',
      'Yesterday Dish': 'PAST_DATE',
    });
    expect(res.body.removed.find((r: { reason: string }) => r.reason === 'PAST_DATE').message).toMatch(
      /^"Yesterday Dish" was removed from your cart: its date \d{4}-\d{2}-\d{2} has passed\.$/,
    );
    // Removed for good: the next read says nothing more.
    expect((await request(h.http).get(`${API}/cart`).set(as).expect(200)).body.removed).toEqual([]);

    await h.db.query(`UPDATE publisher SET status = $2 WHERE id = $1`, [
      chef.publisher.id,
      PublisherStatus.BLOCKED,
    ]);
    const blocked = await request(h.http).get(`${API}/cart`).set(as).expect(200);
    expect(blocked.body.removed.map((r: { reason: string }) => r.reason)).toEqual(['CHEF_BLOCKED']);
    expect(blocked.body.cartItems).toEqual([]);
  });

  it("changes and removes lines, and only in the caller's own cart", async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, chefPrice: '5' });
    const [me, other] = [await h.customer(), await h.customer()];
    const mine = { ...TZ, ...me.auth };
    const added = await request(h.http)
      .post(`${API}/cart/items`)
      .set(mine)
      .send(line(offered.item.id, offered.optionId, [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }]))
      .expect(201);
    const id = added.body.cartItems[0].cartItemId;
    const changed = await request(h.http)
      .put(`${API}/cart/items/${id}`)
      .set(mine)
      .send({ orderQuantity: 3 })
      .expect(200);
    expect(changed.body.cartItems[0]).toMatchObject({ orderQuantity: 3, itemTotalChefPrice: '15.00' });
    const redated = await request(h.http)
      .put(`${API}/cart/items/${id}`)
      .set(mine)
      .send({ dates: offered.dates.map((date) => ({ date, timeSlots: ['PM_5_7'] })) })
      .expect(200);
    expect(redated.body.cartItems[0]).toMatchObject({ orderQuantity: 3, itemTotalChefPrice: '30.00' });
    await request(h.http)
      .put(`${API}/cart/items/${id}`)
      .set({ ...TZ, ...other.auth })
      .send({ orderQuantity: 1 })
      .expect(404);
    await request(h.http)
      .delete(`${API}/cart/items/${id}`)
      .set({ ...TZ, ...other.auth })
      .expect(404);
    expect(
      (await request(h.http).delete(`${API}/cart/items/${id}`).set(mine).expect(200)).body.cartItems,
    ).toEqual([]);
    await request(h.http)
      .post(`${API}/cart/items`)
      .set(mine)
      .send(line(offered.item.id, offered.optionId, [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }]))
      .expect(201);
    await request(h.http).delete(`${API}/cart`).set(mine).expect(204);
    expect((await request(h.http).get(`${API}/cart`).set(mine).expect(200)).body.cartItems).toEqual([]);
  });
});
