import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

interface DateDto {
  id: string;
  date: string;
  orderStatus: string;
  itemTotal: string;
  deliveryFee: string;
  netAmount: string;
  settlement: { state: string; amount: string };
}
interface LineDto {
  cartItemId: string;
  itemName: string;
  dates: DateDto[];
}

/**
 * Each ordered date keeps its own amounts, the order's amounts are their sums, and cancelling moves
 * nothing but what the cancelled date came to (a trip's delivery fee stays with the trip while another
 * of its dates is still to be delivered).
 */
describe('order amounts per date', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /** Butter Chicken ×2 on two dates (fee 5.00) and Pierogi on the first (fee 3.00): one trip on d1, one on d2. */
  async function twoLinesOneTrip() {
    const chef = await h.chef();
    const chicken = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Butter Chicken',
      chefPrice: '8.99',
      deliveryFees: '5.00',
    });
    const pierogi = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Pierogi',
      chefPrice: '10.00',
      deliveryFees: '3.00',
      dates: chicken.dates,
    });
    const [d1, d2] = chicken.dates;
    const customer = await h.customer();
    await fillCart(h, customer, [
      {
        itemId: chicken.item.id,
        optionId: chicken.optionId,
        orderQuantity: 2,
        dates: [{ date: d1 }, { date: d2 }],
      },
      { itemId: pierogi.item.id, optionId: pierogi.optionId, dates: [{ date: d1 }] },
    ]);
    const order = (await placeOrder(h, customer, checkoutBody()).expect(201)).body;
    return { chef, customer, order, d1, d2 };
  }

  const line = (order: { cartItems: LineDto[] }, name: string) =>
    order.cartItems.find((l) => l.itemName === name) as LineDto;
  const amounts = (d: DateDto) => [
    d.date,
    d.orderStatus,
    d.itemTotal,
    d.deliveryFee,
    d.netAmount,
    d.settlement.state,
    d.settlement.amount,
  ];
  const getOrder = async (customer: TestActor, orderNumber: string) =>
    (
      await request(h.http)
        .get(`${API}/order/${orderNumber}`)
        .set({ ...TZ, ...customer.auth })
        .expect(200)
    ).body;
  const cancel = (customer: TestActor, orderNumber: string, l: LineDto, d: DateDto) =>
    request(h.http)
      .post(`${API}/order/${orderNumber}/cartItem/${l.cartItemId}/dateSelection/${d.id}/cancel`)
      .set({ ...TZ, ...customer.auth })
      .send({ reason: 'Plans changed' });

  it('stores what each date costs, the fee once per trip on the date carrying it, and sums them into the order', async () => {
    const { order, d1, d2 } = await twoLinesOneTrip();
    // 8.99 × 2 = 17.98 a date; the d1 trip is charged the higher fee (5.00) once, on the chicken.
    expect(line(order, 'Butter Chicken').dates.map(amounts)).toEqual([
      [d1, 'PLACED', '17.98', '5.00', '22.98', 'DUE', '22.98'],
      [d2, 'PLACED', '17.98', '5.00', '22.98', 'DUE', '22.98'],
    ]);
    expect(line(order, 'Pierogi').dates.map(amounts)).toEqual([
      [d1, 'PLACED', '10.00', '0.00', '10.00', 'DUE', '10.00'],
    ]);
    expect(order.orderTotal).toBe('55.96');
    expect(order.amounts).toEqual({
      itemsTotal: '45.96',
      deliveryFeesTotal: '10.00',
      ordered: '55.96',
      cancelledTotal: '0.00',
      total: '55.96',
      due: '55.96',
      paid: '0.00',
      refunded: '0.00',
      refundPending: '0.00',
    });
  });

  it('moves the trip fee to the date still delivered when the date carrying it is cancelled, and says nothing is due', async () => {
    const { customer, order, d1, d2 } = await twoLinesOneTrip();
    const chicken = line(order, 'Butter Chicken');
    const res = await cancel(customer, order.orderNumber, chicken, chicken.dates[0] as DateDto).expect(200);
    // The chicken on d1 now owes nothing; the pierogi still travels on d1 and carries the trip's fee.
    expect(line(res.body, 'Butter Chicken').dates.map(amounts)).toEqual([
      [d1, 'CANCELLED', '17.98', '0.00', '17.98', 'NONE', '0.00'],
      [d2, 'PLACED', '17.98', '5.00', '22.98', 'DUE', '22.98'],
    ]);
    expect(line(res.body, 'Pierogi').dates.map(amounts)).toEqual([
      [d1, 'PLACED', '10.00', '5.00', '15.00', 'DUE', '15.00'],
    ]);
    expect(res.body.amounts).toMatchObject({
      itemsTotal: '45.96',
      deliveryFeesTotal: '10.00',
      cancelledTotal: '17.98',
      total: '37.98',
      due: '37.98',
    });
    const [receipt] = await h.db.query(
      `SELECT text FROM email_outbox WHERE related_id = $1 AND subject LIKE 'You cancelled%'`,
      [order.id],
    );
    expect(receipt.text).toContain('Nothing is due for it: the $17.98 it came to is no longer charged.');

    // When the last date of the trip goes too, the fee goes with it.
    const pierogi = line(res.body, 'Pierogi');
    await cancel(customer, order.orderNumber, pierogi, pierogi.dates[0] as DateDto).expect(200);
    const after = await getOrder(customer, order.orderNumber);
    expect(line(after, 'Pierogi').dates.map(amounts)).toEqual([
      [d1, 'CANCELLED', '10.00', '5.00', '15.00', 'NONE', '0.00'],
    ]);
    expect(after.amounts).toMatchObject({
      ordered: '55.96',
      cancelledTotal: '32.98',
      total: '22.98',
      due: '22.98',
    });
  });

  it("shows the chef each date's own items, fee and what it comes to", async () => {
    const { chef, order, d1, d2 } = await twoLinesOneTrip();
    const board = (
      await request(h.http)
        .get(`${API}/order/fulfillOrders`)
        .set({ ...TZ, ...chef.auth })
        .expect(200)
    ).body as Array<Record<string, unknown>>;
    const mine = board.filter((f) => f.orderNumber === order.orderNumber);
    expect(
      mine
        .map((f) => [
          f.itemName,
          f.date,
          f.itemTotal,
          f.deliveryFee,
          f.netAmountPerDate,
          (f.settlement as { state: string }).state,
        ])
        .sort(),
    ).toEqual(
      [
        ['Butter Chicken', d1, '17.98', '5.00', '22.98', 'DUE'],
        ['Butter Chicken', d2, '17.98', '5.00', '22.98', 'DUE'],
        ['Pierogi', d1, '10.00', '0.00', '10.00', 'DUE'],
      ].sort(),
    );
  });
});
