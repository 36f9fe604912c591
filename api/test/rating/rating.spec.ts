import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem } from '../setup/shop.js';
import { API, fillCart, placeOrder } from '../order/helpers.js';

describe('ratings', () => {
  let h: Harness;
  let png: Buffer;
  beforeAll(async () => {
    h = await startHarness();
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
  });
  afterAll(() => h?.close());

  /** A customer's order of two items of one chef over two dates; returns the date selections. */
  async function ordered(customer?: TestActor) {
    const chef = await h.chef();
    const soup = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Chicken Noodle Soup',
    });
    const pie = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Apple Pie',
      dates: soup.dates,
    });
    const buyer = customer ?? (await h.customer({ name: 'Taylor Reed' }));
    await fillCart(h, buyer, [
      { itemId: soup.item.id, optionId: soup.optionId, dates: soup.dates.map((date) => ({ date })) },
      { itemId: pie.item.id, optionId: pie.optionId, dates: [{ date: soup.dates[0] }] },
    ]);
    const order = (await placeOrder(h, buyer).expect(201)).body;
    const line = (name: string) => order.cartItems.find((l: { itemName: string }) => l.itemName === name);
    return {
      chef,
      buyer,
      order,
      soup,
      pie,
      soupDates: line('Chicken Noodle Soup').dates as Array<{ id: string }>,
      pieDate: line('Apple Pie').dates[0] as { id: string },
    };
  }

  const deliver = (...ids: string[]) =>
    h.db.query(`UPDATE order_date_selection SET order_status = 'DELIVERED' WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
  const kitchenRating = async (publisherId: string) =>
    (
      await h.db.query(
        `SELECT rating_value::text AS value, rating_count AS count FROM publisher WHERE id = $1`,
        [publisherId],
      )
    )[0];

  it("rates a delivered date once, with pictures, and moves the kitchen's running average in step", async () => {
    const { chef, buyer, soup, soupDates, pieDate, order, pie } = await ordered();
    // Delivered through the chef's own moves, as in real life, for the first date of the soup.
    const move = (status: string) =>
      request(h.http)
        .post(
          `${API}/order/${order.orderNumber}/cartItem/${order.cartItems.find((l: { itemName: string }) => l.itemName === 'Chicken Noodle Soup').cartItemId}/item/${soup.item.id}/fulfillmentDate/${soupDates[0].id}/status/${status}`,
        )
        .set(chef.auth)
        .send({})
        .expect(200);
    for (const s of ['CONFIRMED', 'IN_PREPARATION', 'IN_DELIVERY_TRANSIT', 'DELIVERED']) await move(s);
    await deliver(pieDate.id);
    expect(await kitchenRating(chef.publisher.id)).toEqual({ value: '5.00', count: 1 }); // spec default

    const first = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .field('orderDateSelectionId', soupDates[0].id)
      .field('ratingValue', '2')
      .field('reviewBody', 'A little bland for me.')
      .attach('images', png, 'soup.png')
      .attach('images', png, 'soup2.png')
      .expect(201);
    expect(first.body).toMatchObject({
      ratingValue: 2,
      reviewBody: 'A little bland for me.',
      ratedAgainst: chef.publisher.id,
      reviewedItemId: soup.item.id,
      itemName: 'Chicken Noodle Soup',
      userName: 'Taylor R.',
      kitchenRatingValue: '3.50',
      kitchenRatingCount: 2,
    });
    expect(first.body.images).toHaveLength(2);
    await request(h.http)
      .get(`${API}/files/${first.body.images[0]}`)
      .expect(200)
      .expect('Content-Type', 'image/webp');

    const second = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: pieDate.id, ratingValue: 4 })
      .expect(201);
    // (3.50 × 2 + 4) / 3 = 3.666… → 3.67
    expect(second.body).toMatchObject({ kitchenRatingValue: '3.67', kitchenRatingCount: 3 });

    const again = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: soupDates[0].id, ratingValue: 5 })
      .expect(409);
    expect(again.body).toMatchObject({
      message: 'error.rating.duplicate',
      detail: 'You have already rated "Chicken Noodle Soup" for this date.',
    });
    expect(await kitchenRating(chef.publisher.id)).toEqual({ value: '3.67', count: 3 });

    const list = await request(h.http).get(`${API}/rating/${chef.publisher.id}/list`).expect(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((r: { itemName: string }) => r.itemName)).toEqual([
      'Apple Pie',
      'Chicken Noodle Soup',
    ]);
    const onlyPie = await request(h.http)
      .get(`${API}/rating/${chef.publisher.id}/list?itemId=${pie.item.id}`)
      .expect(200);
    expect(onlyPie.body.map((r: { ratingValue: number }) => r.ratingValue)).toEqual([4]);
  });

  it("refuses a date not yet delivered, someone else's date, bad stars and too many pictures", async () => {
    const { buyer, soupDates } = await ordered();
    const early = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: soupDates[0].id })
      .expect(409);
    expect(early.body.detail).toBe('You can rate "Chicken Noodle Soup" once it has been delivered.');
    await deliver(soupDates[0].id);
    const stranger = await h.customer();
    await request(h.http)
      .post(`${API}/rating`)
      .set(stranger.auth)
      .send({ orderDateSelectionId: soupDates[0].id })
      .expect(404);
    const stars = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: soupDates[0].id, ratingValue: 6 })
      .expect(400);
    expect(stars.body.fieldErrors[0]).toEqual({
      field: 'ratingValue',
      message: 'ratingValue must be a whole number of stars from 1 to 5',
    });
    const many = request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .field('orderDateSelectionId', soupDates[0].id);
    for (let i = 0; i < 4; i++) many.attach('images', png, `p${i}.png`);
    const tooMany = await many;
    expect(tooMany.status).toBe(400);
    await request(h.http).post(`${API}/rating`).send({ orderDateSelectionId: soupDates[0].id }).expect(401);
    // Nothing of that was saved: the first real rating is accepted, with the default of 5 stars.
    const ok = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: soupDates[0].id })
      .expect(201);
    expect(ok.body).toMatchObject({ ratingValue: 5, kitchenRatingValue: '5.00', kitchenRatingCount: 2 });
  });

  it('counts every review when customers rate the same kitchen at the same moment', async () => {
    const { chef, buyer, soupDates, pieDate } = await ordered();
    await deliver(soupDates[0].id, soupDates[1].id, pieDate.id);
    await Promise.all(
      [soupDates[0].id, soupDates[1].id, pieDate.id].map((id, i) =>
        request(h.http)
          .post(`${API}/rating`)
          .set(buyer.auth)
          .send({ orderDateSelectionId: id, ratingValue: i + 1 })
          .expect(201),
      ),
    );
    // (5 + 1 + 2 + 3) / 4 = 2.75, whatever the order of the updates.
    expect(await kitchenRating(chef.publisher.id)).toEqual({ value: '2.75', count: 4 });
  });
});
