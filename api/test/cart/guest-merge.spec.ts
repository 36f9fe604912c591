import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCartToken } from '../../src/modules/cart/cart-cookie.js';
import { TestBrowser } from '../setup/browser.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { CHEF_ZONE, createOfferedItem, dayFromNow } from '../setup/shop.js';

// The guest cart survives a real sign-in through the local identity provider (no mocked login): a
// cookie-keeping client plays the browser, as in test/auth/sign-in.spec.ts.

const API = '/services/publisher/api';

describe('guest cart at sign-in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  async function signIn(browser: TestBrowser, email: string) {
    const start = await browser.request(
      `${h.origin}${API}/auth/login?redirect=${encodeURIComponent('/l/cart')}`,
    );
    const idpOrigin = new URL(h.idp.issuer).origin;
    const page = await browser.follow(new URL(start.headers.get('location')!).href, {}, idpOrigin);
    const done = page.location
      ? page
      : await browser.submit(page.url, await page.res.text(), { email, password: 'hearth-demo' }, idpOrigin);
    const callback = await browser.request(done.location!);
    expect(callback.headers.get('location')).toBe(`${h.origin}/l/cart`);
  }

  const cart = async (browser: TestBrowser) =>
    (await (
      await browser.request(`${h.origin}${API}/cart`, { headers: { 'X-Time-Zone': CHEF_ZONE } })
    ).json()) as {
      cartItems: Array<{ itemId: string; orderQuantity: number; dates: Array<{ date: string }> }>;
    };

  const add = (browser: TestBrowser, body: unknown) =>
    browser.request(`${h.origin}${API}/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Time-Zone': CHEF_ZONE },
      body: JSON.stringify(body),
    });

  it("moves the guest's lines into the customer's cart, joining a line of the same item and option", async () => {
    const chef = await h.chef();
    const [d1, d2] = [dayFromNow(3), dayFromNow(4)];
    const soup = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Merge Soup',
      dates: [d1, d2],
    });
    const bread = await createOfferedItem(h.db, {
      publisherId: chef.publisher.id,
      name: 'Merge Bread',
      dates: [d1, d2],
    });

    // Signed in on one device: soup on d1, quantity 1.
    const laptop = new TestBrowser();
    await signIn(laptop, 'customer@hearth.test');
    await h.db.query(
      `DELETE FROM cart_item WHERE cart_id IN (SELECT c.id FROM cart c JOIN consumer u ON u.id = c.consumer_id WHERE u.user_email = 'customer@hearth.test')`,
    );
    expect(
      (
        await add(laptop, {
          itemId: soup.item.id,
          userSelectedPricingOption: soup.optionId,
          dates: [{ date: d1, timeSlots: ['PM_5_7'] }],
        })
      ).status,
    ).toBe(201);

    // As a guest on a phone: soup on d2 (quantity 3) and bread.
    const phone = new TestBrowser();
    expect(
      (
        await add(phone, {
          itemId: soup.item.id,
          userSelectedPricingOption: soup.optionId,
          orderQuantity: 3,
          dates: [{ date: d2, timeSlots: ['PM_5_7'] }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await add(phone, {
          itemId: bread.item.id,
          userSelectedPricingOption: bread.optionId,
          dates: [{ date: d1, timeSlots: ['PM_5_7'] }],
        })
      ).status,
    ).toBe(201);
    const guestToken = phone.cookie('hearth_cart');
    expect(guestToken).toBeTruthy();

    await signIn(phone, 'customer@hearth.test');
    expect(phone.cookie('hearth_cart'), 'the guest cookie is cleared').toBeUndefined();
    const merged = await cart(phone);
    const soupLine = merged.cartItems.find((l) => l.itemId === soup.item.id)!;
    expect(soupLine.orderQuantity).toBe(3);
    expect(soupLine.dates.map((d) => d.date)).toEqual([d1, d2]);
    expect(merged.cartItems.map((l) => l.itemId).sort()).toEqual([soup.item.id, bread.item.id].sort());
    // The same cart on the other device, and no guest cart left behind.
    expect((await cart(laptop)).cartItems).toHaveLength(2);
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM cart WHERE guest_token = $1`, [
      hashCartToken(guestToken!),
    ]);
    expect(n).toBe(0);
  });

  it('also merges when a signed-in request still carries a guest cookie (a sign-in that bypassed the hook)', async () => {
    const chef = await h.chef();
    const pie = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Late Merge Pie' });
    const customer = await h.customer();
    const browser = new TestBrowser();
    expect(
      (
        await add(browser, {
          itemId: pie.item.id,
          userSelectedPricingOption: pie.optionId,
          dates: [{ date: pie.dates[0], timeSlots: ['PM_5_7'] }],
        })
      ).status,
    ).toBe(201);
    const res = await browser.request(`${h.origin}${API}/cart`, {
      headers: { ...customer.auth, 'X-Time-Zone': CHEF_ZONE },
    });
    const body = (await res.json()) as { cartItems: Array<{ itemId: string }> };
    expect(body.cartItems.map((l) => l.itemId)).toEqual([pie.item.id]);
    expect(browser.cookie('hearth_cart')).toBeUndefined();
  });
});
