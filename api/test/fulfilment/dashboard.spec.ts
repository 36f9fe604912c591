import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClockService } from '../../src/common/clock/clock.service.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API } from '../order/helpers.js';

/*
 * The worked example of docs/fulfilment.md "Dashboard". "Now" is Wednesday 2033-03-16 15:00 UTC, far from any
 * other suite's orders, so the platform's numbers are this file's alone. With weeks=3 the weeks are those of
 * Monday 2033-02-28 (W1), 2033-03-07 (W2, nothing in it) and 2033-03-14 (W3, this week).
 *
 * Kitchen A (USD, America/New_York):
 *   #1 c1 Tue 03-01 PICKUP    Butter Chicken 2 × 12.00 = 24.00, Dal 1 × 8.50        DELIVERED
 *   #2 c2 Thu 03-03 DELIVERY  Butter Chicken 1 × 12.00 × 2 slots = 24.00 + fee 4.99  DELIVERED
 *   #3 c1 Tue 03-15 PICKUP    Butter Chicken 3 = 36.00, paid, cancelled by the customer, refunded 36.00
 *   #4 c2 Thu 03-17 DELIVERY  Dal 2 = 17.00 + fee 4.99, cash, cancelled by the kitchen
 *   #5 c2 Thu 03-17 PICKUP    Butter Chicken 1 = 12.00                                CONFIRMED
 *   Reviews: 5★ 03-02 15:00Z and 4★ 03-04 12:00Z (W1); 3★ 03-14 03:00Z = Sunday 03-13 23:00 in New York (W2;
 *   W3 in UTC).
 * Kitchen B (INR, Asia/Kolkata):
 *   #6 c1 Tue 03-08 DELIVERY  Paneer Tikka 4 × 250.00 = 1000.00 + fee 50.00           DELIVERED
 */
const NOW = new Date('2033-03-16T15:00:00Z');

