import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

/*
 * The order detail (`GET order/{ref}` and the answer of every checkout) is read in one round trip of plain
 * statements and hydrated column by column as TypeORM would (issue 19). The customer's list still reads the
 * same orders through TypeORM's relations: both must say the same of every field.
 */
describe('order detail', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /** An order of two dishes of two kitchens, one picked up and one delivered, over several dates. */
  async function twoKitchenOrder() {
    const customer = await h.customer();
    const lines = [];
    for (const [name, deliveryOption] of [
      ['Veggie Lasagna', 'PICKUP'],
      ['Chana Masala', 'DELIVERY'],
    ] as const) {
      const chef = await h.chef();
      await createPickupLocation(h.db, chef.publisher.id);
      const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name });
      lines.push({
        itemId: offered.item.id,
        optionId: offered.optionId,
        orderQuantity: 2,
        dates: offered.dates.map((date) => ({ date, deliveryOption })),
      });
    }
    await fillCart(h, customer, lines);
    const placed = (
      await placeOrder(h, customer, checkoutBody({ note: "Ring twice, it's \\ the side door" })).expect(201)
    ).body;
    return { customer, placed };
  }

  it('says what the list (read through the ORM) says of every field, by number and by id', async () => {
    const { customer, placed } = await twoKitchenOrder();
    const byNumber = (
      await request(h.http)
        .get(`${API}/order/${placed.orderNumber}`)
        .set({ ...TZ, ...customer.auth })
        .expect(200)
    ).body;
    const byId = (
      await request(h.http)
        .get(`${API}/order/${placed.id}`)
        .set({ ...TZ, ...customer.auth })
        .expect(200)
    ).body;
    const list = (
      await request(h.http)
        .get(`${API}/order`)
        .set({ ...TZ, ...customer.auth })
        .expect(200)
    ).body;
    const listed = list.find((o: { id: string }) => o.id === placed.id);

    expect(byId).toEqual(byNumber);
    // The list has no timeline and status history; everything else is the same, money strings included.
    const withoutHistory = (order: typeof byNumber) => ({
      ...order,
      cartItems: order.cartItems.map((line: { dates: Array<Record<string, unknown>> }) => ({
        ...line,
        dates: line.dates.map(({ timeline: _t, statusChanges: _s, ...date }) => date),
      })),
    });
    expect(withoutHistory(byNumber)).toEqual(listed);
    expect(byNumber.note).toBe("Ring twice, it's \\ the side door");
    expect(byNumber.cartItems.map((l: { kitchenName: string }) => l.kitchenName).every(Boolean)).toBe(true);
    const dates = byNumber.cartItems.flatMap((l: { dates: unknown[] }) => l.dates);
    expect(dates.length).toBeGreaterThan(2);
    for (const date of dates) {
      expect(date).toMatchObject({ cancelBefore: expect.any(String), canCancel: true });
      expect(date.statusChanges).toEqual([
        { status: 'PLACED', label: expect.any(String), at: expect.any(String), reason: null, by: 'CUSTOMER' },
      ]);
    }
    // The checkout's own answer (built from the rows its write returned) is that detail, field for field.
    expect({ ...placed, paymentUrl: undefined, paymentError: undefined }).toEqual({
      ...byNumber,
      paymentUrl: undefined,
      paymentError: undefined,
    });
  });

  it('is a 404 for another customer, and for a reference that tries to be SQL', async () => {
    const { placed } = await twoKitchenOrder();
    const other = await h.customer();
    await request(h.http)
      .get(`${API}/order/${placed.orderNumber}`)
      .set({ ...TZ, ...other.auth })
      .expect(404);
    for (const ref of [
      `${placed.orderNumber}' OR '1'='1`,
      `x'; DELETE FROM customer_order; --`,
      "a\\'b",
      '\u0000',
      'HR-\u0000',
    ]) {
      const res = await request(h.http)
        .get(`${API}/order/${encodeURIComponent(ref)}`)
        .set({ ...TZ, ...other.auth })
        .expect(404);
      expect(res.body.detail).toBe(`Order ${ref} was not found.`);
    }
    const rows: Array<{ n: number }> = await h.db.query(
      'SELECT count(*)::int AS n FROM customer_order WHERE id = $1',
      [placed.id],
    );
    expect(rows[0].n).toBe(1);
  });
});
