import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemType } from '@hearth/shared';
import { StatementGroups } from '../../src/common/database/statement-groups.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, orderedCount } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ, type CartLine } from './helpers.js';

/*
 * The checkout under concurrency, on the set-based placement path (one read, then one write statement that
 * checks the cart lines it priced are still there as read and takes capacity with one conditional UPDATE for
 * all rows of the order): exactly the capacity is sold, the rest is refused with the spec's sentence, a cart
 * over two kitchens takes all or nothing without deadlocks, one idempotency key sent many times at once makes
 * one order, one cart checked out from several tabs at once makes one order, and a line edited while the order
 * is being written is ordered as edited. Checkouts arriving together share their read and write statements
 * (StatementGroups); each customer still gets exactly their own order.
 */
describe('checkout under concurrency', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  async function buyersWith(n: number, lines: (i: number) => CartLine[]): Promise<TestActor[]> {
    const buyers = await Promise.all(Array.from({ length: n }, () => h.customer()));
    for (let i = 0; i < buyers.length; i += 10) {
      await Promise.all(buyers.slice(i, i + 10).map((b, j) => fillCart(h, b, lines(i + j))));
    }
    return buyers;
  }

  it('gives each of 24 customers checking out at once their own order, though several share a statement', async () => {
    const kitchens = await Promise.all([h.chef(), h.chef(), h.chef()]);
    const dishes: Array<Awaited<ReturnType<typeof createOfferedItem>>> = [];
    for (const [k, name] of ['Group Gumbo', 'Group Gnocchi', 'Group Goulash'].entries()) {
      dishes.push(
        await createOfferedItem(h.db, {
          publisherId: kitchens[k].publisher.id,
          name,
          chefPrice: ['7.25', '9.50', '12.75'][k],
          maxAllowed: 500,
          dates: dishes[0]?.dates,
        }),
      );
    }
    const date = dishes[0].dates[0];
    const quantity = (i: number) => 1 + (i % 4);
    const buyers = await buyersWith(24, (i) => [
      {
        itemId: dishes[i % 3].item.id,
        optionId: dishes[i % 3].optionId,
        orderQuantity: quantity(i),
        dates: [{ date }],
      },
    ]);
    const sizes: number[] = [];
    // How many inputs each statement of the checkout's read and write took.
    const prototype = StatementGroups.prototype as unknown as Record<
      'settle',
      (g: unknown[]) => Promise<void>
    >;
    const original = prototype.settle;
    const spy = vi.spyOn(prototype, 'settle').mockImplementation(function (this: unknown, group: unknown[]) {
      sizes.push(group.length);
      return original.call(this, group);
    });
    let results;
    try {
      results = await Promise.all(buyers.map((b) => placeOrder(h, b)));
    } finally {
      spy.mockRestore();
    }
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(201));
    // Reads and writes went several to a statement.
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    for (const [i, buyer] of buyers.entries()) {
      const placed = results[i].body;
      expect(placed.cartItems).toHaveLength(1);
      expect(placed.cartItems[0]).toMatchObject({
        itemName: dishes[i % 3].item.name,
        orderQuantity: quantity(i),
      });
      // The answer is what the order says when read on its own later (with a cash order's empty payment link).
      const read = (
        await request(h.http)
          .get(`${API}/order/${placed.orderNumber}`)
          .set({ ...TZ, ...buyer.auth })
          .expect(200)
      ).body;
      expect(placed).toEqual({ ...read, paymentUrl: null, paymentError: null });
    }
    const [{ orders, lines, payments, changes }] = await h.db.query(
      `SELECT count(DISTINCT o.id)::int AS orders, count(DISTINCT l.id)::int AS lines,
              count(DISTINCT p.id)::int AS payments, count(DISTINCT s.id)::int AS changes
         FROM customer_order o JOIN ordered_cart_item l ON l.order_id = o.id
         JOIN payment_details p ON p.order_id = o.id JOIN order_status_change s ON s.order_id = o.id
        WHERE o.consumer_id = ANY($1::uuid[])`,
      [buyers.map((b) => b.consumer.id)],
    );
    expect({ orders, lines, payments, changes }).toEqual({
      orders: 24,
      lines: 24,
      payments: 24,
      changes: 24,
    });
    for (const [k, dish] of dishes.entries()) {
      const wanted = buyers.reduce((n, _, i) => n + (i % 3 === k ? quantity(i) : 0), 0);
      expect(await orderedCount(h.db, dish.item.id, date)).toBe(wanted);
    }
  }, 180_000);

  it('sells exactly the last portions: 30 buyers of 2 portions each for the last 11 → 5 orders, 25 refusals naming the 1 portion left', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Last Laddoo',
      maxAllowed: 50,
      orderedCount: 39,
    });
    const date = offered.dates[0];
    const buyers = await buyersWith(30, () => [
      { itemId: offered.item.id, optionId: offered.optionId, orderQuantity: 2, dates: [{ date }] },
    ]);
    const results = await Promise.all(buyers.map((b) => placeOrder(h, b)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.type).toBe(ProblemType.SOLD_OUT);
      expect(r.body.detail).toMatch(/^Only 1 portion of "Last Laddoo" is left for \w{3}, \w{3} \d{1,2}\.$/);
      expect(r.body.params).toMatchObject({ itemName: 'Last Laddoo', date, remaining: 1 });
    }
    expect(await orderedCount(h.db, offered.item.id, date)).toBe(49);
    const [{ n }] = await h.db.query(
      `SELECT coalesce(sum(order_quantity), 0)::int AS n FROM ordered_cart_item WHERE item_id = $1`,
      [offered.item.id],
    );
    expect(n).toBe(10);
  }, 180_000);

  it('takes all or nothing over two kitchens at once: 20 buyers of a plentiful and a scarce dish → 3 orders, both rows +3, no deadlock', async () => {
    const [first, second] = [await h.chef(), await h.chef()];
    const plenty = await createOfferedItem(h.db, {
      publisherId: first.publisher.id,
      name: 'Plenty Pulao',
      maxAllowed: 100,
    });
    const scarce = await createOfferedItem(h.db, {
      publisherId: second.publisher.id,
      name: 'Scarce Samosa',
      maxAllowed: 3,
      dates: plenty.dates,
    });
    const date = plenty.dates[0];
    // Half the carts list the scarce dish first: the rows are still locked in one fixed order.
    const buyers = await buyersWith(20, (i) => {
      const lines: CartLine[] = [
        { itemId: plenty.item.id, optionId: plenty.optionId, dates: [{ date }] },
        { itemId: scarce.item.id, optionId: scarce.optionId, dates: [{ date }] },
      ];
      return i % 2 === 0 ? lines : lines.reverse();
    });
    const results = await Promise.all(buyers.map((b) => placeOrder(h, b)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toMatchObject({
        type: ProblemType.SOLD_OUT,
        params: { itemName: 'Scarce Samosa', date },
      });
      expect(r.body.detail).toMatch(/^"Scarce Samosa" is sold out for \w{3}, \w{3} \d{1,2}\.$/);
    }
    expect(await orderedCount(h.db, scarce.item.id, date)).toBe(3);
    expect(await orderedCount(h.db, plenty.item.id, date)).toBe(3);
  }, 180_000);

  it('makes one order of one key sent 12 times at once: one 201, eleven 200 with the same order, capacity and e-mails once', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Replay Rasam',
      maxAllowed: 40,
    });
    const date = offered.dates[0];
    const line: CartLine = {
      itemId: offered.item.id,
      optionId: offered.optionId,
      orderQuantity: 2,
      dates: [{ date }],
    };
    // A reference order placed once, for the number of e-mails one order writes.
    const [reference] = await buyersWith(1, () => [line]);
    const once = await placeOrder(h, reference).expect(201);
    const [customer] = await buyersWith(1, () => [line]);
    const body = checkoutBody();
    const results = await Promise.all(Array.from({ length: 12 }, () => placeOrder(h, customer, body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.orderNumber)).size).toBe(1);
    const [{ n, id }] = await h.db.query(
      `SELECT count(*)::int AS n, min(id::text) AS id FROM customer_order WHERE idempotency_key = $1`,
      [body.idempotencyKey],
    );
    expect(n).toBe(1);
    expect(await orderedCount(h.db, offered.item.id, date)).toBe(4);
    const mails = async (orderId: string): Promise<number> =>
      (await h.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE related_id = $1`, [orderId]))[0]
        .n as number;
    const [{ id: referenceId }] = await h.db.query(`SELECT id FROM customer_order WHERE order_number = $1`, [
      once.body.orderNumber,
    ]);
    expect(await mails(referenceId as string)).toBeGreaterThan(0);
    expect(await mails(id as string)).toBe(await mails(referenceId as string));
    // The cart was emptied once; a later replay is still the same order.
    const later = await placeOrder(h, customer, body).expect(200);
    expect(later.body.orderNumber).toBe(results[0].body.orderNumber);
  }, 180_000);

  it('makes one order of one cart checked out from 6 tabs at once with their own keys: one 201, five 409 "Your cart is empty."', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Tab Thali',
      maxAllowed: 40,
    });
    const date = offered.dates[0];
    const [customer] = await buyersWith(1, () => [
      { itemId: offered.item.id, optionId: offered.optionId, orderQuantity: 3, dates: [{ date }] },
    ]);
    const results = await Promise.all(Array.from({ length: 6 }, () => placeOrder(h, customer)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.detail).toBe('Your cart is empty.');
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM customer_order WHERE consumer_id = $1`, [
      customer.consumer.id,
    ]);
    expect(n).toBe(1);
    expect(await orderedCount(h.db, offered.item.id, date)).toBe(3);
  }, 180_000);

  it('orders a line as edited when the edit commits while the order is being written (the write re-reads and re-prices)', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Edited Idli',
      maxAllowed: 40,
    });
    const date = offered.dates[0];
    const [customer] = await buyersWith(1, () => [
      { itemId: offered.item.id, optionId: offered.optionId, orderQuantity: 2, dates: [{ date }] },
    ]);
    const [{ id: lineId }] = await h.db.query(
      `SELECT ci.id FROM cart_item ci JOIN cart c ON c.id = ci.cart_id WHERE c.consumer_id = $1`,
      [customer.consumer.id],
    );
    // Another tab's edit, held open: the checkout reads quantity 2, then its write waits on the edited line.
    const edit = h.db.createQueryRunner();
    await edit.connect();
    await edit.startTransaction();
    await edit.query(`UPDATE cart_item SET order_quantity = 5, updated_at = now() WHERE id = $1`, [lineId]);
    const placing = placeOrder(h, customer).then((r) => r);
    for (let waited = 0; ; waited += 20) {
      const [{ n }] = await h.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%customer_order%'`,
      );
      if (n > 0) break;
      if (waited > 10_000) throw new Error('the checkout never waited on the edited line');
      await new Promise((r) => setTimeout(r, 20));
    }
    await edit.commitTransaction();
    await edit.release();
    const placed = await placing;
    expect(placed.status).toBe(201);
    expect(placed.body.cartItems.map((l: { orderQuantity: number }) => l.orderQuantity)).toEqual([5]);
    expect(await orderedCount(h.db, offered.item.id, date)).toBe(5);
  }, 180_000);
});
