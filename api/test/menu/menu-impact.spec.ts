import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuType, ProblemType } from '@hearth/shared';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createMenu } from '../setup/factories.js';
import {
  addMenuDates,
  CHEF_ZONE,
  createOfferedItem,
  createPickupLocation,
  dayFromNow,
  type OfferedItem,
} from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder } from '../order/helpers.js';

type Chef = TestActor & { publisher: { id: string } };

describe('menu/{id}/impact: what pausing or deleting would do, counted before the chef confirms', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const impact = (chef: TestActor, menuId: string, query: string) =>
    request(h.http).get(`${API}/menu/${menuId}/impact?${query}`).set(chef.auth);

  /** A recurring menu on three upcoming dates; Ann orders the first two, Ben the first; Cat only has it in her cart for the third. */
  async function shop() {
    const chef: Chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Dal Tadka',
      dates: [dayFromNow(3), dayFromNow(4), dayFromNow(5)],
    });
    await h.db.query(`UPDATE menu SET menu_type = $2, name = 'Weeknight Thali' WHERE id = $1`, [
      offered.menuId,
      MenuType.RECURRING,
    ]);
    const [d1, d2, d3] = offered.dates;
    const buy = async (who: TestActor, dates: string[]) => {
      await fillCart(h, who, [
        { itemId: offered.item.id, optionId: offered.optionId, dates: dates.map((date) => ({ date })) },
      ]);
      return (await placeOrder(h, who, checkoutBody()).expect(201)).body as {
        orderNumber: string;
        cartItems: Array<{ cartItemId: string }>;
      };
    };
    const ann = await h.customer();
    const ben = await h.customer();
    const cat = await h.customer();
    const annOrder = await buy(ann, [d1, d2]);
    const benOrder = await buy(ben, [d1]);
    await fillCart(h, cat, [{ itemId: offered.item.id, optionId: offered.optionId, dates: [{ date: d3 }] }]);
    const move = (
      order: { orderNumber: string; cartItems: Array<{ cartItemId: string }> },
      date: string,
      status: string,
      reason?: string,
    ) =>
      request(h.http)
        .post(
          `${API}/order/${order.orderNumber}/cartItem/${order.cartItems[0].cartItemId}/item/${offered.item.id}/fulfillmentDate/${date}/status/${status}`,
        )
        .set(chef.auth)
        .send(reason ? { reason } : {})
        .expect(200);
    return { chef, offered, d1, d2, d3, annOrder, benOrder, move };
  }

  async function menuState(offered: OfferedItem) {
    const [menu] = await h.db.query(`SELECT status FROM menu WHERE id = $1`, [offered.menuId]);
    const dates = await h.db.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM menu_date WHERE menu_id = $1 AND NOT is_deleted ORDER BY date`,
      [offered.menuId],
    );
    return { status: menu.status as string, dates: dates.map((r: { date: string }) => r.date) };
  }

  it('pausing: counts the customers and orders on the upcoming dates and the carts that lose the dish, and changes nothing', async () => {
    const { chef, offered, d1, d2, d3 } = await shop();
    const before = await menuState(offered);
    const res = await impact(chef, offered.menuId, 'action=PAUSE').expect(200);
    expect(res.body).toEqual({
      menuId: offered.menuId,
      menuName: 'Weeknight Thali',
      status: 'PUBLISHED',
      action: 'PAUSE',
      deleteType: null,
      dates: [d1, d2, d3],
      ordersByDate: [
        { date: d1, customers: 2, orders: 2, toFulfil: 2 },
        { date: d2, customers: 1, orders: 1, toFulfil: 1 },
      ],
      customers: 2,
      orders: 2,
      toFulfil: 3,
      carts: 1,
      allowed: true,
      refusal: null,
      refusalKey: null,
    });
    expect(await menuState(offered)).toEqual(before);
    // Paused, it cannot be paused again: the preview says so in the words the pause would answer.
    await request(h.http).post(`${API}/menu/${offered.menuId}/pause`).set(chef.auth).expect(200);
    const again = await impact(chef, offered.menuId, 'action=PAUSE').expect(200);
    const refused = await request(h.http)
      .post(`${API}/menu/${offered.menuId}/pause`)
      .set(chef.auth)
      .expect(409);
    expect(again.body).toMatchObject({
      status: 'PAUSE',
      allowed: false,
      refusal: refused.body.detail,
      refusalKey: 'error.menu.state',
      carts: 0,
      customers: 2,
    });
  });

  it('deleting the menu: refused while upcoming dates have orders, with the same sentence as the delete; allowed once they are cancelled', async () => {
    const { chef, offered, d1, d2, annOrder, benOrder, move } = await shop();
    const preview = await impact(chef, offered.menuId, 'action=DELETE&deleteType=ALL').expect(200);
    const refused = await request(h.http)
      .delete(`${API}/menu/${offered.menuId}?deleteType=ALL`)
      .set(chef.auth)
      .expect(409);
    expect(preview.body).toMatchObject({
      action: 'DELETE',
      deleteType: 'ALL',
      customers: 2,
      orders: 2,
      allowed: false,
      refusalKey: 'error.menu.hasOrders',
    });
    expect(preview.body.refusal).toBe(refused.body.detail);

    // Delivered orders still count as customers with orders, but not as work to do.
    for (const status of ['CONFIRMED', 'IN_PREPARATION', 'IN_DELIVERY_TRANSIT', 'DELIVERED'])
      await move(annOrder, d2, status);
    const afterDelivery = await impact(chef, offered.menuId, 'action=DELETE').expect(200);
    expect(afterDelivery.body.ordersByDate).toEqual([
      { date: d1, customers: 2, orders: 2, toFulfil: 2 },
      { date: d2, customers: 1, orders: 1, toFulfil: 0 },
    ]);
    expect(afterDelivery.body).toMatchObject({ deleteType: 'ALL', toFulfil: 2 });

    // The kitchen cancels Ben's date (with a reason): he no longer counts.
    await move(benOrder, d1, 'CANCELLED', 'Out of lentils');
    const afterCancel = await impact(chef, offered.menuId, 'action=DELETE').expect(200);
    expect(afterCancel.body.ordersByDate[0]).toEqual({ date: d1, customers: 1, orders: 1, toFulfil: 1 });

    // Ann's first date cancelled too, only her delivered date is left: it still holds the menu (ADR 008).
    await move(annOrder, d1, 'CANCELLED', 'Kitchen closed');
    const delivered = await impact(chef, offered.menuId, 'action=DELETE').expect(200);
    const stillRefused = await request(h.http)
      .delete(`${API}/menu/${offered.menuId}`)
      .set(chef.auth)
      .expect(409);
    expect(delivered.body).toMatchObject({
      ordersByDate: [{ date: d2, customers: 1, orders: 1, toFulfil: 0 }],
      customers: 1,
      toFulfil: 0,
      allowed: false,
    });
    expect(delivered.body.refusal).toBe(stillRefused.body.detail);
    expect((await menuState(offered)).status).toBe('PUBLISHED');
  });

  it('deleting a published menu without orders: allowed, the carts that lose it are counted, and the delete goes through', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const cat = await h.customer();
    await fillCart(h, cat, [
      { itemId: offered.item.id, optionId: offered.optionId, dates: offered.dates.map((date) => ({ date })) },
    ]);
    const preview = await impact(chef, offered.menuId, 'action=DELETE&deleteType=ALL').expect(200);
    expect(preview.body).toMatchObject({
      dates: offered.dates,
      ordersByDate: [],
      customers: 0,
      orders: 0,
      carts: 1,
      allowed: true,
      refusal: null,
      refusalKey: null,
    });
    await request(h.http).delete(`${API}/menu/${offered.menuId}?deleteType=ALL`).set(chef.auth).expect(200);
    expect((await menuState(offered)).status).toBe('DELETED');
  });

  it('deleting one date: counts that date only; a date with orders is refused; carts keep a dish another published menu offers that day', async () => {
    const { chef, offered, d1, d3 } = await shop();
    const withOrders = await impact(chef, offered.menuId, `action=DELETE&deleteType=DATE&date=${d1}`).expect(
      200,
    );
    expect(withOrders.body).toMatchObject({
      deleteType: 'DATE',
      dates: [d1],
      customers: 2,
      orders: 2,
      toFulfil: 2,
      carts: 0,
      allowed: false,
      refusalKey: 'error.menu.dateHasOrders',
    });
    expect(withOrders.body.refusal).toBe(
      `${d1} has orders: it cannot be taken off the menu until they are cancelled.`,
    );

    const empty = await impact(chef, offered.menuId, `action=DELETE&deleteType=DATE&date=${d3}`).expect(200);
    expect(empty.body).toMatchObject({
      dates: [d3],
      ordersByDate: [],
      customers: 0,
      orders: 0,
      toFulfil: 0,
      carts: 1,
      allowed: true,
      refusal: null,
    });

    // Another published menu of the chef offers the dish on that date too: Cat's cart keeps it.
    const other = await createMenu(h.db, {
      publisherId: chef.publisher.id,
      itemIds: [offered.item.id],
      status: 'PUBLISHED',
      menuType: MenuType.ONETIME,
      timeZone: CHEF_ZONE,
      deliveryDate: d3,
    });
    await addMenuDates(h.db, other.id, offered.item.id, [d3], {
      timeZone: CHEF_ZONE,
      timeSlots: ['PM_5_7'],
      stopOrdersType: null,
      stopOrdersByDaysOrHours: null,
    });
    expect(
      (await impact(chef, offered.menuId, `action=DELETE&deleteType=DATE&date=${d3}`).expect(200)).body.carts,
    ).toBe(0);

    const notADate = await impact(
      chef,
      offered.menuId,
      `action=DELETE&deleteType=DATE&date=${dayFromNow(40)}`,
    ).expect(200);
    expect(notADate.body).toMatchObject({
      allowed: false,
      refusal: `${dayFromNow(40)} is not a date of this menu.`,
    });
    expect(await menuState(offered)).toMatchObject({ status: 'PUBLISHED', dates: offered.dates });
  });

  it('a draft has no dates: nothing to count; it cannot be paused but can be deleted', async () => {
    const chef = await h.chef();
    const menu = (
      await request(h.http).post(`${API}/menu`).set(chef.auth).send({ name: 'Someday' }).expect(201)
    ).body as { id: string };
    expect((await impact(chef, menu.id, 'action=PAUSE').expect(200)).body).toMatchObject({
      status: 'DRAFT',
      dates: [],
      customers: 0,
      carts: 0,
      allowed: false,
      refusal: 'Cannot pause a DRAFT menu. Only a published menu can be paused; publish it first.',
    });
    expect((await impact(chef, menu.id, 'action=DELETE').expect(200)).body).toMatchObject({
      allowed: true,
      dates: [],
      customers: 0,
    });
  });

  it.each([
    ['', 'action', 'action must be one of PAUSE, DELETE'],
    ['action=STOP', 'action', 'action must be one of PAUSE, DELETE'],
    ['action=DELETE&deleteType=SOME', 'deleteType', 'deleteType must be one of ALL, DATE'],
    ['action=DELETE&deleteType=DATE', 'date', 'date must be the date to delete, written YYYY-MM-DD'],
    [
      'action=DELETE&deleteType=DATE&date=2026-02-30',
      'date',
      'date must be the date to delete, written YYYY-MM-DD',
    ],
    ['action=PAUSE&date=2026-11-27', 'deleteType', 'deleteType and date go only with action=DELETE.'],
  ])('refuses bad input "%s" with a problem naming the field', async (query, field, message) => {
    const { chef, offered } = await shop();
    const res = await impact(chef, offered.menuId, query).expect(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ type: ProblemType.VALIDATION, status: 400 });
    expect(res.body.fieldErrors).toContainEqual({ field, message });
  });

  it("is the owner's only: another chef gets 404, a customer and an admin 403", async () => {
    const { offered } = await shop();
    const stranger = await h.chef();
    const res = await impact(stranger, offered.menuId, 'action=PAUSE').expect(404);
    expect(res.body.detail).toBe(`Menu ${offered.menuId} was not found.`);
    await impact(stranger, 'not-a-menu', 'action=PAUSE').expect(404);
    await impact(await h.customer(), offered.menuId, 'action=PAUSE').expect(403);
    await impact(await h.admin(), offered.menuId, 'action=PAUSE').expect(403);
  });
});
