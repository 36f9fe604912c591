import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_COUNT_COOKIE, CART_COUNT_MAX_AGE_SECONDS, readCartCountCookie } from '@hearth/shared';
import { hashCartToken } from '../../src/modules/cart/cart-cookie.js';
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

  /** The guest's cart token and the count cookie an answer set for it (null when it set none). */
  function counted(res: request.Response, token: string): { count: number | null; cookie: string } | null {
    const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    const cookie = cookies.find((c) => c.startsWith(`${CART_COUNT_COOKIE}=`));
    if (!cookie) return null;
    const value = cookie.split(';')[0].slice(CART_COUNT_COOKIE.length + 1);
    return { count: readCartCountCookie(value, hashCartToken(token)), cookie };
  }
  const tokenOf = (res: request.Response) =>
    ((res.headers['set-cookie'] as unknown as string[]) ?? [])
      .find((c) => c.startsWith('hearth_cart='))!
      .split(';')[0]
      .split('=')[1];

  it("tells a guest's browser the count of its cart with every answer that reads or changes it, bound to the cart, for a minute", async () => {
    const chef = await h.chef();
    const a = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const b = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const guest = request.agent(h.http);
    const first = await add(guest, a.item.id, a.optionId, a.dates[0]);
    const token = tokenOf(first);
    const told = counted(first, token);
    expect(told?.count).toBe(1);
    expect(told?.cookie).toMatch(/HttpOnly/i);
    expect(told?.cookie).toMatch(/SameSite=Lax/i);
    expect(told?.cookie).toMatch(new RegExp(`Max-Age=${CART_COUNT_MAX_AGE_SECONDS}`));
    // Bound to this cart: another cart's token does not read it.
    expect(
      readCartCountCookie(told!.cookie.split(';')[0].split('=')[1], hashCartToken('another-token')),
    ).toBeNull();

    const second = await add(guest, b.item.id, b.optionId, b.dates[0]);
    expect(counted(second, token)?.count).toBe(2);
    expect(counted(await guest.get(`${API}/cart/count`).expect(200), token)?.count).toBe(2);
    expect(counted(await guest.get(`${API}/cart`).set(TZ).expect(200), token)?.count).toBe(2);
    const lineId = (await guest.get(`${API}/cart`).set(TZ).expect(200)).body.cartItems[0]
      .cartItemId as string;
    const removed = await guest.delete(`${API}/cart/items/${lineId}`).set(TZ).expect(200);
    expect(counted(removed, token)?.count).toBe(1);
    const cleared = await guest.delete(`${API}/cart`).set(TZ);
    expect(cleared.status).toBeLessThan(300);
    expect(counted(cleared, token)?.count).toBe(0);
  });

  it('tells a signed-in customer nothing (their count is always asked), and clears the guest count at the merge', async () => {
    const chef = await h.chef();
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    const casey = await h.customer();
    const own = await add(request(h.http), offered.item.id, offered.optionId, offered.dates[0], casey.auth);
    expect(own.headers['set-cookie']).toBeUndefined();
    const guest = request.agent(h.http);
    const token = tokenOf(await add(guest, offered.item.id, offered.optionId, offered.dates[0]));
    // Signed in with the guest's cookie: the cart merges and both the cart's and the count's cookies go.
    const merged = await request(h.http)
      .get(`${API}/cart/count`)
      .set({ ...casey.auth, Cookie: `hearth_cart=${token}` })
      .expect(200);
    const cleared = ((merged.headers['set-cookie'] as unknown as string[]) ?? []).map((c) => c.split(';')[0]);
    expect(cleared).toEqual(expect.arrayContaining(['hearth_cart=', `${CART_COUNT_COOKIE}=`]));
  });
});
