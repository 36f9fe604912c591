import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, MenuStatus, PublisherStatus } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createConsumer, uniqueSuffix } from '../setup/factories.js';
import { createKitchens, destination, searchTag, type CreatedKitchen } from './search-fixtures.js';

describe('_search/menus, _search/rating and order/recent-ordered-gallery', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** A placed order of one item, with customer details that must never leak. */
  async function order(
    kitchen: CreatedKitchen,
    itemIndex = 0,
  ): Promise<{ orderNumber: string; email: string; name: string }> {
    const suffix = uniqueSuffix();
    const name = `Secret Customer ${suffix}`;
    const email = `secret-${suffix}@example.test`;
    const consumer = await createConsumer(h.db, { name, userEmail: email });
    const orderNumber = `HX-${suffix}`;
    const [{ id }] = (await h.db.query(
      `INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, idempotency_key, contact_details, location_details)
       VALUES ($1, $2, 23.45, 'USD', $3, $4, $5) RETURNING id`,
      [
        orderNumber,
        consumer.id,
        randomUUID(),
        { name, email, phone: '+15550001111' },
        { addressLine1: '1 Secret Lane' },
      ],
    )) as Array<{ id: string }>;
    await h.db.query(
      `INSERT INTO ordered_cart_item (order_id, item_id, publisher_id, item_name, pricing_option, unit_price, item_total,
                                      item_price_per_date, net_amount_per_date, net_amount)
       VALUES ($1, $2, $3, 'dish', '{}', 23.45, 23.45, 23.45, 23.45, 23.45)`,
      [id, kitchen.itemIds[itemIndex], kitchen.publisherId],
    );
    return { orderNumber, email, name };
  }

  it('the gallery shows the latest ordered dishes with item and kitchen names and no customer data', async () => {
    const [kitchen, blocked, hiddenPicture] = await createKitchens(h.db, [
      {
        lat: 30,
        lng: -90,
        items: [{ name: 'Gallery gumbo', pictures: ['items/gumbo.webp'] }, { name: 'No picture' }],
      },
      {
        lat: 30,
        lng: -90,
        status: PublisherStatus.BLOCKED,
        items: [{ name: 'Blocked gumbo', pictures: ['items/blocked.webp'] }],
      },
      { lat: 30, lng: -90, items: [{ name: 'Image blocked', pictures: ['items/hidden.webp'] }] },
    ]);
    await h.db.query(`UPDATE item SET block_image = true WHERE id = $1`, [hiddenPicture.itemIds[0]]);
    const secrets = [
      await order(kitchen),
      await order(kitchen, 1),
      await order(blocked),
      await order(hiddenPicture),
    ];

    const res = await request(h.http).get(`${API_PREFIX}/order/recent-ordered-gallery`).expect(200);
    expect(res.body.length).toBeLessThanOrEqual(12);
    expect(res.body[0]).toEqual({
      itemId: kitchen.itemIds[0],
      itemName: 'Gallery gumbo',
      picture: `${API_PREFIX}/files/items/gumbo.webp`,
      kitchen: {
        id: kitchen.publisherId,
        kitchenName: expect.any(String),
        brandDisplayName: expect.any(String),
        logo: null,
      },
    });
    const ids = res.body.map((g: { itemId: string }) => g.itemId);
    expect(ids).not.toContain(kitchen.itemIds[1]);
    expect(ids).not.toContain(blocked.itemIds[0]);
    expect(ids).not.toContain(hiddenPicture.itemIds[0]);
    const text = JSON.stringify(res.body);
    for (const s of secrets) for (const value of Object.values(s)) expect(text).not.toContain(value);
    expect(text).not.toMatch(/23\.45|Secret Lane|\+1555|consumer|email|orderNumber|orderedDate/i);
  });

  it('finds published menus near a place with up to 3 next dates, nearest first', async () => {
    const centre = { lat: 36 + Math.random() * 4, lng: -100 + Math.random() * 4 };
    const tag = searchTag();
    const many = Array.from({ length: 5 }, (_, n) => ({
      startsInHours: 24 * (n + 1) + 12,
      cutoffInHours: 24 * (n + 1),
    }));
    const [near, far, paused, tooFar] = await createKitchens(h.db, [
      {
        ...destination(centre, 1000, 0),
        timeZone: 'America/Denver',
        menu: { name: `Supper ${tag}` },
        dates: many,
        items: [{ name: 'Soup' }, { name: 'Bread' }],
      },
      { ...destination(centre, 5000, 0), menu: { name: `Supper ${tag}` }, items: [{ name: 'Soup' }] },
      {
        ...destination(centre, 2000, 0),
        menu: { name: `Supper ${tag}`, status: MenuStatus.PAUSE },
        items: [{ name: 'Soup' }],
      },
      { ...destination(centre, 40_000, 0), menu: { name: `Supper ${tag}` }, items: [{ name: 'Soup' }] },
    ]);
    const res = await request(h.http)
      .get(`${API_PREFIX}/_search/menus`)
      .query({ query: tag, lat: centre.lat, lng: centre.lng, country: 'US' })
      .expect(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.map((m: { id: string }) => m.id)).toEqual([near.menuId, far.menuId]);
    expect(res.body[0]).toMatchObject({
      name: `Supper ${tag}`,
      itemCount: 2,
      kitchen: { id: near.publisherId, timeZone: 'America/Denver' },
      distance: 0.6,
      distanceUnit: 'miles',
    });
    expect(res.body[0].nextDates).toHaveLength(3);
    expect(Date.parse(res.body[0].nextDates[0].orderBefore)).toBeLessThan(
      Date.parse(res.body[0].nextDates[1].orderBefore),
    );
    expect([paused.menuId, tooFar.menuId]).not.toContain(res.body[1].id);
  });

  it('finds kitchens by their menus, one result per kitchen, and counts and pages kitchens (the chef search)', async () => {
    const centre = { lat: 36 + Math.random() * 4, lng: -96 + Math.random() * 4 };
    const tag = searchTag();
    const [twoMenus, second, third] = await createKitchens(h.db, [
      { ...destination(centre, 1000, 0), menu: { name: `Supper ${tag}` }, items: [{ name: 'Soup' }] },
      { ...destination(centre, 2000, 0), menu: { name: `Supper ${tag}` }, items: [{ name: 'Soup' }] },
      { ...destination(centre, 3000, 0), menu: { name: `Supper ${tag}` }, items: [{ name: 'Soup' }] },
    ]);
    // The nearest kitchen has a second menu on the same date, with another time slot.
    const [brunch] = (await h.db.query(
      `INSERT INTO menu (publisher_id, name, status) VALUES ($1, $2, 'PUBLISHED') RETURNING id`,
      [twoMenus.publisherId, `Brunch ${tag}`],
    )) as Array<{ id: string }>;
    await h.db.query(
      `INSERT INTO menu_date (menu_id, date, time_slots, starts_at, cutoff_at)
       SELECT $2, date, ARRAY['AM_9_11'], starts_at, cutoff_at FROM menu_date WHERE menu_id = $1`,
      [twoMenus.menuId, brunch.id],
    );
    const query = { query: tag, lat: centre.lat, lng: centre.lng, country: 'US', size: 2 };
    const menus = await request(h.http).get(`${API_PREFIX}/_search/menus`).query(query).expect(200);
    expect(menus.headers['x-total-count']).toBe('4');

    const first = await request(h.http).get(`${API_PREFIX}/_search/kitchens`).query(query).expect(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.body.map((k: { kitchen: { id: string } }) => k.kitchen.id)).toEqual([
      twoMenus.publisherId,
      second.publisherId,
    ]);
    expect(first.body[0]).toMatchObject({
      menus: [`Brunch ${tag}`, `Supper ${tag}`],
      distance: 0.6,
      distanceUnit: 'miles',
      currencyCode: 'USD',
    });
    expect(first.body[0].nextDates).toEqual([
      expect.objectContaining({ timeSlots: expect.arrayContaining(['PM_5_7', 'AM_9_11']) }),
    ]);
    const next = await request(h.http)
      .get(`${API_PREFIX}/_search/kitchens`)
      .query({ ...query, page: 1 })
      .expect(200);
    expect(next.body.map((k: { kitchen: { id: string } }) => k.kitchen.id)).toEqual([third.publisherId]);
  });

  it('finds reviews by their words, newest first, only of approved kitchens', async () => {
    const tag = searchTag();
    const [kitchen, blocked] = await createKitchens(h.db, [
      { lat: 31, lng: -91, items: [{ name: 'Gumbo' }] },
      { lat: 31, lng: -91, status: PublisherStatus.BLOCKED, items: [{ name: 'Gumbo' }] },
    ]);
    const reviewer = await createConsumer(h.db);
    const review = (publisherId: string, body: string, daysAgo: number) =>
      h.db.query(
        `INSERT INTO rating (rated_by_id, rated_against_id, rating_value, review_body, item_name, user_name, date_published, images)
         VALUES ($1, $2, 4, $3, 'Gumbo', 'Rae', now() - $4 * interval '1 day', '{reviews/one.webp}') RETURNING id`,
        [reviewer.id, publisherId, body, daysAgo],
      ) as Promise<Array<{ id: string }>>;
    const [[older], [newer]] = [
      await review(kitchen.publisherId, `Old ${tag} roux`, 5),
      await review(kitchen.publisherId, `Dark ${tag} roux!`, 1),
    ];
    await review(blocked.publisherId, `Blocked ${tag}`, 0);
    await review(kitchen.publisherId, 'Nothing to see', 0);

    const res = await request(h.http)
      .get(`${API_PREFIX}/_search/rating`)
      .query({ query: tag.toUpperCase() })
      .expect(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(res.body[0]).toMatchObject({
      ratingValue: 4,
      reviewBody: `Dark ${tag} roux!`,
      itemName: 'Gumbo',
      userName: 'Rae',
      images: [`${API_PREFIX}/files/reviews/one.webp`],
      ratedAgainst: { id: kitchen.publisherId },
    });
    // LIKE wildcards in the words are taken literally.
    expect(
      (
        await request(h.http)
          .get(`${API_PREFIX}/_search/rating`)
          .query({ query: `${tag}%` })
          .expect(200)
      ).body,
    ).toEqual([]);
    const page2 = await request(h.http)
      .get(`${API_PREFIX}/_search/rating`)
      .query({ query: tag, page: 5, size: 1 })
      .expect(200);
    expect(page2.body).toEqual([]);
    expect(page2.headers['x-total-count']).toBe('2');
  });
});
