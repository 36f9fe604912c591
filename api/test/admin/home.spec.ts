import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClockService } from '../../src/common/clock/clock.service.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createPublisher } from '../setup/factories.js';
import { API } from '../order/helpers.js';

/*
 * The worked example of docs/admin-home.md. "Now" is Friday 2034-06-16 10:00 UTC, far from any other suite's
 * orders, so the windowed numbers are this file's alone; with days=7 the window is 06-10 … 06-16 (UTC days the
 * orders were placed). Counts that are not windowed (kitchens, accounts, open work) are compared with the same
 * numbers read before this file's rows were added.
 *
 *   #1 USD 06-10 09:00Z  Curry 24.00 + Dal 8.50 (live)                       fee 6.50
 *   #2 USD 06-10 23:30Z  Curry 12.00 + delivery 4.99 (live), Dal 8.50 (cancelled, refund FAILED)   fee 3.40
 *   #3 USD 06-12         Curry 36.00 cancelled (whole order), refunded 36.00 on 06-13              fee 7.20
 *   #4 INR 06-16 02:00Z  Paneer 1000.00 + delivery 50.00 (live)              fee 210.00
 *   #5 USD 06-09 23:59Z  Curry 99.00, before the window                        fee 19.80
 *   #6 CAD 06-15         Poutine 12.00 (live)                                  fee 2.40
 *   Refund of 36.00 USD completed 06-13 (in), and one of 5.00 USD completed 06-08 (out).
 *
 * Per day: USD 06-10 2 orders 49.49 (24.00 + 8.50 + 12.00 + 4.99), INR 06-16 1 order 1050.00, CAD 06-15 12.00.
 * Totals: USD 2 orders, sales 49.49, fees 9.90 (6.50 + 3.40; #3 is cancelled, #5 outside), refunds 36.00;
 * INR 1 order, 1050.00, fees 210.00, refunds 0.00; CAD 1 order, 12.00, fees 2.40, refunds 0.00.
 * Work: +1 open enquiry (a closed one does not count), +1 unanswered contact message, +1 failed settlement.
 */
const NOW = new Date('2034-06-16T10:00:00Z');

