import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

interface Hit {
  orderNumber: string;
  orderId: string;
  itemName: string;
  kitchenName: string;
  publisherId: string;
  date: string;
  customer: { name?: string; email?: string; phone?: string } | null;
  nextStatuses: string[];
}

describe('order search: GET _search/order and order/search/', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /** A kitchen with one dish and one order per contact (each on the dish's first date). */
  async function kitchen(dish: string, contacts: Array<{ name: string; email: string; phone: string }>) {
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: dish });
    const orders: Array<{ orderNumber: string; id: string }> = [];
    for (const contact of contacts) {
      const customer = await h.customer();
      await fillCart(h, customer, [
        { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date: offered.dates[0] }] },
      ]);
      orders.push((await placeOrder(h, customer, checkoutBody({ contact })).expect(201)).body);
    }
    return { chef, offered, orders };
  }

  const text = (actor: TestActor, query: string, extra: Record<string, string | number> = {}) =>
    request(h.http)
      .get(`${API}/_search/order`)
      .query({ query, ...extra })
      .set({ ...TZ, ...actor.auth });
  const byKey = (actor: TestActor, searchBy: string, query: string) =>
    request(h.http)
      .get(`${API}/order/search/`)
      .query({ searchBy, query })
      .set({ ...TZ, ...actor.auth });
  const numbers = (body: Hit[]) => body.map((r) => r.orderNumber).sort();

  /** Two kitchens; the second has a customer with the same name as one of the first's. */
  async function world() {
    const tag = randomUUID().slice(0, 8);
    // an area code and exchange of this world's own (one in 640,000), so that an admin's phone
    // search finds no other world's orders: an area code alone collided in a CI run
    const [area, exchange] = [0, 0].map(() => String(200 + Math.floor(Math.random() * 800)));
    const a = await kitchen(`Saffron Risotto ${tag}`, [
      { name: `Pat Quinlan ${tag}`, email: `pat.${tag}@example.test`, phone: `+1 ${area} ${exchange} 0101` },
      { name: `Dana Door ${tag}`, email: `dana.${tag}@example.test`, phone: `+1 (${area}) ${exchange}-0199` },
    ]);
    const b = await kitchen(`Mole Poblano ${tag}`, [
      { name: `Pat Quinlan ${tag}`, email: `pq.${tag}@example.test`, phone: `+1 ${area} ${exchange} 0177` },
    ]);
    return { tag, area, exchange, a, b };
  }

  it("finds the chef's own orders by order number, its beginning, customer name, e-mail, phone and item", async () => {
    const { tag, area, exchange, a, b } = await world();
    const [pat, dana] = a.orders;

    const full = await text(a.chef, pat.orderNumber.toLowerCase()).expect(200);
    expect(numbers(full.body)).toEqual([pat.orderNumber]);
    expect(full.body[0]).toMatchObject({
      orderId: pat.id,
      itemName: `Saffron Risotto ${tag}`,
      kitchenName: a.chef.publisher.kitchenName,
      publisherId: a.chef.publisher.id,
      date: a.offered.dates[0],
      customer: { name: `Pat Quinlan ${tag}`, phone: `+1 ${area} ${exchange} 0101` },
    });
    expect(full.body[0].nextStatuses.length).toBeGreaterThan(0);
    expect(full.headers['x-total-count']).toBe('1');

    const prefix = pat.orderNumber.slice(0, pat.orderNumber.length - 1);
    expect(numbers((await text(a.chef, prefix).expect(200)).body)).toContain(pat.orderNumber);

    // the name is shared with kitchen B's customer: the chef sees only their own order
    expect(numbers((await text(a.chef, `quinlan ${tag}`).expect(200)).body)).toEqual([pat.orderNumber]);
    expect(numbers((await text(a.chef, `DANA.${tag}@EXAMPLE`).expect(200)).body)).toEqual([dana.orderNumber]);
    // phone typed with other formatting
    expect(numbers((await text(a.chef, `${area}-${exchange}-0199`).expect(200)).body)).toEqual([
      dana.orderNumber,
    ]);
    expect(numbers((await text(a.chef, `(${area}) ${exchange} 0101`).expect(200)).body)).toEqual([
      pat.orderNumber,
    ]);
    // item name finds every order of the dish
    expect(numbers((await text(a.chef, `risotto ${tag}`).expect(200)).body)).toEqual(
      [pat.orderNumber, dana.orderNumber].sort(),
    );
    // another kitchen's dish, customer or order number finds nothing for this chef
    expect((await text(a.chef, `poblano ${tag}`).expect(200)).body).toEqual([]);
    expect((await text(a.chef, b.orders[0].orderNumber).expect(200)).body).toEqual([]);
    expect((await text(a.chef, `${area} ${exchange} 0177`).expect(200)).body).toEqual([]);
    const none = await text(a.chef, `nobody ${tag}`).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('pages the results with X-Total-Count and Link', async () => {
    const { tag, a } = await world();
    const first = await text(a.chef, `risotto ${tag}`, { size: 1 }).expect(200);
    expect(first.body).toHaveLength(1);
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.headers.link).toContain('rel="next"');
    const second = await text(a.chef, `risotto ${tag}`, { size: 1, page: 1 }).expect(200);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].orderNumber).not.toBe(first.body[0].orderNumber);
    const past = await text(a.chef, `risotto ${tag}`, { size: 1, page: 5 }).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('2');
  });

  it('takes LIKE wildcards in the query literally', async () => {
    const { tag, a } = await world();
    expect((await text(a.chef, '%%').expect(200)).body).toEqual([]);
    expect((await text(a.chef, '__').expect(200)).body).toEqual([]);
    expect((await text(a.chef, `pat_${tag}`).expect(200)).body).toEqual([]);
    expect((await text(a.chef, `Pat%${tag}`).expect(200)).body).toEqual([]);
    expect((await text(a.chef, '\\\\').expect(200)).body).toEqual([]);
    // the same words without wildcards do match
    expect((await text(a.chef, `pat.${tag}`).expect(200)).body).toHaveLength(1);
  });

  it('gives an admin matches across kitchens, each with its kitchen named', async () => {
    const { tag, a, b } = await world();
    const admin = await h.admin();
    const res = await text(admin, `Pat Quinlan ${tag}`).expect(200);
    expect(numbers(res.body)).toEqual([a.orders[0].orderNumber, b.orders[0].orderNumber].sort());
    const kitchens = Object.fromEntries((res.body as Hit[]).map((r) => [r.orderNumber, r.kitchenName]));
    expect(kitchens[a.orders[0].orderNumber]).toBe(a.chef.publisher.kitchenName);
    expect(kitchens[b.orders[0].orderNumber]).toBe(b.chef.publisher.kitchenName);
  });

  it('looks up each exact key: id (number or uuid), email, phone, kitchen', async () => {
    const { tag, area, exchange, a, b } = await world();
    const admin = await h.admin();
    const [pat, dana] = a.orders;

    expect(numbers((await byKey(admin, 'id', pat.orderNumber.toLowerCase()).expect(200)).body)).toEqual([
      pat.orderNumber,
    ]);
    expect(numbers((await byKey(admin, 'id', pat.id).expect(200)).body)).toEqual([pat.orderNumber]);
    // exact, not a prefix
    expect((await byKey(admin, 'id', pat.orderNumber.slice(0, -1)).expect(200)).body).toEqual([]);

    expect(numbers((await byKey(admin, 'email', `DANA.${tag}@example.test`).expect(200)).body)).toEqual([
      dana.orderNumber,
    ]);
    expect((await byKey(admin, 'email', `dana.${tag}@example`).expect(200)).body).toEqual([]);

    // the phone as stored, with another formatting, and without the country code
    expect(numbers((await byKey(admin, 'phone', `1${area}${exchange}0177`).expect(200)).body)).toEqual([
      b.orders[0].orderNumber,
    ]);
    expect(numbers((await byKey(admin, 'phone', `(${area}) ${exchange}-0177`).expect(200)).body)).toEqual([
      b.orders[0].orderNumber,
    ]);
    expect((await byKey(admin, 'phone', `${area} ${exchange}-017`).expect(200)).body).toEqual([]);

    const byName = await byKey(admin, 'kitchen', a.chef.publisher.kitchenName.toUpperCase()).expect(200);
    expect(numbers(byName.body)).toEqual([pat.orderNumber, dana.orderNumber].sort());
    await h.db.query(`UPDATE publisher SET brand_display_name = $2 WHERE id = $1`, [
      a.chef.publisher.id,
      `Casa ${tag}`,
    ]);
    const byDisplayName = await byKey(admin, 'kitchen', `casa ${tag}`).expect(200);
    expect(numbers(byDisplayName.body)).toEqual([pat.orderNumber, dana.orderNumber].sort());
    expect((await byKey(admin, 'kitchen', `casa`).expect(200)).body).toEqual([]);
    const byId = await byKey(admin, 'kitchen', b.chef.publisher.id).expect(200);
    expect(numbers(byId.body)).toEqual([b.orders[0].orderNumber]);
    expect(byId.body[0].kitchenName).toBe(b.chef.publisher.kitchenName);
  });

  it('lets a chef use the keys within their own kitchen only, and refuses the kitchen key', async () => {
    const { tag, area, exchange, a, b } = await world();
    expect(numbers((await byKey(a.chef, 'email', `pat.${tag}@example.test`).expect(200)).body)).toEqual([
      a.orders[0].orderNumber,
    ]);
    expect((await byKey(a.chef, 'email', `pq.${tag}@example.test`).expect(200)).body).toEqual([]);
    expect((await byKey(a.chef, 'id', b.orders[0].orderNumber).expect(200)).body).toEqual([]);
    expect((await byKey(a.chef, 'id', b.orders[0].id).expect(200)).body).toEqual([]);
    expect((await byKey(a.chef, 'phone', `+1 ${area} ${exchange} 0177`).expect(200)).body).toEqual([]);
    const refused = await byKey(a.chef, 'kitchen', b.chef.publisher.kitchenName).expect(403);
    expect(refused.body).toMatchObject({ status: 403, type: expect.any(String) });
    expect(JSON.stringify(refused.body)).not.toContain(b.orders[0].orderNumber);
  });

  it('answers bad input with a 400 problem naming the field, and refuses customers', async () => {
    const { a } = await world();
    const bad = await request(h.http)
      .get(`${API}/order/search/`)
      .query({ searchBy: 'name', query: 'x' })
      .set({ ...TZ, ...a.chef.auth })
      .expect(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'searchBy' })]),
    );
    const empty = await byKey(a.chef, 'email', '   ').expect(400);
    expect(empty.body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'query' })]),
    );
    const shortPhone = await byKey(a.chef, 'phone', '12').expect(400);
    expect(shortPhone.body.fieldErrors).toEqual([expect.objectContaining({ field: 'query' })]);
    const missing = await request(h.http)
      .get(`${API}/_search/order`)
      .set({ ...TZ, ...a.chef.auth })
      .expect(400);
    expect(missing.body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'query' })]),
    );
    const customer = await h.customer();
    await text(customer, a.orders[0].orderNumber).expect(403);
    await byKey(customer, 'id', a.orders[0].orderNumber).expect(403);
  });
});
