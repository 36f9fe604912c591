import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayLabel } from '@hearth/shared';
import { startMailStack, until, type MailStack } from '../mail/mail-worker.js';
import type { Harness, TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, dayFromNow, type OfferedItem } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

interface PlacedOrder {
  id: string;
  orderNumber: string;
  cartItems: Array<{ cartItemId: string; itemId: string; dates: Array<{ id: string; date: string }> }>;
}

describe('order messages between a kitchen and its customers (outbox, worker and a real SMTP server)', () => {
  let stack: MailStack;
  let h: Harness;

  beforeAll(async () => {
    stack = await startMailStack();
    ({ h } = stack);
  });
  afterAll(() => stack?.close());

  type Chef = Awaited<ReturnType<Harness['chef']>>;
  /** The kitchen's name as customers see it (its brand name, else its kitchen name). */
  const shown = (chef: Chef) => chef.publisher.brandDisplayName || chef.publisher.kitchenName;
  const newChef = async (): Promise<Chef & { offered: OfferedItem }> => {
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Veggie Lasagna' });
    return { ...chef, offered };
  };
  const newCustomer = () => h.customer({ userEmail: `buyer-${randomUUID()}@example.test` });

  /** The customer orders one portion of each chef's item on the given date (and slot, and way). */
  async function order(
    customer: TestActor,
    chefs: Array<{ offered: OfferedItem }>,
    date?: string,
    timeSlots = ['PM_5_7'],
    deliveryOption: 'PICKUP' | 'DELIVERY' = 'DELIVERY',
  ): Promise<PlacedOrder> {
    await fillCart(
      h,
      customer,
      chefs.map(({ offered }) => ({
        itemId: offered.item.id,
        optionId: offered.optionId,
        dates: [{ date: date ?? (offered.dates[0] as string), timeSlots, deliveryOption }],
      })),
    );
    const res = await placeOrder(h, customer, checkoutBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as PlacedOrder;
  }

  const send = (actor: TestActor, body: Record<string, unknown>) =>
    request(h.http)
      .post(`${API}/order/send-communication`)
      .set({ ...TZ, ...actor.auth })
      .send(body);
  const bulk = (actor: TestActor, body: Record<string, unknown>) =>
    request(h.http)
      .post(`${API}/order/bulk/send-communication`)
      .set({ ...TZ, ...actor.auth })
      .send(body);
  const threads = (actor: TestActor, orderNumber?: string) =>
    request(h.http)
      .get(`${API}/order/communications`)
      .query(orderNumber ? { orderNumber } : {})
      .set({ ...TZ, ...actor.auth });

  /** Subjects of the outbox rows to one address (what will be sent), sorted. */
  const outboxTo = async (to: string): Promise<string[]> =>
    (await h.db.query(`SELECT subject FROM email_outbox WHERE to_address = $1 ORDER BY subject`, [to])).map(
      (r: { subject: string }) => r.subject,
    );
  const messageRows = async (orderId: string): Promise<number> =>
    Number((await h.db.query(`SELECT count(*) AS n FROM order_message WHERE order_id = $1`, [orderId]))[0].n);
  const mailRows = async (): Promise<number> =>
    Number((await h.db.query(`SELECT count(*) AS n FROM email_outbox`))[0].n);
  const delivered = (to: string, about: string) =>
    until(`mail to ${to} about ${about}`, () =>
      stack.smtp.received.find((m) => m.to.includes(to) && m.subject.includes(about)),
    );
  const body = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');

  it('a chef writes to the customer of one date, the customer reads it on their order and answers, the chef reads the answer', async () => {
    const chef = await newChef();
    const customer = await newCustomer();
    const placed = await order(customer, [chef]);
    const line = placed.cartItems[0]!;
    const date = line.dates[0]!;

    const sent = await send(chef, {
      orderNumber: placed.orderNumber.toLowerCase(),
      cartItemId: line.cartItemId,
      userSelectionDateId: date.id,
      message: '  Running 20 minutes late, sorry!  ',
    }).expect(201);
    expect(sent.body).toMatchObject({
      author: 'CHEF',
      authorName: shown(chef),
      message: 'Running 20 minutes late, sorry!',
      userSelectionDateId: date.id,
      cartItemId: line.cartItemId,
      date: date.date,
      readAt: null,
      mine: true,
    });

    const email = customer.consumer.userEmail!;
    const subject = `Message from ${shown(chef)} about order ${placed.orderNumber}`;
    expect(await outboxTo(email)).toContain(subject);
    const mail = await delivered(email, subject);
    expect(body(mail.raw)).toContain('Running 20 minutes late, sorry!');
    expect(body(mail.raw)).toContain(`about your order ${placed.orderNumber} for ${dayLabel(date.date)}`);
    expect(body(mail.raw)).toContain(`${h.origin}/l/orders/order-status?orderNumber=${placed.orderNumber}`);

    // The customer's view: one thread (one kitchen), the message unread until now; reading marks it read.
    const seen = (await threads(customer, placed.orderNumber).expect(200)).body;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      orderNumber: placed.orderNumber,
      publisherId: chef.publisher.id,
      kitchenName: shown(chef),
      viewerRole: 'CUSTOMER',
      unread: 1,
    });
    expect(seen[0].messages.map((m: { message: string; mine: boolean }) => [m.message, m.mine])).toEqual([
      ['Running 20 minutes late, sorry!', false],
    ]);
    const again = (await threads(customer, placed.orderNumber).expect(200)).body;
    expect(again[0].unread).toBe(0);
    expect(again[0].messages[0].readAt).not.toBeNull();

    // The customer answers: the chef is e-mailed and sees it, unread, on their side of the thread.
    await send(customer, { orderNumber: placed.orderNumber, message: 'No problem, see you then.' })
      .expect(201)
      .expect((r) => expect(r.body).toMatchObject({ author: 'CUSTOMER', mine: true }));
    const chefMail = await delivered(
      chef.publisher.userEmail ?? chef.consumer.userEmail!,
      `about order ${placed.orderNumber}`,
    );
    expect(chefMail.subject).toBe(`Message from Casey Jones about order ${placed.orderNumber}`);
    expect(body(chefMail.raw)).toContain('No problem, see you then.');
    expect(body(chefMail.raw)).toContain(`${h.origin}/l/orders/kitchen`);

    const recent = await threads(chef).expect(200);
    expect(recent.headers['x-unread-count']).toBe('1');
    expect(recent.body[0]).toMatchObject({
      orderNumber: placed.orderNumber,
      viewerRole: 'CHEF',
      unread: 1,
      lastMessage: { message: 'No problem, see you then.', author: 'CUSTOMER', mine: false },
      messages: [],
    });
    const chefView = (await threads(chef, placed.orderNumber).expect(200)).body;
    expect(chefView).toHaveLength(1);
    expect(chefView[0]).toMatchObject({ viewerRole: 'CHEF', unread: 1, customerName: 'Casey Jones' });
    expect(chefView[0].messages.map((m: { author: string }) => m.author)).toEqual(['CHEF', 'CUSTOMER']);
    expect((await threads(chef).expect(200)).headers['x-unread-count']).toBe('0');
    // The customer's own reply is not unread for them.
    expect((await threads(customer).expect(200)).headers['x-unread-count']).toBe('0');
  }, 90_000);

  it("another chef cannot write to a chef's customers, one order or by date, and nothing is stored or sent", async () => {
    const chef = await newChef();
    const other = await newChef();
    const customer = await newCustomer();
    const placed = await order(customer, [chef]);
    const line = placed.cartItems[0]!;
    const before = await mailRows();

    const refused = await send(other, {
      orderNumber: placed.orderNumber,
      message: 'Hi from elsewhere',
    }).expect(404);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body.detail).toBe(`Order ${placed.orderNumber} was not found.`);
    await send(other, {
      orderNumber: placed.orderNumber,
      cartItemId: line.cartItemId,
      userSelectionDateId: line.dates[0]!.id,
      message: 'Hi from elsewhere',
    }).expect(404);
    // The other chef has no orders on that date: nobody is messaged, the chef's customer least of all.
    const none = await bulk(other, { date: line.dates[0]!.date, message: 'Hi all' }).expect(409);
    expect(none.body.detail).toBe(
      `Your kitchen has no live orders on ${dayLabel(line.dates[0]!.date)}: nobody was messaged.`,
    );
    await threads(other, placed.orderNumber).expect(404);
    expect((await threads(other).expect(200)).body).toEqual([]);

    expect(await messageRows(placed.id)).toBe(0);
    expect(await mailRows()).toBe(before);
  });

  it('a customer sees only their own threads and cannot write on another customer’s order', async () => {
    const chef = await newChef();
    const customer = await newCustomer();
    const stranger = await newCustomer();
    const placed = await order(customer, [chef]);
    await send(chef, { orderNumber: placed.orderNumber, message: 'Your order is in the oven.' }).expect(201);
    const before = await mailRows();

    await threads(stranger, placed.orderNumber).expect(404);
    expect((await threads(stranger).expect(200)).body).toEqual([]);
    await send(stranger, { orderNumber: placed.orderNumber, message: 'Let me in' }).expect(404);
    await send(stranger, {
      orderNumber: placed.orderNumber,
      cartItemId: placed.cartItems[0]!.cartItemId,
      message: 'Let me in',
    }).expect(404);
    // A customer is no chef: the bulk send is for chefs only.
    await bulk(customer, { date: placed.cartItems[0]!.dates[0]!.date, message: 'Hi all' }).expect(403);

    expect(await messageRows(placed.id)).toBe(1);
    expect(await mailRows()).toBe(before);
    // Reading someone else's thread marked nothing read.
    expect((await threads(customer, placed.orderNumber).expect(200)).body[0].unread).toBe(1);
  });

  it('an order from two kitchens is two threads: the customer sees both, each chef only theirs', async () => {
    const a = await newChef();
    const b = await newChef();
    const customer = await newCustomer();
    const placed = await order(customer, [a, b], dayFromNow(3));
    const lineOf = (chef: Chef) =>
      placed.cartItems.find((l) => l.itemId === (chef as Chef & { offered: OfferedItem }).offered.item.id)!;

    await send(a, { orderNumber: placed.orderNumber, message: 'From A' }).expect(201);
    await send(b, { orderNumber: placed.orderNumber, message: 'From B' }).expect(201);
    // With two kitchens the customer names the line of the one they answer.
    const which = await send(customer, { orderNumber: placed.orderNumber, message: 'Thanks' }).expect(400);
    expect(which.body.fieldErrors).toEqual([
      {
        field: 'cartItemId',
        message:
          'This order has dishes from several kitchens: name a line of the kitchen you write to (cartItemId).',
      },
    ]);
    await send(customer, {
      orderNumber: placed.orderNumber,
      cartItemId: lineOf(b).cartItemId,
      message: 'Thanks B',
    }).expect(201);
    // A chef cannot write on the other kitchen's line of the same order.
    await send(a, { orderNumber: placed.orderNumber, cartItemId: lineOf(b).cartItemId, message: 'x' }).expect(
      404,
    );

    const mine = (await threads(customer, placed.orderNumber).expect(200)).body as Array<{
      publisherId: string;
      messages: Array<{ message: string }>;
    }>;
    const texts = (publisherId: string) =>
      mine.find((t) => t.publisherId === publisherId)?.messages.map((m) => m.message);
    expect(mine).toHaveLength(2);
    expect(texts(a.publisher.id)).toEqual(['From A']);
    expect(texts(b.publisher.id)).toEqual(['From B', 'Thanks B']);

    const ofA = (await threads(a, placed.orderNumber).expect(200)).body;
    expect(ofA.map((t: { publisherId: string }) => t.publisherId)).toEqual([a.publisher.id]);
    expect(ofA[0].messages.map((m: { message: string }) => m.message)).toEqual(['From A']);
    const ofB = (await threads(b, placed.orderNumber).expect(200)).body;
    expect(ofB[0].messages.map((m: { message: string }) => m.message)).toEqual(['From B', 'Thanks B']);
    expect(ofB[0].unread).toBe(1);
  });

  it('the bulk send reaches exactly the live date selections of that date and slot, one e-mail per customer', async () => {
    const chef = await newChef();
    const date = chef.offered.dates[0]!;
    const other = chef.offered.dates[1]!;
    const [c1, c2, c3, c4, c5] = await Promise.all([1, 2, 3, 4, 5].map(() => newCustomer()));
    // c1 ordered twice on that date and slot (two orders, one e-mail); c2 in the other slot; c3 cancelled;
    // c4 ordered another date; c5 picks up in the same slot.
    const o1a = await order(c1!, [chef], date, ['PM_5_7']);
    const o1b = await order(c1!, [chef], date, ['PM_5_7']);
    const o2 = await order(c2!, [chef], date, ['PM_7_9']);
    const o3 = await order(c3!, [chef], date, ['PM_5_7']);
    const o4 = await order(c4!, [chef], other, ['PM_5_7']);
    const o5 = await order(c5!, [chef], date, ['PM_5_7'], 'PICKUP');
    const l3 = o3.cartItems[0]!;
    await request(h.http)
      .post(`${API}/order/${o3.orderNumber}/cartItem/${l3.cartItemId}/dateSelection/${date}/cancel`)
      .set({ ...TZ, ...c3!.auth })
      .send({})
      .expect(200);

    const subject = (o: string) => `Message from ${shown(chef)} about order ${o}`;
    // The confirm step: who it would reach, nothing stored or sent.
    const mailsBefore = await mailRows();
    const preview = await bulk(chef, { date, timeSlot: 'PM_5_7', message: 'x', dryRun: true }).expect(201);
    expect(preview.body).toMatchObject({ sent: 0, customers: 2 });
    expect(preview.body.orders).toHaveLength(3);
    expect(await messageRows(o1a.id)).toBe(0);
    expect(await mailRows()).toBe(mailsBefore);
    const res = await bulk(chef, {
      date,
      timeSlot: 'PM_5_7',
      message: 'Pickup moved to the side door.',
    }).expect(201);
    expect(res.body.sent).toBe(3);
    expect(res.body.customers).toBe(2);
    expect([...res.body.orders].sort()).toEqual([o1a.orderNumber, o1b.orderNumber, o5.orderNumber].sort());

    for (const o of [o1a, o1b, o5]) expect(await messageRows(o.id)).toBe(1);
    for (const o of [o2, o3, o4]) expect(await messageRows(o.id)).toBe(0);

    const both = [o1a.orderNumber, o1b.orderNumber].sort().join(', ');
    const e1 = c1!.consumer.userEmail!;
    expect((await outboxTo(e1)).filter((s) => s.startsWith('Message from'))).toEqual([subject(both)]);
    expect((await outboxTo(c5!.consumer.userEmail!)).filter((s) => s.startsWith('Message from'))).toEqual([
      subject(o5.orderNumber),
    ]);
    for (const c of [c2!, c3!, c4!])
      expect((await outboxTo(c.consumer.userEmail!)).filter((s) => s.startsWith('Message from'))).toEqual([]);

    const m1 = await delivered(e1, subject(both));
    expect(body(m1.raw)).toContain('Pickup moved to the side door.');
    expect(body(m1.raw)).toContain(`${h.origin}/l/orders/order-status?orderNumber=${o1a.orderNumber}`);
    expect(body(m1.raw)).toContain(`${h.origin}/l/orders/order-status?orderNumber=${o1b.orderNumber}`);
    await delivered(c5!.consumer.userEmail!, subject(o5.orderNumber));
    expect(
      stack.smtp.received.filter((m) => m.to.includes(e1) && m.subject.startsWith('Message from')),
    ).toHaveLength(1);

    // Narrowed to deliveries, c5's pickup is left out; the customer sees the message on their order.
    const deliveries = await bulk(chef, {
      date,
      timeSlot: 'PM_5_7',
      fulfilment: 'DELIVERY',
      message: 'Drivers are on their way.',
    }).expect(201);
    expect([...deliveries.body.orders].sort()).toEqual([o1a.orderNumber, o1b.orderNumber].sort());
    const seen = (await threads(c1!, o1a.orderNumber).expect(200)).body[0];
    expect(seen.messages.map((m: { message: string; date: string | null }) => [m.message, m.date])).toEqual([
      ['Pickup moved to the side door.', date],
      ['Drivers are on their way.', date],
    ]);
  }, 90_000);

  it('refuses empty, too long and malformed messages, storing nothing', async () => {
    const chef = await newChef();
    const customer = await newCustomer();
    const placed = await order(customer, [chef]);
    const before = await mailRows();
    const blank = await send(chef, { orderNumber: placed.orderNumber, message: '   ' }).expect(400);
    expect(blank.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(blank.body.fieldErrors).toEqual([{ field: 'message', message: 'Write a message' }]);
    await send(chef, { orderNumber: placed.orderNumber, message: 'x'.repeat(2001) }).expect(400);
    await send(chef, { orderNumber: placed.orderNumber, message: 'x'.repeat(2000) }).expect(201);
    await send(chef, { orderNumber: 'HR-NOPE-NOPE', message: 'Hello' }).expect(404);
    await send(chef, {
      orderNumber: placed.orderNumber,
      userSelectionDateId: randomUUID(),
      message: 'Hi',
    }).expect(404);
    await bulk(chef, { date: '2026-02-30', message: 'Hi' }).expect(400);
    await bulk(chef, { date: placed.cartItems[0]!.dates[0]!.date, timeSlot: 'NOON', message: 'Hi' }).expect(
      400,
    );
    expect(await messageRows(placed.id)).toBe(1);
    expect(await mailRows()).toBe(before + 1);
  });
});