describe('GET admin: the admin home numbers', () => {
  let h: Harness;
  let admin: TestActor;

  async function order(o: {
    customerId: string;
    publisherId: string;
    currency: string;
    at: string;
    status?: string;
    fee: string;
    lines: Array<{
      total: string;
      deliveryFee?: string;
      status?: string;
      refund?: { status: string; amount: string; at: string };
    }>;
  }): Promise<void> {
    const key = randomUUID();
    const [{ id: orderId }] = (await h.db.query(
      `INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, idempotency_key, order_status, ordered_date)
       VALUES ($1, $2, 0, $3, $4, $5, $6) RETURNING id`,
      [`AH-${key.slice(0, 8)}`, o.customerId, o.currency, key, o.status ?? 'CONFIRMED', o.at],
    )) as Array<{ id: string }>;
    await h.db.query(
      `INSERT INTO payment_details (order_id, payment_method, gateway, gross_amount, net_amount, currency_code, vs_fees)
       VALUES ($1, 'CASH_ON_PICKUP_DELIVERY', 'cash', 0, 0, $2, $3)`,
      [orderId, o.currency, o.fee],
    );
    for (const l of o.lines) {
      const [{ id: lineId }] = (await h.db.query(
        `INSERT INTO ordered_cart_item (order_id, publisher_id, item_name, pricing_option, unit_price, order_quantity,
                item_total, item_price_per_date, net_amount_per_date, net_amount)
         VALUES ($1, $2, 'Dish', '{}'::jsonb, 0, 1, $3, $3, $3, $3) RETURNING id`,
        [orderId, o.publisherId, l.total],
      )) as Array<{ id: string }>;
      await h.db.query(
        `INSERT INTO order_date_selection (ordered_cart_item_id, date, time_slots, order_status, delivery_option,
                item_total, delivery_fee, payout_refund_status, payout_refund_amount, payout_refund_at)
         VALUES ($1, '2034-06-20', '{PM_5_7}', $2, 'PICKUP', $3, $4, $5, $6, $7)`,
        [
          lineId,
          l.status ?? o.status ?? 'CONFIRMED',
          l.total,
          l.deliveryFee ?? '0',
          l.refund?.status ?? 'DEFAULT',
          l.refund?.amount ?? null,
          l.refund?.at ?? null,
        ],
      );
    }
  }

  const numbers = async (days?: number) =>
    (
      await request(h.http)
        .get(`${API}/admin`)
        .query(days ? { days } : {})
        .set(admin.auth)
        .expect(200)
    ).body;

  let before: Awaited<ReturnType<typeof numbers>>;
  let newAccounts: number;

  beforeAll(async () => {
    h = await startHarness();
    vi.spyOn(h.app.get(ClockService), 'now').mockImplementation(() => new Date(NOW));
    admin = await h.admin();
    before = await numbers(7);
    const chef = await h.chef({ currencyCode: 'USD' });
    const customer = await h.customer();
    // Two accounts "created" in the window and one disabled one created long before it.
    await h.db.query(`UPDATE consumer SET created_at = '2034-06-11T08:00:00Z' WHERE id IN ($1, $2)`, [
      customer.consumer.id,
      chef.consumer.id,
    ]);
    await h.customer({ status: 'DISABLED' });
    newAccounts = 2;
    // One kitchen of each review state more (the chef's is APPROVED).
    await createPublisher(h.db, { consumerId: customer.consumer.id, status: 'PENDING' });
    const blockedOwner = await h.customer();
    await createPublisher(h.db, { consumerId: blockedOwner.consumer.id, status: 'BLOCKED' });

    const usd = { customerId: customer.consumer.id, publisherId: chef.publisher.id, currency: 'USD' };
    await order({
      ...usd,
      at: '2034-06-10T09:00:00Z',
      fee: '6.50',
      lines: [{ total: '24.00' }, { total: '8.50' }],
    });
    await order({
      ...usd,
      at: '2034-06-10T23:30:00Z',
      fee: '3.40',
      lines: [
        { total: '12.00', deliveryFee: '4.99' },
        {
          total: '8.50',
          status: 'CANCELLED',
          refund: { status: 'FAILED', amount: '8.50', at: '2034-06-11T00:00:00Z' },
        },
      ],
    });
    await order({
      ...usd,
      at: '2034-06-12T12:00:00Z',
      status: 'CANCELLED',
      fee: '7.20',
      lines: [
        { total: '36.00', refund: { status: 'REFUNDED', amount: '36.00', at: '2034-06-13T08:00:00Z' } },
      ],
    });
    await order({ ...usd, at: '2034-06-09T23:59:00Z', fee: '19.80', lines: [{ total: '99.00' }] });
    await order({
      ...usd,
      at: '2034-06-01T12:00:00Z',
      status: 'CANCELLED',
      fee: '1.00',
      lines: [{ total: '5.00', refund: { status: 'REFUNDED', amount: '5.00', at: '2034-06-08T12:00:00Z' } }],
    });
    await order({
      ...usd,
      currency: 'INR',
      at: '2034-06-16T02:00:00Z',
      fee: '210.00',
      lines: [{ total: '1000.00', deliveryFee: '50.00' }],
    });
    await order({
      ...usd,
      currency: 'CAD',
      at: '2034-06-15T12:00:00Z',
      fee: '2.40',
      lines: [{ total: '12.00' }],
    });

    await h.db.query(
      `INSERT INTO enquiry (email, message, status) VALUES ('open@example.test', 'Hello', 'OPEN'),
              ('closed@example.test', 'Bye', 'CLOSED')`,
    );
    await h.db.query(
      `INSERT INTO contact_message (legal_name, email, message, response, responded_at)
       VALUES ('Ann', 'ann@example.test', 'Hi', NULL, NULL), ('Bob', 'bob@example.test', 'Hi', 'Thanks', now())`,
    );
  });
  afterAll(() => h?.close());

  it('answers the worked example: per day and per currency, exactly, never mixing currencies', async () => {
    const body = await numbers(7);
    expect(body).toMatchObject({ today: '2034-06-16', from: '2034-06-10', days: 7 });
    expect(body.currencies).toEqual(['CAD', 'INR', 'USD']);
    expect(body.totals).toEqual([
      { currencyCode: 'CAD', orders: 1, sales: '12.00', platformFees: '2.40', refunds: '0.00' },
      { currencyCode: 'INR', orders: 1, sales: '1050.00', platformFees: '210.00', refunds: '0.00' },
      { currencyCode: 'USD', orders: 2, sales: '49.49', platformFees: '9.90', refunds: '36.00' },
    ]);
    expect(body.perDay).toHaveLength(21);
    const usd = body.perDay.filter((d: { currencyCode: string }) => d.currencyCode === 'USD');
    expect(usd.map((d: { date: string }) => d.date)).toEqual([
      '2034-06-10',
      '2034-06-11',
      '2034-06-12',
      '2034-06-13',
      '2034-06-14',
      '2034-06-15',
      '2034-06-16',
    ]);
    expect(usd[0]).toEqual({ date: '2034-06-10', currencyCode: 'USD', orders: 2, sales: '49.49' });
    expect(usd[2]).toEqual({ date: '2034-06-12', currencyCode: 'USD', orders: 0, sales: '0.00' });
    expect(body.perDay).toContainEqual({
      date: '2034-06-16',
      currencyCode: 'INR',
      orders: 1,
      sales: '1050.00',
    });
    expect(body.perDay).toContainEqual({
      date: '2034-06-15',
      currencyCode: 'CAD',
      orders: 1,
      sales: '12.00',
    });
  });

  it('counts kitchens by status, accounts and the open back-office work', async () => {
    const body = await numbers(7);
    expect(body.kitchens).toEqual({
      pending: before.kitchens.pending + 1,
      approved: before.kitchens.approved + 1,
      blocked: before.kitchens.blocked + 1,
    });
    // Accounts made by this file: the chef, the customer, the disabled one, the blocked kitchen's owner.
    expect(body.customers.total).toBe(before.customers.total + 4);
    expect(body.customers.newInWindow).toBe(before.customers.newInWindow + newAccounts);
    expect(body.customers.disabled).toBe(before.customers.disabled + 1);
    expect(body.work).toEqual({
      openEnquiries: before.work.openEnquiries + 1,
      unansweredContactMessages: before.work.unansweredContactMessages + 1,
      failedSettlements: before.work.failedSettlements + 1,
      failedPaymentEvents: before.work.failedPaymentEvents,
    });
  });

  it('defaults to 30 days and refuses a window outside 7–90 with a clear field error', async () => {
    const body = await numbers();
    expect(body).toMatchObject({ days: 30, from: '2034-05-18' });
    expect(body.totals.find((t: { currencyCode: string }) => t.currencyCode === 'USD')).toMatchObject({
      orders: 3,
      sales: '148.49',
      platformFees: '29.70',
      refunds: '41.00',
    });
    for (const days of [6, 91, 'x']) {
      const res = await request(h.http).get(`${API}/admin`).query({ days }).set(admin.auth).expect(400);
      expect(new Set(res.body.fieldErrors.map((e: { field: string; message: string }) => e.message))).toEqual(
        new Set(['days must be a whole number from 7 to 90']),
      );
    }
  });
  it('refuses anonymous callers, customers and chefs', async () => {
    await request(h.http).get(`${API}/admin`).expect(401);
    const customer = await h.customer();
    await request(h.http).get(`${API}/admin`).set(customer.auth).expect(403);
    const chef = await h.chef();
    await request(h.http).get(`${API}/admin`).set(chef.auth).expect(403);
  });
});
