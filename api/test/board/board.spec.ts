import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemType } from '@hearth/shared';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, dayFromNow } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder } from '../order/helpers.js';

type Row = {
  dateSelectionId: string;
  orderNumber: string;
  date: string;
  timeSlots: string[];
  deliveryOption: string;
  orderStatus: string;
  pricingOption: string;
  orderQuantity: number;
  nextStatuses: string[];
};

/**
 * The fulfilment board (issue 17 items 1, 3, 8): membership of the three tabs, grouping and counts over
 * the whole list, paging, the CSV, bulk moves with partial success, and one kitchen never reaching another's.
 */
describe('the fulfilment board', () => {
  let h: Harness;
  let chef: TestActor & { publisher: { id: string } };
  let other: TestActor & { publisher: { id: string } };
  let itemId: string;
  const [d3, d4] = [dayFromNow(3), dayFromNow(4)];
  /** Orders of chef A: dateSelectionIds by a label. */
  const sel: Record<string, { id: string; orderNumber: string; orderId: string }> = {};
  let foreign: { id: string; orderNumber: string };

  async function order(
    owner: { publisherId: string; itemId: string; optionId: string },
    customer: TestActor,
    dates: Array<{ date: string; timeSlots: string[]; deliveryOption: 'PICKUP' | 'DELIVERY' }>,
    quantity = 1,
  ) {
    await fillCart(h, customer, [
      { itemId: owner.itemId, optionId: owner.optionId, orderQuantity: quantity, dates },
    ]);
    const body = (await placeOrder(h, customer, checkoutBody()).expect(201)).body;
    return {
      orderNumber: body.orderNumber as string,
      orderId: body.id as string,
      ids: (body.cartItems[0].dates as Array<{ id: string }>).map((d) => d.id),
    };
  }

  beforeAll(async () => {
    h = await startHarness();
    chef = await h.chef();
    other = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    await createPickupLocation(h.db, other.publisher.id);
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Board Biryani',
      dates: [d3, d4],
      maxAllowed: 100,
    });
    itemId = offered.item.id;
    const a = { publisherId: chef.publisher.id, itemId, optionId: offered.optionId };
    const c1 = await h.customer();
    const c2 = await h.customer();
    const o1 = await order(
      a,
      c1,
      [
        { date: d3, timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' },
        { date: d4, timeSlots: ['PM_7_9'], deliveryOption: 'DELIVERY' },
      ],
      2,
    );
    sel.pickup3 = { id: o1.ids[0], orderNumber: o1.orderNumber, orderId: o1.orderId };
    sel.delivery4 = { id: o1.ids[1], orderNumber: o1.orderNumber, orderId: o1.orderId };
    const o2 = await order(a, c2, [{ date: d3, timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' }]);
    sel.pickup3b = { id: o2.ids[0], orderNumber: o2.orderNumber, orderId: o2.orderId };
    const o3 = await order(a, c2, [{ date: d3, timeSlots: ['PM_7_9'], deliveryOption: 'DELIVERY' }]);
    sel.delivery3 = { id: o3.ids[0], orderNumber: o3.orderNumber, orderId: o3.orderId };
    // Past dates: one still CONFIRMED (archived, never delivered), one PLACED then cancelled.
    const o4 = await order(a, c1, [{ date: d4, timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' }]);
    sel.pastConfirmed = { id: o4.ids[0], orderNumber: o4.orderNumber, orderId: o4.orderId };
    const o5 = await order(a, c2, [{ date: d4, timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' }]);
    sel.cancelled = { id: o5.ids[0], orderNumber: o5.orderNumber, orderId: o5.orderId };
    await h.db.query(`UPDATE order_date_selection SET date = $2, order_status = 'CONFIRMED' WHERE id = $1`, [
      sel.pastConfirmed.id,
      dayFromNow(-2),
    ]);
    await h.db.query(`UPDATE order_date_selection SET order_status = 'CANCELLED' WHERE id = $1`, [
      sel.cancelled.id,
    ]);
    // A delivered date in the future is archived too.
    const o6 = await order(a, c1, [{ date: d4, timeSlots: ['PM_7_9'], deliveryOption: 'PICKUP' }]);
    sel.delivered = { id: o6.ids[0], orderNumber: o6.orderNumber, orderId: o6.orderId };
    await h.db.query(`UPDATE order_date_selection SET order_status = 'DELIVERED' WHERE id = $1`, [
      sel.delivered.id,
    ]);
    // Chef B's own order.
    const offeredB = await createOfferedItem(h.db, { publisherId: other.publisher.id, name: 'Other Pho' });
    const ob = await order(
      { publisherId: other.publisher.id, itemId: offeredB.item.id, optionId: offeredB.optionId },
      await h.customer(),
      [{ date: offeredB.dates[0], timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' }],
    );
    foreign = { id: ob.ids[0], orderNumber: ob.orderNumber };
  });
  afterAll(() => h?.close());

  const get = (path: string, who: TestActor = chef, query: Record<string, string | number> = {}) =>
    request(h.http).get(`${API}/${path}`).query(query).set(who.auth);
  const ids = (rows: Row[]) => rows.map((r) => r.dateSelectionId);

  it('puts each date selection on exactly one tab: active today and later, archived delivered or past, cancelled', async () => {
    const active = (await get('order/fulfillOrders').expect(200)).body as Row[];
    const archived = (await get('order/archived/fulfillOrders').expect(200)).body as Row[];
    const cancelled = (await get('order/cancelled/fulfillOrders').expect(200)).body as Row[];
    expect(ids(active).sort()).toEqual(
      [sel.pickup3.id, sel.pickup3b.id, sel.delivery3.id, sel.delivery4.id].sort(),
    );
    // Delivered (a future date) first, latest date first; then the past date that was never delivered.
    expect(ids(archived)).toEqual([sel.delivered.id, sel.pastConfirmed.id]);
    expect(ids(cancelled)).toEqual([sel.cancelled.id]);
    expect(archived[1]).toMatchObject({ orderStatus: 'CONFIRMED', date: dayFromNow(-2) });
  });

  it('orders the active tab by date → slot → pickups first, with the pricing option and the next statuses', async () => {
    const res = await get('order/fulfillOrders').expect(200);
    const rows = res.body as Row[];
    expect(res.headers['x-total-count']).toBe('4');
    expect(rows.map((r) => [r.date, r.timeSlots.join(), r.deliveryOption])).toEqual([
      [d3, 'PM_5_7', 'PICKUP'],
      [d3, 'PM_5_7', 'PICKUP'],
      [d3, 'PM_7_9', 'DELIVERY'],
      [d4, 'PM_7_9', 'DELIVERY'],
    ]);
    const first = rows.find((r) => r.dateSelectionId === sel.pickup3.id)!;
    expect(first).toMatchObject({ orderQuantity: 2, nextStatuses: ['CONFIRMED', 'CANCELLED'] });
    expect(first.pricingOption).toMatch(/\S/);
  });

  it('counts each group over the whole list, not only the page, and pages with X-Total-Count', async () => {
    const page0 = await get('order/fulfillOrders', chef, { size: 1, page: 0 }).expect(200);
    expect(page0.body).toHaveLength(1);
    expect(page0.headers['x-total-count']).toBe('4');
    expect(page0.headers.link).toContain('rel="next"');
    const page3 = await get('order/fulfillOrders', chef, { size: 1, page: 3 }).expect(200);
    expect(ids(page3.body)).toEqual([sel.delivery4.id]);
    const groups = (await get('order/fulfillOrders/groups', chef, { list: 'active' }).expect(200)).body;
    expect(groups.total).toBe(4);
    expect(groups.groups).toEqual([
      { date: d3, timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP', count: 2, portions: 3 },
      { date: d3, timeSlots: ['PM_7_9'], deliveryOption: 'DELIVERY', count: 1, portions: 1 },
      { date: d4, timeSlots: ['PM_7_9'], deliveryOption: 'DELIVERY', count: 1, portions: 2 },
    ]);
    const archived = (await get('order/fulfillOrders/groups', chef, { list: 'archived' }).expect(200)).body;
    expect(archived.total).toBe(2);
  });

  it('filters by date, slot, pickup/delivery and status, the same way for rows, counts and CSV', async () => {
    const byDate = await get('order/fulfillOrders', chef, { date: d3, deliveryOption: 'PICKUP' }).expect(200);
    expect(ids(byDate.body).sort()).toEqual([sel.pickup3.id, sel.pickup3b.id].sort());
    const bySlot = await get('order/fulfillOrders', chef, { slot: 'PM_7_9' }).expect(200);
    expect(ids(bySlot.body)).toEqual([sel.delivery3.id, sel.delivery4.id]);
    const groups = await get('order/fulfillOrders/groups', chef, { slot: 'PM_7_9', date: d4 }).expect(200);
    expect(groups.body.groups).toEqual([
      { date: d4, timeSlots: ['PM_7_9'], deliveryOption: 'DELIVERY', count: 1, portions: 2 },
    ]);
    const byStatus = await get('order/archived/fulfillOrders', chef, { status: 'DELIVERED' }).expect(200);
    expect(ids(byStatus.body)).toEqual([sel.delivered.id]);
    await get('order/fulfillOrders', chef, { deliveryOption: 'TELEPORT' }).expect(400);
    await get('order/fulfillOrders/groups', chef, { list: 'everything' }).expect(400);
  });

  it('exports the current view as CSV with a header line, one line per row', async () => {
    const res = await get('order/fulfillOrders.csv', chef, { list: 'active', date: d3 }).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('orders-active.csv');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Date,Time slots,Fulfilment,Order,Customer,Phone/);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.startsWith(`${d3},`))).toBe(true);
    expect(res.text).toContain(sel.pickup3.orderNumber);
    expect(res.text).toContain('Board Biryani');
    expect(res.text).not.toContain(foreign.orderNumber);
  });

  it("never shows one kitchen's rows to another: board, counts and CSV", async () => {
    const theirs = (await get('order/fulfillOrders', other).expect(200)).body as Row[];
    expect(ids(theirs)).toEqual([foreign.id]);
    const mine = (await get('order/fulfillOrders').expect(200)).body as Row[];
    expect(ids(mine)).not.toContain(foreign.id);
    const groups = (await get('order/fulfillOrders/groups', other).expect(200)).body;
    expect(groups.total).toBe(1);
    const csv = (await get('order/fulfillOrders.csv', other).expect(200)).text;
    expect(csv).not.toContain(sel.pickup3.orderNumber);
    expect(csv).toContain(foreign.orderNumber);
    // A customer is no chef.
    await get('order/fulfillOrders/groups', await h.customer()).expect(403);
  });

  it('bulk-moves exactly the allowed rows, answers per row, and refuses foreign, missing and forbidden ones', async () => {
    const changes = async (id: string) =>
      (
        await h.db.query(
          `SELECT life_cycle_status AS s FROM order_status_change WHERE order_date_selection_id = $1 ORDER BY at, created_at`,
          [id],
        )
      ).map((r: { s: string }) => r.s);
    const mails = async (orderId: string) =>
      Number(
        (
          await h.db.query(`SELECT count(*) AS n FROM email_outbox WHERE related_id = $1 AND true`, [orderId])
        )[0].n,
      );
    const before = {
      pickup3: await mails(sel.pickup3.orderId),
      pickup3b: await mails(sel.pickup3b.orderId),
      delivery3: await mails(sel.delivery3.orderId),
      foreign: await h.db.query(`SELECT order_status FROM order_date_selection WHERE id = $1`, [foreign.id]),
    };
    // First confirm two rows so they can go to PICKUP_READY / on.
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(chef.auth)
      .send({
        status: 'CONFIRMED',
        items: [
          { dateSelectionId: sel.pickup3b.id },
          { dateSelectionId: sel.delivery3.id, orderNumber: sel.delivery3.orderNumber },
          { dateSelectionId: foreign.id },
          { dateSelectionId: missing },
          { dateSelectionId: sel.delivered.id },
          { dateSelectionId: sel.pickup3.id, orderNumber: foreign.orderNumber },
        ],
      })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'CONFIRMED', moved: 2, refused: 4 });
    const byRef = (ref: string, i = 0) => res.body.results.filter((r: { ref: string }) => r.ref === ref)[i];
    expect(byRef(sel.pickup3b.id)).toMatchObject({ outcome: 'moved', from: 'PLACED', to: 'CONFIRMED' });
    expect(byRef(sel.delivery3.id)).toMatchObject({ outcome: 'moved', from: 'PLACED', to: 'CONFIRMED' });
    for (const ref of [foreign.id, missing]) {
      expect(byRef(ref)).toMatchObject({
        outcome: 'refused',
        from: null,
        orderNumber: null,
        problemStatus: 404,
        problemType: ProblemType.NOT_FOUND,
      });
    }
    // The wrong order number for a row reads as not found too.
    expect(byRef(sel.pickup3.id)).toMatchObject({ outcome: 'refused', problemStatus: 404 });
    expect(byRef(sel.delivered.id)).toMatchObject({
      outcome: 'refused',
      from: 'DELIVERED',
      to: null,
      problemStatus: 409,
      problemType: ProblemType.INVALID_TRANSITION,
    });
    expect(byRef(sel.delivered.id).reason).toMatch(/DELIVERED/);
    // The results come in the order sent.
    expect(res.body.results.map((r: { ref: string }) => r.ref)).toEqual([
      sel.pickup3b.id,
      sel.delivery3.id,
      foreign.id,
      missing,
      sel.delivered.id,
      sel.pickup3.id,
    ]);
    expect(await changes(sel.pickup3b.id)).toEqual(['PLACED', 'CONFIRMED']);
    expect(await changes(sel.delivery3.id)).toEqual(['PLACED', 'CONFIRMED']);
    expect(await changes(sel.pickup3.id)).toEqual(['PLACED']);
    expect(await changes(foreign.id)).toEqual(['PLACED']);
    expect(await mails(sel.pickup3b.orderId)).toBe(before.pickup3b + 1);
    expect(await mails(sel.delivery3.orderId)).toBe(before.delivery3 + 1);
    expect(await mails(sel.pickup3.orderId)).toBe(before.pickup3);
    expect(
      await h.db.query(`SELECT order_status FROM order_date_selection WHERE id = $1`, [foreign.id]),
    ).toEqual(before.foreign);

    // Then PICKUP_READY for the pickups of d3: allowed for the one in preparation, refused for the placed one.
    await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(chef.auth)
      .send({ status: 'IN_PREPARATION', items: [{ dateSelectionId: sel.pickup3b.id }] })
      .expect(200);
    const ready = await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(chef.auth)
      .send({
        status: 'PICKUP_READY',
        items: [{ dateSelectionId: sel.pickup3b.id }, { dateSelectionId: sel.pickup3.id }],
      })
      .expect(200);
    expect(ready.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['moved', 'refused']);
    expect(ready.body.results[1]).toMatchObject({
      from: 'PLACED',
      problemType: ProblemType.INVALID_TRANSITION,
    });
    expect(await changes(sel.pickup3b.id)).toEqual(['PLACED', 'CONFIRMED', 'IN_PREPARATION', 'PICKUP_READY']);
  });

  it('needs one reason to cancel in bulk, caps the count, and lets an admin move any kitchen (audited)', async () => {
    const noReason = await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(chef.auth)
      .send({ status: 'CANCELLED', items: [{ dateSelectionId: sel.delivery4.id }] })
      .expect(200);
    expect(noReason.body.results[0]).toMatchObject({ outcome: 'refused', problemStatus: 400 });
    expect(noReason.body.results[0].reason).toMatch(/reason/i);
    const tooMany = Array.from({ length: 201 }, () => ({ dateSelectionId: sel.delivery4.id }));
    await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(chef.auth)
      .send({ status: 'CONFIRMED', items: tooMany })
      .expect(400);
    await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(chef.auth)
      .send({ status: 'CONFIRMED', items: [] })
      .expect(400);
    const admin = await h.admin();
    const res = await request(h.http)
      .post(`${API}/order/bulk-update-status`)
      .set(admin.auth)
      .send({ status: 'CONFIRMED', items: [{ dateSelectionId: foreign.id }] })
      .expect(200);
    expect(res.body.results[0]).toMatchObject({ outcome: 'moved', from: 'PLACED', to: 'CONFIRMED' });
    const audit = await h.db.query(`SELECT action FROM audit_log WHERE target_id = $1`, [foreign.id]);
    expect(audit.map((a: { action: string }) => a.action)).toContain('order.status');
  });
});