describe('dashboard: GET publisher/dashboard and admin/dashboard', () => {
  let h: Harness;
  let chefA: TestActor & { publisher: { id: string } };
  let chefB: TestActor & { publisher: { id: string } };
  let admin: TestActor;
  let customer: TestActor;

  async function order(o: {
    customerId: string;
    publisherId: string;
    currency: string;
    lines: Array<{
      name: string;
      quantity: number;
      itemTotal: string;
      slots?: string[];
      date: string;
      deliveryOption: 'PICKUP' | 'DELIVERY';
      deliveryFee?: string;
      status: string;
      refunded?: string;
      cancelledBy?: string;
    }>;
  }): Promise<string[]> {
    const key = randomUUID();
    const [{ id: orderId }] = (await h.db.query(
      `INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, idempotency_key, order_status)
       VALUES ($1, $2, 0, $3, $4, 'CONFIRMED') RETURNING id`,
      [`DB-${key.slice(0, 8)}`, o.customerId, o.currency, key],
    )) as Array<{ id: string }>;
    const selections: string[] = [];
    for (const l of o.lines) {
      const [{ id: lineId }] = (await h.db.query(
        `INSERT INTO ordered_cart_item (order_id, publisher_id, item_name, pricing_option, unit_price, order_quantity,
                item_total, item_price_per_date, net_amount_per_date, net_amount)
         VALUES ($1, $2, $3, '{}'::jsonb, 0, $4, $5, $5, $5, $5) RETURNING id`,
        [orderId, o.publisherId, l.name, l.quantity, l.itemTotal],
      )) as Array<{ id: string }>;
      const [{ id: selectionId }] = (await h.db.query(
        `INSERT INTO order_date_selection (ordered_cart_item_id, date, time_slots, order_status, delivery_option,
                item_total, delivery_fee, payout_refund_status, payout_refund_amount)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          lineId,
          l.date,
          l.slots ?? ['PM_5_7'],
          l.status,
          l.deliveryOption,
          l.itemTotal,
          l.deliveryFee ?? '0',
          l.refunded ? 'REFUNDED' : 'DEFAULT',
          l.refunded ?? null,
        ],
      )) as Array<{ id: string }>;
      if (l.cancelledBy)
        await h.db.query(
          `INSERT INTO order_status_change (order_id, ordered_cart_item_id, order_date_selection_id, life_cycle_status, actor_id, at)
           VALUES ($1, $2, $3, 'PLACED', $4, $5), ($1, $2, $3, 'CANCELLED', $6, $5)`,
          [orderId, lineId, selectionId, o.customerId, NOW, l.cancelledBy],
        );
      selections.push(selectionId);
    }
    return selections;
  }

  async function rating(by: string, against: string, selectionId: string, stars: number, at: string) {
    await h.db.query(
      `INSERT INTO rating (rated_by_id, rated_against_id, order_date_selection_id, rating_value, date_published)
       VALUES ($1, $2, $3, $4, $5)`,
      [by, against, selectionId, stars, at],
    );
  }

  beforeAll(async () => {
    h = await startHarness();
    vi.spyOn(h.app.get(ClockService), 'now').mockImplementation(() => new Date(NOW));
    chefA = await h.chef({
      brandDisplayName: 'Dashboard Kitchen A',
      currencyCode: 'USD',
      timeZoneId: 'America/New_York',
    });
    chefB = await h.chef({
      brandDisplayName: 'Dashboard Kitchen B',
      currencyCode: 'INR',
      timeZoneId: 'Asia/Kolkata',
    });
    admin = await h.admin();
    customer = await h.customer();
    const c1 = (await h.customer()).consumer.id;
    const c2 = (await h.customer()).consumer.id;
    const A = { publisherId: chefA.publisher.id, currency: 'USD' };
    const [one] = await order({
      ...A,
      customerId: c1,
      lines: [
        {
          name: 'Butter Chicken',
          quantity: 2,
          itemTotal: '24.00',
          date: '2033-03-01',
          deliveryOption: 'PICKUP',
          status: 'DELIVERED',
        },
        {
          name: 'Dal',
          quantity: 1,
          itemTotal: '8.50',
          date: '2033-03-01',
          deliveryOption: 'PICKUP',
          status: 'DELIVERED',
        },
      ],
    });
    const [two] = await order({
      ...A,
      customerId: c2,
      lines: [
        {
          name: 'Butter Chicken',
          quantity: 1,
          itemTotal: '24.00',
          slots: ['LUNCH_12PM', 'PM_5_7'],
          date: '2033-03-03',
          deliveryOption: 'DELIVERY',
          deliveryFee: '4.99',
          status: 'DELIVERED',
        },
      ],
    });
    await order({
      ...A,
      customerId: c1,
      lines: [
        {
          name: 'Butter Chicken',
          quantity: 3,
          itemTotal: '36.00',
          date: '2033-03-15',
          deliveryOption: 'PICKUP',
          status: 'CANCELLED',
          refunded: '36.00',
          cancelledBy: c1,
        },
      ],
    });
    await order({
      ...A,
      customerId: c2,
      lines: [
        {
          name: 'Dal',
          quantity: 2,
          itemTotal: '17.00',
          date: '2033-03-17',
          deliveryOption: 'DELIVERY',
          deliveryFee: '4.99',
          status: 'CANCELLED',
          cancelledBy: chefA.consumer.id,
        },
      ],
    });
    await order({
      ...A,
      customerId: c2,
      lines: [
        {
          name: 'Butter Chicken',
          quantity: 1,
          itemTotal: '12.00',
          date: '2033-03-17',
          deliveryOption: 'PICKUP',
          status: 'CONFIRMED',
        },
      ],
    });
    await order({
      publisherId: chefB.publisher.id,
      currency: 'INR',
      customerId: c1,
      lines: [
        {
          name: 'Paneer Tikka',
          quantity: 4,
          itemTotal: '1000.00',
          date: '2033-03-08',
          deliveryOption: 'DELIVERY',
          deliveryFee: '50.00',
          status: 'DELIVERED',
        },
      ],
    });
    await rating(c1, chefA.publisher.id, one as string, 5, '2033-03-02T15:00:00Z');
    await rating(c2, chefA.publisher.id, two as string, 4, '2033-03-04T12:00:00Z');
    await rating(c2, chefA.publisher.id, one as string, 3, '2033-03-14T03:00:00Z');
  });
  afterAll(() => h?.close());

  const get = (
    path: string,
    actor: TestActor,
    query: Record<string, string | number> = { weeks: 3, days: 20 },
  ) => request(h.http).get(`${API}/${path}`).query(query).set(actor.auth);

  it("gives the chef their kitchen's exact numbers, weeks in the kitchen's zone, an empty week as zeros", async () => {
    const { body } = await get('publisher/dashboard', chefA).expect(200);
    expect(body).toMatchObject({
      scope: 'KITCHEN',
      kitchen: 'Dashboard Kitchen A',
      timeZone: 'America/New_York',
      today: '2033-03-16',
      from: '2033-02-28',
      to: '2033-03-20',
      datesFrom: '2033-02-24',
      datesTo: '2033-04-05',
      currencies: ['USD'],
    });
    expect(body.salesPerWeek).toEqual([
      { week: '2033-02-28', currencyCode: 'USD', sales: '61.49', refunded: '0.00', orders: 2 },
      { week: '2033-03-07', currencyCode: 'USD', sales: '0.00', refunded: '0.00', orders: 0 },
      { week: '2033-03-14', currencyCode: 'USD', sales: '12.00', refunded: '36.00', orders: 1 },
    ]);
    expect(body.ordersPerDate).toEqual([
      { date: '2033-03-01', orders: 1, portions: 3 },
      { date: '2033-03-03', orders: 1, portions: 2 },
      { date: '2033-03-17', orders: 1, portions: 1 },
    ]);
    expect(body.ratingPerWeek).toEqual([
      { week: '2033-02-28', count: 2, mean: 4.5 },
      { week: '2033-03-07', count: 1, mean: 3 },
      { week: '2033-03-14', count: 0, mean: null },
    ]);
    expect(body).toMatchObject({ ratingCount: 3, ratingMean: 4 });
    expect(body.topItems).toEqual([
      {
        itemName: 'Butter Chicken',
        kitchen: 'Dashboard Kitchen A',
        currencyCode: 'USD',
        portions: 5,
        sales: '60.00',
      },
      { itemName: 'Dal', kitchen: 'Dashboard Kitchen A', currencyCode: 'USD', portions: 1, sales: '8.50' },
    ]);
    expect(body.fulfilment).toEqual({ pickup: 2, delivery: 1, deliveryShare: 0.3333 });
    expect(body.cancellationsPerWeek).toEqual([
      { week: '2033-02-28', dates: 3, cancelled: 0, byCustomer: 0, byKitchen: 0, byOther: 0, share: 0 },
      { week: '2033-03-07', dates: 0, cancelled: 0, byCustomer: 0, byKitchen: 0, byOther: 0, share: 0 },
      { week: '2033-03-14', dates: 3, cancelled: 2, byCustomer: 1, byKitchen: 1, byOther: 0, share: 0.6667 },
    ]);
  });

  it("shows a chef only their own kitchen: chef B sees kitchen B's rupees, none of A's dollars", async () => {
    const { body } = await get('publisher/dashboard', chefB).expect(200);
    expect(body).toMatchObject({
      kitchen: 'Dashboard Kitchen B',
      timeZone: 'Asia/Kolkata',
      currencies: ['INR'],
    });
    expect(body.salesPerWeek.map((r: { sales: string }) => r.sales)).toEqual(['0.00', '1050.00', '0.00']);
    expect(body.topItems).toEqual([
      {
        itemName: 'Paneer Tikka',
        kitchen: 'Dashboard Kitchen B',
        currencyCode: 'INR',
        portions: 4,
        sales: '1000.00',
      },
    ]);
    expect(body.ratingCount).toBe(0);
    expect(body.ratingMean).toBeNull();
    expect(JSON.stringify(body)).not.toContain('Butter Chicken');
  });

  it('gives the admin the whole platform in UTC, money per currency, never added across currencies', async () => {
    const { body } = await get('admin/dashboard', admin).expect(200);
    expect(body).toMatchObject({
      scope: 'PLATFORM',
      kitchen: null,
      timeZone: 'UTC',
      currencies: ['INR', 'USD'],
    });
    expect(body.salesPerWeek).toEqual([
      { week: '2033-02-28', currencyCode: 'INR', sales: '0.00', refunded: '0.00', orders: 0 },
      { week: '2033-03-07', currencyCode: 'INR', sales: '1050.00', refunded: '0.00', orders: 1 },
      { week: '2033-03-14', currencyCode: 'INR', sales: '0.00', refunded: '0.00', orders: 0 },
      { week: '2033-02-28', currencyCode: 'USD', sales: '61.49', refunded: '0.00', orders: 2 },
      { week: '2033-03-07', currencyCode: 'USD', sales: '0.00', refunded: '0.00', orders: 0 },
      { week: '2033-03-14', currencyCode: 'USD', sales: '12.00', refunded: '36.00', orders: 1 },
    ]);
    // The Sunday-evening review in New York is a Monday review in UTC.
    expect(body.ratingPerWeek).toEqual([
      { week: '2033-02-28', count: 2, mean: 4.5 },
      { week: '2033-03-07', count: 0, mean: null },
      { week: '2033-03-14', count: 1, mean: 3 },
    ]);
    expect(
      body.topItems.map((t: { itemName: string; portions: number }) => [t.itemName, t.portions]),
    ).toEqual([
      ['Butter Chicken', 5],
      ['Paneer Tikka', 4],
      ['Dal', 1],
    ]);
    expect(body.fulfilment).toEqual({ pickup: 2, delivery: 2, deliveryShare: 0.5 });
    expect(body.cancellationsPerWeek[1]).toMatchObject({ week: '2033-03-07', dates: 1, cancelled: 0 });
    expect(body.ordersPerDate).toContainEqual({ date: '2033-03-08', orders: 1, portions: 4 });
  });

  it('keeps the admin dashboard for admins and the kitchen dashboard for chefs', async () => {
    await get('admin/dashboard', chefA).expect(403);
    await get('admin/dashboard', customer).expect(403);
    await get('publisher/dashboard', customer).expect(403);
    await request(h.http).get(`${API}/admin/dashboard`).expect(401);
    await request(h.http).get(`${API}/publisher/dashboard`).expect(401);
  });

  it('answers a window outside 1–52 weeks with a problem naming the field', async () => {
    const res = await get('publisher/dashboard', chefA, { weeks: 0 }).expect(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(res.body)).toContain('weeks');
    await get('publisher/dashboard', chefA, { days: 61 }).expect(400);
    const defaults = await get('publisher/dashboard', chefA, {}).expect(200);
    expect(defaults.body.salesPerWeek).toHaveLength(12);
    expect(defaults.body).toMatchObject({
      from: '2032-12-27',
      datesFrom: '2033-03-02',
      datesTo: '2033-03-30',
    });
  });
});
