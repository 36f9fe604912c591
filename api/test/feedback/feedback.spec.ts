import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem } from '../setup/shop.js';
import { API, fillCart, placeOrder } from '../order/helpers.js';

describe('feedback', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /** A customer's order of one item over two dates; returns its number and date selections. */
  async function ordered(buyer: TestActor) {
    const chef = await h.chef();
    const soup = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Lentil Soup' });
    await fillCart(h, buyer, [
      { itemId: soup.item.id, optionId: soup.optionId, dates: soup.dates.map((date) => ({ date })) },
    ]);
    const order = (await placeOrder(h, buyer).expect(201)).body;
    return {
      orderNumber: order.orderNumber as string,
      dates: order.cartItems[0].dates as Array<{ id: string }>,
    };
  }
  const deliver = (id: string) =>
    h.db.query(`UPDATE order_date_selection SET order_status = 'DELIVERED' WHERE id = $1`, [id]);
  const rowsOf = (orderNumber: string) =>
    h.db.query(
      `SELECT f.rating, f.message, f.consumer_id FROM feedback f JOIN customer_order o ON o.id = f.order_id WHERE o.order_number = $1`,
      [orderNumber],
    ) as Promise<Array<{ rating: number; message: string; consumer_id: string }>>;
  const send = (auth: Record<string, string>, body: object) =>
    request(h.http).post(`${API}/feedback`).set(auth).send(body);

  it("takes a customer's feedback on their delivered order once, linked to the order and the account", async () => {
    const buyer = await h.customer({ name: 'Morgan Hale' });
    const { orderNumber, dates } = await ordered(buyer);

    // Nothing delivered yet: refused with a sentence saying why, and nothing stored.
    const early = await send(buyer.auth, { orderNumber, rating: 4, message: 'Looking forward to it' }).expect(
      409,
    );
    expect(early.body).toMatchObject({
      status: 409,
      message: 'error.feedback.not_delivered',
      detail: `You can tell us how order ${orderNumber} went once it has been delivered.`,
    });
    expect(
      (await request(h.http).get(`${API}/feedback/order/${orderNumber}`).set(buyer.auth).expect(200)).body,
    ).toEqual({
      canGive: false,
      feedback: null,
    });

    // One of the two dates delivered is enough.
    await deliver(dates[0].id);
    expect(
      (await request(h.http).get(`${API}/feedback/order/${orderNumber}`).set(buyer.auth).expect(200)).body
        .canGive,
    ).toBe(true);
    const noStars = await send(buyer.auth, { orderNumber, message: 'Good' }).expect(400);
    expect(noStars.body.fieldErrors).toEqual([{ field: 'rating', message: 'Choose from 1 to 5 stars.' }]);

    const given = await send(buyer.auth, { orderNumber, rating: 4, message: 'Warm and on time.' }).expect(
      201,
    );
    expect(given.body).toMatchObject({
      kind: 'ORDER',
      orderNumber,
      rating: 4,
      message: 'Warm and on time.',
      name: 'Morgan Hale',
      signedIn: true,
    });
    expect(await rowsOf(orderNumber)).toEqual([
      { rating: 4, message: 'Warm and on time.', consumer_id: buyer.consumer.id },
    ]);

    const twice = await send(buyer.auth, { orderNumber, rating: 1, message: 'Changed my mind' }).expect(409);
    expect(twice.body).toMatchObject({
      message: 'error.feedback.duplicate',
      detail: `You have already told us how order ${orderNumber} went. Thank you!`,
    });
    expect(await rowsOf(orderNumber)).toHaveLength(1);
    const mine = await request(h.http)
      .get(`${API}/feedback/order/${orderNumber}`)
      .set(buyer.auth)
      .expect(200);
    expect(mine.body).toMatchObject({
      canGive: false,
      feedback: { rating: 4, message: 'Warm and on time.' },
    });
  });

  it("refuses feedback on someone else's order as if it did not exist, and asks a visitor to sign in", async () => {
    const buyer = await h.customer();
    const { orderNumber, dates } = await ordered(buyer);
    await deliver(dates[0].id);
    const other = await h.customer();
    const refused = await send(other.auth, { orderNumber, rating: 1, message: 'Not my order' }).expect(404);
    expect(refused.body).toMatchObject({ status: 404, detail: `Order ${orderNumber} was not found.` });
    await request(h.http).get(`${API}/feedback/order/${orderNumber}`).set(other.auth).expect(404);
    await send({}, { orderNumber, rating: 1, message: 'Anonymous' }).expect(401);
    expect(await rowsOf(orderNumber)).toHaveLength(0);
  });

  it('takes site feedback from a visitor (name and e-mail optional, stars optional) and from a customer', async () => {
    const guest = await send(
      {},
      {
        message: 'The menu pages load quickly.',
        name: 'Robin Guest',
        email: 'Robin.Guest@Example.test',
        pageUrl: '/resources/feedback',
      },
    ).expect(201);
    expect(guest.body).toMatchObject({
      kind: 'SITE',
      rating: null,
      name: 'Robin Guest',
      email: 'robin.guest@example.test',
      signedIn: false,
      orderNumber: null,
    });
    const anonymous = await send({}, { message: 'Nice', name: '', email: '' }).expect(201);
    expect(anonymous.body).toMatchObject({ name: null, email: null });

    const customer = await h.customer({ name: 'Kai Customer' });
    // Signed in: the account's name and e-mail, not what the form said.
    const own = await send(customer.auth, { message: 'Love it', rating: 5, name: 'Someone Else' }).expect(
      201,
    );
    expect(own.body).toMatchObject({ name: 'Kai Customer', email: customer.consumer.userEmail, rating: 5 });
  });

  it('refuses bad feedback with field errors', async () => {
    const bad = await send({}, { message: 'x', rating: 6, email: 'not-an-address', extra: 1 }).expect(400);
    const fields = (bad.body.fieldErrors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['email', 'message', 'rating']));
  });

  it('lets admins search feedback by words, e-mail, stars and days, with paging headers; nobody else', async () => {
    const word = `zucchini${Date.now()}`;
    await send({}, { message: `The ${word} fritters were great`, rating: 5, name: 'Alex Finder' }).expect(
      201,
    );
    await send(
      {},
      { message: `More ${word} please`, rating: 2, email: `finder${Date.now()}@example.test` },
    ).expect(201);
    const admin = await h.admin();
    const search = (query: Record<string, string>) =>
      request(h.http)
        .get(`${API}/_search/feedback`)
        .query(query)
        .set(admin.auth)
        .set('X-Time-Zone', 'America/New_York');

    const all = await search({ query: word }).expect(200);
    expect(all.body).toHaveLength(2);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.headers.link).toContain('rel="first"');
    // Newest first.
    expect(all.body[0].message).toBe(`More ${word} please`);

    const five = await search({ query: word, rating: '5' }).expect(200);
    expect(five.body.map((f: { name: string }) => f.name)).toEqual(['Alex Finder']);
    const byMail = await search({ query: 'finder' }).expect(200);
    expect(byMail.body.some((f: { message: string }) => f.message === `More ${word} please`)).toBe(true);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect((await search({ query: word, from: today, to: today }).expect(200)).body).toHaveLength(2);
    expect((await search({ query: word, to: '2020-01-01' }).expect(200)).body).toHaveLength(0);
    const paged = await search({ query: word, size: '1', page: '1' }).expect(200);
    expect(paged.body).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('2');
    await search({ from: 'yesterday' }).expect(400);

    await request(h.http).get(`${API}/_search/feedback`).query({ query: word }).expect(401);
    const customer = await h.customer();
    await request(h.http).get(`${API}/_search/feedback`).set(customer.auth).expect(403);
    const chef = await h.chef();
    await request(h.http).get(`${API}/_search/feedback`).set(chef.auth).expect(403);
  });
});
