import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemType, transitionRefusal } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, orderedCount } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

describe('order status: customer cancel and kitchen moves', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  async function orderOf(deliveryOption: 'PICKUP' | 'DELIVERY' = 'DELIVERY', quantity = 2) {
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Veggie Lasagna' });
    const customer = await h.customer();
    await fillCart(h, customer, [
      {
        itemId: offered.item.id,
        optionId: offered.optionId,
        orderQuantity: quantity,
        dates: offered.dates.map((date) => ({ date, deliveryOption })),
      },
    ]);
    const order = (await placeOrder(h, customer, checkoutBody()).expect(201)).body;
    const line = order.cartItems[0];
    return { chef, customer, offered, order, line, first: line.dates[0] as { id: string; date: string } };
  }

  const cancelUrl = (o: { orderNumber: string }, lineId: string, date: string) =>
    `${API}/order/${o.orderNumber}/cartItem/${lineId}/dateSelection/${date}/cancel`;
  const moveUrl = (
    o: { orderNumber: string },
    lineId: string,
    itemId: string,
    date: string,
    status: string,
  ) =>
    `${API}/order/${o.orderNumber}/cartItem/${lineId}/item/${itemId}/fulfillmentDate/${date}/status/${status}`;

  it('lets the customer cancel one date before its cut-off: capacity comes back, the change and reason are on the timeline', async () => {
    const { customer, offered, order, line, first } = await orderOf();
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(2);
    const res = await request(h.http)
      .post(cancelUrl(order, line.cartItemId, first.date))
      .set({ ...TZ, ...customer.auth })
      .send({ reason: 'Plans changed' })
      .expect(200);
    const [cancelled, kept] = res.body.cartItems[0].dates;
    expect(cancelled).toMatchObject({ orderStatus: 'CANCELLED', canCancel: false });
    expect(cancelled.timeline.map((t: { label: string }) => t.label)).toEqual(['Order placed', 'Cancelled']);
    expect(
      cancelled.statusChanges.map((c: { status: string; by: string; reason: string | null }) => [
        c.status,
        c.by,
        c.reason,
      ]),
    ).toEqual([
      ['PLACED', 'CUSTOMER', null],
      ['CANCELLED', 'CUSTOMER', 'Plans changed'],
    ]);
    expect(kept.orderStatus).toBe('PLACED');
    expect(res.body.orderStatus).toBe('PLACED');
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(0);
    expect(await orderedCount(h.db, offered.item.id, offered.dates[1])).toBe(2);
    // Twice is refused by the table, by the id of the date selection too.
    const again = await request(h.http)
      .post(cancelUrl(order, line.cartItemId, cancelled.id))
      .set({ ...TZ, ...customer.auth })
      .send({})
      .expect(409);
    expect(again.body).toMatchObject({
      type: ProblemType.INVALID_TRANSITION,
      detail: 'The order is already CANCELLED and cannot change any more.',
    });
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(0);
    // Cancelling the last date cancels the order.
    const all = await request(h.http)
      .post(cancelUrl(order, line.cartItemId, offered.dates[1]))
      .set({ ...TZ, ...customer.auth })
      .send({})
      .expect(200);
    expect(all.body.orderStatus).toBe('CANCELLED');
  });

  it('refuses a cancel after the cut-off of that date', async () => {
    const { customer, offered, order, line, first } = await orderOf();
    await h.db.query(
      `UPDATE menu_date SET cutoff_at = now() - interval '1 hour' WHERE menu_id = $1 AND date = $2`,
      [offered.menuId, first.date],
    );
    const res = await request(h.http)
      .post(cancelUrl(order, line.cartItemId, first.date))
      .set({ ...TZ, ...customer.auth })
      .send({})
      .expect(409);
    expect(res.body).toMatchObject({ message: 'error.order.cancel_cutoff' });
    expect(res.body.detail).toMatch(/can no longer be cancelled: its order cut-off has passed/);
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(2);
    const detail = await request(h.http)
      .get(`${API}/order/${order.orderNumber}`)
      .set(customer.auth)
      .expect(200);
    expect(detail.body.cartItems[0].dates[0].canCancel).toBe(false);
    expect(detail.body.cartItems[0].dates[1].canCancel).toBe(true);
  });

  it("hides another customer's order: they can neither see nor cancel it", async () => {
    const { order, line, first, offered } = await orderOf();
    const stranger = await h.customer();
    const seen = await request(h.http)
      .get(`${API}/order/${order.orderNumber}`)
      .set(stranger.auth)
      .expect(404);
    expect(seen.body.detail).toBe(`Order ${order.orderNumber} was not found.`);
    await request(h.http).get(`${API}/order/${order.id}`).set(stranger.auth).expect(404);
    await request(h.http)
      .post(cancelUrl(order, line.cartItemId, first.date))
      .set({ ...TZ, ...stranger.auth })
      .send({})
      .expect(404);
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(2);
    expect((await request(h.http).get(`${API}/order`).set(stranger.auth).expect(200)).body).toEqual([]);
  });

  it('moves a pickup date along the table for the chef, shows every change to the customer, then archives it', async () => {
    const { chef, customer, offered, order, line, first } = await orderOf('PICKUP');
    const board = await request(h.http).get(`${API}/order/fulfillOrders`).set(chef.auth).expect(200);
    const mine = board.body.find((f: { dateSelectionId: string }) => f.dateSelectionId === first.id);
    expect(mine).toMatchObject({
      orderNumber: order.orderNumber,
      orderStatus: 'PLACED',
      nextStatuses: ['CONFIRMED', 'CANCELLED'],
      deliveryOption: 'PICKUP',
    });

    for (const [status, next] of [
      ['CONFIRMED', ['SHOPPING_COMPLETED', 'IN_PREPARATION', 'CANCELLED']],
      ['IN_PREPARATION', ['PICKUP_READY', 'CANCELLED']],
      ['PICKUP_READY', ['DELIVERED']],
      ['DELIVERED', []],
    ] as const) {
      const res = await request(h.http)
        .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, status))
        .set(chef.auth)
        .send({})
        .expect(200);
      expect(res.body).toMatchObject({ orderStatus: status, nextStatuses: next });
    }
    const detail = await request(h.http)
      .get(`${API}/order/${order.orderNumber}`)
      .set(customer.auth)
      .expect(200);
    const date = detail.body.cartItems[0].dates[0];
    expect(date).toMatchObject({
      orderStatus: 'DELIVERED',
      statusLabel: 'Picked up',
      paymentStatus: 'COMPLETED',
    });
    expect(date.statusChanges.map((c: { status: string; by: string }) => `${c.status}/${c.by}`)).toEqual([
      'PLACED/CUSTOMER',
      'CONFIRMED/CHEF',
      'IN_PREPARATION/CHEF',
      'PICKUP_READY/CHEF',
      'DELIVERED/CHEF',
    ]);
    expect(date.timeline.every((t: { state: string }) => t.state === 'done')).toBe(true);
    // The progress bar's last step and the history entry use the same words for a collected pickup.
    expect(date.timeline.at(-1).label).toBe('Picked up');
    expect(date.statusChanges.at(-1).label).toBe('Picked up');
    const archived = await request(h.http)
      .get(`${API}/order/archived/fulfillOrders`)
      .set(chef.auth)
      .expect(200);
    expect(archived.body.map((f: { dateSelectionId: string }) => f.dateSelectionId)).toContain(first.id);
    const active = await request(h.http).get(`${API}/order/fulfillOrders`).set(chef.auth).expect(200);
    expect(active.body.map((f: { dateSelectionId: string }) => f.dateSelectionId)).not.toContain(first.id);
  });

  it('refuses moves the table does not allow, with the shared sentence, and changes nothing', async () => {
    const { chef, offered, order, line, first } = await orderOf('DELIVERY');
    const skip = await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'DELIVERED'))
      .set(chef.auth)
      .send({})
      .expect(409);
    expect(skip.body).toMatchObject({
      type: ProblemType.INVALID_TRANSITION,
      detail: transitionRefusal('PLACED', 'DELIVERED', { deliveryOption: 'DELIVERY', actor: 'CHEF' }),
    });
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CONFIRMED'))
      .set(chef.auth)
      .send({})
      .expect(200);
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'IN_PREPARATION'))
      .set(chef.auth)
      .send({})
      .expect(200);
    const wrongKind = await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'PICKUP_READY'))
      .set(chef.auth)
      .send({})
      .expect(409);
    expect(wrongKind.body.detail).toBe('PICKUP_READY does not apply to a delivery order.');
    const unknown = await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'EATEN'))
      .set(chef.auth)
      .send({})
      .expect(400);
    expect(unknown.body.fieldErrors[0].field).toBe('status');
    const [{ order_status }] = await h.db.query(
      `SELECT order_status FROM order_date_selection WHERE id = $1`,
      [first.id],
    );
    expect(order_status).toBe('IN_PREPARATION');
  });

  it('lets only the chef of the item (or an admin) move it; a kitchen cancel gives the capacity back', async () => {
    const { customer, offered, order, line, first } = await orderOf();
    const otherChef = await h.chef();
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CONFIRMED'))
      .set(otherChef.auth)
      .send({})
      .expect(404);
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CONFIRMED'))
      .set(customer.auth)
      .send({})
      .expect(403);
    expect(
      (await request(h.http).get(`${API}/order/fulfillOrders`).set(otherChef.auth).expect(200)).body,
    ).toEqual([]);
    const admin = await h.admin();
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CONFIRMED'))
      .set(admin.auth)
      .send({})
      .expect(200);
    const res = await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CANCELLED'))
      .set(admin.auth)
      .send({ reason: 'The kitchen is closed that day' })
      .expect(200);
    expect(res.body).toMatchObject({
      previousStatus: 'CONFIRMED',
      orderStatus: 'CANCELLED',
      nextStatuses: [],
    });
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(0);
    const detail = await request(h.http)
      .get(`${API}/order/${order.orderNumber}`)
      .set(customer.auth)
      .expect(200);
    expect(detail.body.cartItems[0].dates[0].statusChanges.at(-1)).toMatchObject({
      status: 'CANCELLED',
      by: 'ADMIN',
      reason: 'The kitchen is closed that day',
    });
  });

  it('refuses a kitchen cancel without a reason (chef or admin), with a field error, and changes nothing', async () => {
    const { chef, customer, offered, order, line, first } = await orderOf();
    const admin = await h.admin();
    const mailsOf = async () =>
      (await h.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE related_id = $1`, [order.id]))[0]
        .n as number;
    const mailsBefore = await mailsOf();
    const cancel = (actor: { Authorization: string }, body: Record<string, unknown>) =>
      request(h.http)
        .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CANCELLED'))
        .set(actor)
        .send(body);
    for (const [actor, body] of [
      [chef.auth, {}],
      [chef.auth, { reason: '   ' }],
      [admin.auth, { reason: '' }],
    ] as const) {
      const res = await cancel(actor, body).expect(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).toMatchObject({
        type: ProblemType.VALIDATION,
        status: 400,
        fieldErrors: [
          {
            field: 'reason',
            message:
              'Say why you are cancelling: the customer reads your reason in their e-mail and on their order page.',
          },
        ],
      });
    }
    const [{ order_status }] = await h.db.query(
      `SELECT order_status FROM order_date_selection WHERE id = $1`,
      [first.id],
    );
    expect(order_status).toBe('PLACED');
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(2);
    expect(await mailsOf()).toBe(mailsBefore);
    // Other moves need no reason; a cancel with one goes through and the customer reads it.
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CONFIRMED'))
      .set(chef.auth)
      .send({})
      .expect(200);
    await cancel(chef.auth, { reason: '  Out of lentils this week  ' }).expect(200);
    const detail = await request(h.http)
      .get(`${API}/order/${order.orderNumber}`)
      .set(customer.auth)
      .expect(200);
    expect(detail.body.cartItems[0].dates[0].statusChanges.at(-1)).toMatchObject({
      status: 'CANCELLED',
      by: 'CHEF',
      reason: 'Out of lentils this week',
    });
  });

  it("lists a kitchen-cancelled date among the chef's cancelled ones", async () => {
    const { chef, offered, order, line, first } = await orderOf();
    await request(h.http)
      .post(moveUrl(order, line.cartItemId, offered.item.id, first.date, 'CANCELLED'))
      .set(chef.auth)
      .send({ reason: 'Out of paneer' })
      .expect(200);
    const cancelled = await request(h.http)
      .get(`${API}/order/cancelled/fulfillOrders`)
      .set(chef.auth)
      .expect(200);
    expect(cancelled.body.map((f: { dateSelectionId: string }) => f.dateSelectionId)).toEqual([first.id]);
    expect(await orderedCount(h.db, offered.item.id, first.date)).toBe(0);
  });
});
