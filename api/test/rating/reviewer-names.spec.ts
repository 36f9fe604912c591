import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicReviewerNames1795370016000 } from '../../src/database/migrations/1795370016000-public-reviewer-names.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { createOfferedItem } from '../setup/shop.js';
import { API, fillCart, placeOrder } from '../order/helpers.js';
import { searchTag } from '../search/search-fixtures.js';

// Security review S-20: public reviews (`rating/:id/list`, `_search/rating`) show "Priya R.", never an
// e-mail address: for new reviews and, after the migration, for reviews written before.

describe('reviewer names on public reviews', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.close());

  /** A delivered order date of `buyer` at a new kitchen, for an item named with `tag`. */
  async function deliveredDate(buyer: Awaited<ReturnType<Harness['customer']>>, tag: string) {
    const chef = await h.chef();
    const dish = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: `Gumbo ${tag}` });
    await fillCart(h, buyer, [
      { itemId: dish.item.id, optionId: dish.optionId, dates: [{ date: dish.dates[0] }] },
    ]);
    const order = (await placeOrder(h, buyer).expect(201)).body;
    const selectionId = order.cartItems[0].dates[0].id as string;
    await h.db.query(`UPDATE order_date_selection SET order_status = 'DELIVERED' WHERE id = $1`, [
      selectionId,
    ]);
    return { publisherId: chef.publisher.id, selectionId };
  }

  const publicNames = async (publisherId: string, tag: string) => {
    const list = await request(h.http).get(`${API}/rating/${publisherId}/list`).expect(200);
    const search = await request(h.http).get(`${API}/_search/rating`).query({ query: tag }).expect(200);
    return {
      list: list.body.map((r: { userName: string | null; ratedBy: string | null }) => [
        r.userName,
        r.ratedBy,
      ]),
      search: search.body.map((r: { userName: string | null }) => r.userName),
      raw: JSON.stringify([list.body, search.body]),
    };
  };

  it('a new review shows the first name and an initial', async () => {
    const tag = searchTag();
    const buyer = await h.customer({ name: 'Priya Sharma' });
    const { publisherId, selectionId } = await deliveredDate(buyer, tag);
    await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: selectionId, ratingValue: 5, reviewBody: `Great ${tag}` })
      .expect(201);
    const names = await publicNames(publisherId, tag);
    expect(names.list).toEqual([['Priya S.', 'Priya S.']]);
    expect(names.search).toEqual(['Priya S.']);
  });

  it('a reviewer known only by e-mail is published without a name', async () => {
    const tag = searchTag();
    const email = `reviewer-${tag.toLowerCase()}@example.test`;
    const buyer = await h.customer({ name: null, userName: email, userEmail: email });
    const { publisherId, selectionId } = await deliveredDate(buyer, tag);
    const created = await request(h.http)
      .post(`${API}/rating`)
      .set(buyer.auth)
      .send({ orderDateSelectionId: selectionId, ratingValue: 4, reviewBody: `Fine ${tag}` })
      .expect(201);
    expect(JSON.stringify(created.body)).not.toContain('@');
    const names = await publicNames(publisherId, tag);
    expect(names.list).toEqual([[null, null]]);
    expect(names.search).toEqual([null]);
    expect(names.raw).not.toContain(email);
  });

  it('reviews written before are rewritten by the migration', async () => {
    const tag = searchTag();
    const named = await h.customer({ name: 'Jordan Lee Park' });
    const email = `old-${tag.toLowerCase()}@example.test`;
    const unnamed = await h.customer({ name: null, userName: email, userEmail: email });
    const a = await deliveredDate(named, tag);
    const b = await deliveredDate(unnamed, tag);
    // As the old code stored them: the full name, and the e-mail address for someone without a name.
    for (const [who, date, userName] of [
      [named, a, 'Jordan Lee Park'],
      [unnamed, b, email],
    ] as const) {
      await h.db.query(
        `INSERT INTO rating (rated_by_id, rated_against_id, order_date_selection_id, reviewed_item_id, rating_value,
                             review_body, images, item_name, user_name)
         SELECT $1, $2, $3, l.item_id, 3, $4, '{}', l.item_name, $5
           FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id WHERE s.id = $3`,
        [who.consumer.id, date.publisherId, date.selectionId, `Old ${tag}`, userName],
      );
    }
    const runner = h.db.createQueryRunner();
    try {
      await new PublicReviewerNames1795370016000().up(runner);
    } finally {
      await runner.release();
    }
    expect((await publicNames(a.publisherId, tag)).list).toEqual([['Jordan P.', 'Jordan P.']]);
    const old = await publicNames(b.publisherId, tag);
    expect(old.list).toEqual([[null, null]]);
    expect(old.raw).not.toContain(email);
    expect((await publicNames(a.publisherId, tag)).search.sort()).toEqual(['Jordan P.', null].sort());
  });
});
