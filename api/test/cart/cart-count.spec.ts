import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';
import { CHEF_ZONE, createOfferedItem } from '../setup/shop.js';

const API = '/services/publisher/api';
const TZ = { 'X-Time-Zone': CHEF_ZONE };

describe('cart count (the header badge)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const add = (
    agent: ReturnType<typeof request.agent> | request.SuperTest<request.Test>,
    itemId: string,
    optionId: string,
    date: string,
    auth = {},
  ) =>
    agent
      .post(`${API}/cart/items`)
      .set({ ...TZ, ...auth })
      .send({
        itemId,
        userSelectedPricingOption: { id: optionId },
        dates: [{ date, timeSlots: ['PM_5_7'] }],
        orderQuantity: 3,
      })
      .expect(201);

  it("counts the lines of a guest's cart by its cookie, and nothing for a stranger, without setting a cookie", async () => {
    const chef = await h.chef();
    const a = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const b = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const guest = request.agent(h.http);
    const empty = await guest.get(`${API}/cart/count`).expect(200);
    expect(empty.body).toEqual({ count: 0 });
    expect(empty.headers['set-cookie']).toBeUndefined();

    await add(guest, a.item.id, a.optionId, a.dates[0]);
    expect((await guest.get(`${API}/cart/count`).expect(200)).body).toEqual({ count: 1 });
    // Lines, not portions: a second item makes two whatever the quantities.
    await add(guest, b.item.id, b.optionId, b.dates[0]);
    expect((await guest.get(`${API}/cart/count`).expect(200)).body).toEqual({ count: 2 });
    expect((await request(h.http).get(`${API}/cart/count`).expect(200)).body).toEqual({ count: 0 });
  });

  it("counts a signed-in customer's own cart only", async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const [casey, other] = [await h.customer(), await h.customer()];
    await add(request(h.http), offered.item.id, offered.optionId, offered.dates[0], casey.auth);
    expect((await request(h.http).get(`${API}/cart/count`).set(casey.auth).expect(200)).body).toEqual({
      count: 1,
    });
    expect((await request(h.http).get(`${API}/cart/count`).set(other.auth).expect(200)).body).toEqual({
      count: 0,
    });
  });
});
