import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from '../order/helpers.js';

describe('prep sheet: GET order/prep-sheet and order/prep-sheet.csv', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /** A chef with one dish (recipe for 2) and three orders on its first date: a pickup, a delivery, a cancelled one. */
  async function kitchen() {
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Veggie Lasagna' });
    await h.db.query(`UPDATE item SET ingredients = $2, serves = 2 WHERE id = $1`, [
      offered.item.id,
      '400 g pasta sheets\n1 kg ricotta, 2 eggs, salt',
    ]);
    const date = offered.dates[0];
    const order = async (
      quantity: number,
      deliveryOption: 'PICKUP' | 'DELIVERY',
      contact: { name: string; email: string; phone: string },
    ) => {
      const customer = await h.customer();
      await fillCart(h, customer, [
        {
          itemId: offered.item.id,
          optionId: offered.optionId,
          orderQuantity: quantity,
          dates: [{ date, deliveryOption }],
        },
      ]);
      const body = (await placeOrder(h, customer, checkoutBody({ contact })).expect(201)).body;
      return { customer, body };
    };
    const pickup = await order(2, 'PICKUP', {
      name: 'Pat Pickup',
      email: 'pat@example.test',
      phone: '+1 201 555 0101',
    });
    const delivery = await order(3, 'DELIVERY', {
      name: 'Dana Door',
      email: 'dana@example.test',
      phone: '+1 201 555 0102',
    });
    const gone = await order(5, 'PICKUP', {
      name: 'Cass Cancel',
      email: 'cass@example.test',
      phone: '+1 201 555 0103',
    });
    const line = gone.body.cartItems[0];
    await request(h.http)
      .post(`${API}/order/${gone.body.orderNumber}/cartItem/${line.cartItemId}/dateSelection/${date}/cancel`)
      .set({ ...TZ, ...gone.customer.auth })
      .send({ reason: 'Plans changed' })
      .expect(200);
    return { chef, offered, date, pickup: pickup.body, delivery: delivery.body, gone: gone.body };
  }

  it("gives the chef the date's portions, scaled shopping list and pickup and delivery lists, without the cancelled order", async () => {
    const k = await kitchen();
    const res = await request(h.http)
      .get(`${API}/order/prep-sheet`)
      .query({ date: k.date })
      .set({ ...TZ, ...k.chef.auth })
      .expect(200);
    const sheet = res.body;
    expect(sheet).toMatchObject({ date: k.date, timeSlot: null, catering: [] });
    expect(sheet.portions).toHaveLength(1);
    const servingsPerUnit = sheet.portions[0].servings / 5;
    expect(sheet.portions[0]).toMatchObject({ itemName: 'Veggie Lasagna', units: 5, orders: 2 });
    expect(Number.isInteger(servingsPerUnit) && servingsPerUnit >= 1).toBe(true);
    // recipe for 2: each serving needs half of it
    const scale = (5 * servingsPerUnit) / 2;
    expect(sheet.shopping).toEqual([
      { ingredient: 'eggs', quantity: 2 * scale, unit: 'pcs', dishes: ['Veggie Lasagna'] },
      { ingredient: 'pasta sheets', quantity: 400 * scale, unit: 'g', dishes: ['Veggie Lasagna'] },
      { ingredient: 'ricotta', quantity: 1000 * scale, unit: 'g', dishes: ['Veggie Lasagna'] },
    ]);
    expect(sheet.unquantified).toEqual([{ ingredient: 'salt', dishes: ['Veggie Lasagna'] }]);
    expect(sheet.pickup).toEqual([
      expect.objectContaining({
        orderNumber: k.pickup.orderNumber,
        customer: 'Pat Pickup',
        phone: '+1 201 555 0101',
        address: null,
        note: 'Ring twice',
      }),
    ]);
    expect(sheet.pickup[0].items).toMatch(/^2 × Veggie Lasagna \(/);
    expect(sheet.delivery).toEqual([
      expect.objectContaining({
        orderNumber: k.delivery.orderNumber,
        customer: 'Dana Door',
        phone: '+1 201 555 0102',
      }),
    ]);
    expect(sheet.delivery[0].address).toContain('77 Hudson St');
    expect(JSON.stringify(sheet)).not.toContain(k.gone.orderNumber);

    const other = await request(h.http)
      .get(`${API}/order/prep-sheet`)
      .query({ date: k.date, timeSlot: 'PM_7_9' })
      .set({ ...TZ, ...k.chef.auth })
      .expect(200);
    expect(other.body).toMatchObject({
      timeSlot: 'PM_7_9',
      portions: [],
      pickup: [],
      delivery: [],
      shopping: [],
    });
  });

  it("gives another chef nothing of this kitchen's orders", async () => {
    const k = await kitchen();
    const stranger = await h.chef();
    const res = await request(h.http)
      .get(`${API}/order/prep-sheet`)
      .query({ date: k.date })
      .set({ ...TZ, ...stranger.auth })
      .expect(200);
    expect(res.body).toMatchObject({
      portions: [],
      catering: [],
      shopping: [],
      unquantified: [],
      pickup: [],
      delivery: [],
    });
    const csv = await request(h.http)
      .get(`${API}/order/prep-sheet.csv`)
      .query({ date: k.date })
      .set({ ...TZ, ...stranger.auth })
      .expect(200);
    expect(csv.text).not.toContain(k.pickup.orderNumber);
    const customer = await h.customer();
    await request(h.http)
      .get(`${API}/order/prep-sheet`)
      .query({ date: k.date })
      .set({ ...TZ, ...customer.auth })
      .expect(403);
  });

  it('writes the sheet as CSV in sections with header lines', async () => {
    const k = await kitchen();
    const res = await request(h.http)
      .get(`${API}/order/prep-sheet.csv`)
      .query({ date: k.date })
      .set({ ...TZ, ...k.chef.auth })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(`Prep sheet ${k.date}`);
    for (const title of ['Portions', 'Catering', 'Shopping list', 'Pickup', 'Delivery'])
      expect(lines).toContain(title);
    expect(lines).toContain('Ingredient,Quantity,Unit,Dishes');
    expect(lines).toContain('salt,,,Veggie Lasagna');
    expect(
      lines.some((l) =>
        l.startsWith(`${k.pickup.orderNumber},Pat Pickup,+1 201 555 0101,,2 × Veggie Lasagna`),
      ),
    ).toBe(true);
    expect(res.text).not.toContain(k.gone.orderNumber);
  });

  it('answers problems for a missing, malformed or impossible date and an unknown slot', async () => {
    const chef = await h.chef();
    const get = (query: Record<string, string>) =>
      request(h.http)
        .get(`${API}/order/prep-sheet`)
        .query(query)
        .set({ ...TZ, ...chef.auth });
    for (const [query, field] of [
      [{}, 'date'],
      [{ date: '27.11.2026' }, 'date'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '2026-11-27', timeSlot: 'NOON' }, 'timeSlot'],
    ] as const) {
      const res = await get(query).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
