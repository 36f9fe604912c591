import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashBlockedByNoShows, CashService, noShowCount } from '../../src/modules/order/cash.service.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { CHEF_ZONE, createOfferedItem, createPickupLocation, orderedCount } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

/** Cash on pickup or delivery (issue 15 item 7): cash received, not collected, and no-shows ending cash. */
describe('cash received and no-shows', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  interface Placed {
    chef: TestActor & { publisher: { id: string } };
    customer: TestActor;
    order: { id: string; orderNumber: string };
    lineId: string;
    itemId: string;
    dates: Array<{ id: string; date: string }>;
  }

  async function cashOrder(customer?: TestActor): Promise<Placed> {
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Dal Makhani' });
    const buyer = customer ?? (await h.customer());
    await fillCart(h, buyer, [
      {
        itemId: offered.item.id,
        optionId: offered.optionId,
        orderQuantity: 1,
        dates: offered.dates.map((date) => ({ date, deliveryOption: 'PICKUP' })),
      },
    ]);
    const order = (await placeOrder(h, buyer, checkoutBody()).expect(201)).body;
    const line = order.cartItems[0];
    return {
      chef,
      customer: buyer,
      order,
      lineId: line.cartItemId,
      itemId: offered.item.id,
      dates: line.dates,
    };
  }

  const received = (actor: TestActor, body: Record<string, unknown>) =>
    request(h.http)
      .post(`${API}/order/cash/callback`)
      .set({ ...TZ, ...actor.auth })
      .send(body);
  const noShow = (actor: TestActor, p: Placed, date: string) =>
    request(h.http)
      .post(`${API}/order/${p.order.orderNumber}/cartItem/${p.lineId}/dateSelection/${date}/no-show`)
      .set({ ...TZ, ...actor.auth })
      .send({});
  /** Moves a date of the order to today or the past in the kitchen's zone (its day has come). */
  const backdate = (id: string, daysAgo: number) =>
    h.db.query(
      `UPDATE order_date_selection SET date = (now() AT TIME ZONE $3)::date - $2::int WHERE id = $1`,
      [id, daysAgo, CHEF_ZONE],
    );
  const payment = async (orderId: string) =>
    (
      await h.db.query(
        `SELECT is_payment_completed, payment_completed_time FROM payment_details WHERE order_id = $1`,
        [orderId],
      )
    )[0] as { is_payment_completed: boolean; payment_completed_time: Date | null };

  it('records cash received per date; the order is paid once every live date is; idempotent', async () => {
    const p = await cashOrder();
    expect(p.dates.length).toBeGreaterThanOrEqual(2);
    const [first, ...rest] = p.dates;
    const one = await received(p.chef, {
      orderNumber: p.order.orderNumber.toLowerCase(),
      dateSelectionIds: [first.id],
    }).expect(200);
    expect(one.body).toMatchObject({
      orderNumber: p.order.orderNumber,
      isPaymentCompleted: false,
      dates: [{ dateSelectionId: first.id, paymentStatus: 'COMPLETED', cashReceivedAt: expect.any(String) }],
    });
    expect((await payment(p.order.id)).is_payment_completed).toBe(false);

    const all = await received(p.chef, {
      orderNumber: p.order.orderNumber,
      dateSelectionIds: p.dates.map((d) => d.id),
    }).expect(200);
    expect(all.body.isPaymentCompleted).toBe(true);
    expect(all.body.dates.every((d: { paymentStatus: string }) => d.paymentStatus === 'COMPLETED')).toBe(
      true,
    );
    // The first date keeps the time it was received at: the repeat changes nothing.
    expect(all.body.dates[0].cashReceivedAt).toBe(one.body.dates[0].cashReceivedAt);
    const paid = await payment(p.order.id);
    expect(paid.is_payment_completed).toBe(true);
    const again = await received(p.chef, {
      orderNumber: p.order.orderNumber,
      dateSelectionIds: rest.map((d) => d.id),
    }).expect(200);
    expect(again.body.isPaymentCompleted).toBe(true);
    expect((await payment(p.order.id)).payment_completed_time).toEqual(paid.payment_completed_time);

    // The customer's order page shows it.
    const page = await request(h.http)
      .get(`${API}/order/${p.order.orderNumber}`)
      .set(p.customer.auth)
      .expect(200);
    expect(page.body.paymentDetails.isPaymentCompleted).toBe(true);
    expect(page.body.cartItems[0].dates[0]).toMatchObject({
      paymentStatus: 'COMPLETED',
      cashReceivedAt: expect.any(String),
      noShowAt: null,
    });
  });

  it("is for the order's own kitchen only, and refuses cancelled dates and online orders", async () => {
    const p = await cashOrder();
    const other = await h.chef();
    const foreign = await received(other, {
      orderNumber: p.order.orderNumber,
      dateSelectionIds: [p.dates[0].id],
    }).expect(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    await received(p.customer, {
      orderNumber: p.order.orderNumber,
      dateSelectionIds: [p.dates[0].id],
    }).expect(403);
    // An id of another order reads as missing.
    const q = await cashOrder();
    await received(p.chef, { orderNumber: p.order.orderNumber, dateSelectionIds: [q.dates[0].id] }).expect(
      404,
    );
    await received(p.chef, { orderNumber: 'HR-NOPE-NOPE', dateSelectionIds: [p.dates[0].id] }).expect(404);
    const bad = await received(p.chef, { orderNumber: p.order.orderNumber, dateSelectionIds: ['x'] }).expect(
      400,
    );
    expect(bad.body.fieldErrors[0].field).toBe('dateSelectionIds');

    await request(h.http)
      .post(
        `${API}/order/${p.order.orderNumber}/cartItem/${p.lineId}/dateSelection/${p.dates[1].date}/cancel`,
      )
      .set({ ...TZ, ...p.customer.auth })
      .send({})
      .expect(200);
    const cancelled = await received(p.chef, {
      orderNumber: p.order.orderNumber,
      dateSelectionIds: [p.dates[1].id],
    }).expect(409);
    expect(cancelled.body.message).toBe('error.order.cash_cancelled');
    expect(
      (await h.db.query(`SELECT payment_status FROM order_date_selection WHERE id = $1`, [p.dates[1].id]))[0]
        .payment_status,
    ).not.toBe('COMPLETED');

    await h.db.query(
      `UPDATE payment_details SET payment_method = 'STRIPE_CARD', gateway = 'stripe' WHERE order_id = $1`,
      [q.order.id],
    );
    const online = await received(q.chef, {
      orderNumber: q.order.orderNumber,
      dateSelectionIds: [q.dates[0].id],
    }).expect(409);
    expect(online.body.message).toBe('error.order.not_cash');
    await backdate(q.dates[0].id, 0);
    expect((await noShow(q.chef, q, q.dates[0].id).expect(409)).body.message).toBe('error.order.not_cash');
  });

  it('marks a date not collected from its day on: cancelled "Not collected", capacity kept, idempotent, never once paid', async () => {
    const p = await cashOrder();
    const [first, second] = p.dates;
    const early = await noShow(p.chef, p, first.id).expect(409);
    expect(early.body.message).toBe('error.order.no_show_early');
    await noShow(await h.chef(), p, first.id).expect(404);

    await backdate(first.id, 0);
    const today = (
      await h.db.query(`SELECT date::text AS d FROM order_date_selection WHERE id = $1`, [first.id])
    )[0].d as string;
    const before = await orderedCount(h.db, p.itemId, today);
    const marked = await noShow(p.chef, p, today).expect(200);
    expect(marked.body.dates[0]).toMatchObject({
      dateSelectionId: first.id,
      orderStatus: 'CANCELLED',
      noShowAt: expect.any(String),
    });
    const repeat = await noShow(p.chef, p, first.id).expect(200);
    expect(repeat.body.dates[0].noShowAt).toBe(marked.body.dates[0].noShowAt);
    expect(await orderedCount(h.db, p.itemId, today)).toBe(before);
    const received409 = await received(p.chef, {
      orderNumber: p.order.orderNumber,
      dateSelectionIds: [first.id],
    }).expect(409);
    expect(received409.body.message).toBe('error.order.cash_no_show');

    const page = await request(h.http)
      .get(`${API}/order/${p.order.orderNumber}`)
      .set(p.customer.auth)
      .expect(200);
    const d = page.body.cartItems[0].dates.find((x: { id: string }) => x.id === first.id);
    expect(d.noShowAt).toEqual(expect.any(String));
    expect(d.statusChanges.at(-1)).toMatchObject({ status: 'CANCELLED', reason: 'Not collected' });

    // Paid in cash: no longer markable.
    await backdate(second.id, 1);
    await received(p.chef, { orderNumber: p.order.orderNumber, dateSelectionIds: [second.id] }).expect(200);
    expect((await noShow(p.chef, p, second.id).expect(409)).body.message).toBe('error.order.no_show_paid');
  });

  it('counts no-shows per customer within the window; at NO_SHOW_LIMIT cash is blocked', async () => {
    const customer = await h.customer();
    const limits = h.app.get(CashService).limits;
    expect(limits).toEqual({ NO_SHOW_LIMIT: 2, NO_SHOW_WINDOW_DAYS: 180 });
    const since = (days: number) => new Date(Date.now() - days * 86_400_000);
    expect(await noShowCount(h.db.manager, customer.consumer.id, since(180))).toBe(0);

    const a = await cashOrder(customer);
    await backdate(a.dates[0].id, 0);
    await noShow(a.chef, a, a.dates[0].id).expect(200);
    expect(await noShowCount(h.db.manager, customer.consumer.id, since(180))).toBe(1);
    expect(await cashBlockedByNoShows(h.db.manager, customer.consumer.id, limits)).toBe(false);

    const b = await cashOrder(customer);
    await backdate(b.dates[0].id, 2);
    await noShow(b.chef, b, b.dates[0].id).expect(200);
    expect(await noShowCount(h.db.manager, customer.consumer.id, since(180))).toBe(2);
    expect(await cashBlockedByNoShows(h.db.manager, customer.consumer.id, limits)).toBe(true);

    // The older no-show leaves the window: cash comes back.
    await h.db.query(
      `UPDATE order_date_selection SET no_show_at = now() - interval '200 days' WHERE id = $1`,
      [a.dates[0].id],
    );
    expect(await noShowCount(h.db.manager, customer.consumer.id, since(180))).toBe(1);
    expect(await cashBlockedByNoShows(h.db.manager, customer.consumer.id, limits)).toBe(false);
    expect(
      await cashBlockedByNoShows(h.db.manager, customer.consumer.id, {
        NO_SHOW_LIMIT: 1,
        NO_SHOW_WINDOW_DAYS: 180,
      }),
    ).toBe(true);
    expect(
      await cashBlockedByNoShows(h.db.manager, customer.consumer.id, {
        NO_SHOW_LIMIT: 2,
        NO_SHOW_WINDOW_DAYS: 365,
      }),
    ).toBe(true);
    // Another customer's count is their own.
    expect(await noShowCount(h.db.manager, (await h.customer()).consumer.id, since(365))).toBe(0);
  });

  it('shows the chef which cash dates can be marked received or not collected', async () => {
    const p = await cashOrder();
    await backdate(p.dates[0].id, 0);
    const list = await request(h.http)
      .get(`${API}/order/fulfillOrders`)
      .set({ ...TZ, ...p.chef.auth })
      .expect(200);
    const byId = new Map(list.body.map((f: { dateSelectionId: string }) => [f.dateSelectionId, f]));
    expect(byId.get(p.dates[0].id)).toMatchObject({
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      canRecordCash: true,
      canMarkNoShow: true,
      cashReceivedAt: null,
      noShowAt: null,
      payoutRefundStatus: expect.any(String),
    });
    expect(byId.get(p.dates[1].id)).toMatchObject({ canRecordCash: true, canMarkNoShow: false });
  });
});
