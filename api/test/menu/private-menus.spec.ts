import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenPageDto } from '../../src/modules/kitchen/dto/kitchen-page.dto.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createConsumer, uniqueSuffix } from '../setup/factories.js';
import { dayFromNow } from '../setup/shop.js';
import { checkoutBody, placeOrder, TZ } from '../order/helpers.js';
import { API, chefIn, newItem, newMenu, type Chef } from './catalog-kit.js';

/*
 * Private menus (issue 18 part 7): a menu only people with the kitchen's secret code see. Everything goes
 * through the API as a chef, a customer, an admin and an anonymous visitor would use it.
 */
describe('private menus and the kitchen secret code', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const PUBLIC_DAY = dayFromNow(3);
  const PRIVATE_DAY = dayFromNow(2);
  const SLOTS = ['PM_5_7'];

  /** A kitchen with a public menu (item `shared`) on PUBLIC_DAY and a private one (`secret` and `shared`) on PRIVATE_DAY. */
  async function kitchenWithPrivateMenu() {
    const tag = uniqueSuffix();
    const chef = await chefIn(h);
    const shared = await newItem(h, chef, { name: `Shared korma ${tag}`, searchTags: [tag] });
    const secret = await newItem(h, chef, { name: `Club biryani ${tag}`, searchTags: [tag] });
    const publicMenu = await newMenu(h, chef, {
      name: `Weekend table ${tag}`,
      items: [shared.id],
      deliveryDate: PUBLIC_DAY,
      deliveryTimeSlots: SLOTS,
    });
    const privateMenu = await newMenu(h, chef, {
      name: `Office lunch ${tag}`,
      items: [secret.id, shared.id],
      deliveryDate: PRIVATE_DAY,
      deliveryTimeSlots: SLOTS,
      isPrivate: true,
    });
    expect(privateMenu.isPrivate).toBe(true);
    expect(publicMenu.isPrivate).toBe(false);
    for (const menu of [publicMenu, privateMenu])
      await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(chef.auth).expect(200);
    const code = await regenerate(chef);
    return { tag, chef, shared, secret, publicMenu, privateMenu, code };
  }

  async function regenerate(chef: Chef): Promise<string> {
    const res = await request(h.http).post(`${API}/secret-code`).set(chef.auth).expect(200);
    expect(res.body.secretCode).toMatch(/^[A-Z2-9]{8}$/);
    return res.body.secretCode as string;
  }

  const withCode = (kitchenId: string, code: string) => ({ 'X-Kitchen-Code': `${kitchenId}:${code}` });

  async function kitchenPage(id: string, headers: Record<string, string> = {}): Promise<KitchenPageDto> {
    return (await request(h.http).get(`${API}/kitchen/${id}`).set(headers).expect(200)).body;
  }
  const menusOn = (p: KitchenPageDto) => p.dates.flatMap((d) => d.menus.map((m) => m.menuId));
  const itemsOn = (p: KitchenPageDto) =>
    p.dates.flatMap((d) => d.menus.flatMap((m) => m.items.map((i) => i.id)));

  async function searchItems(query: string) {
    const res = await request(h.http)
      .get(`${API}/_search/items`)
      .query({ query, lat: 40.7168, lng: -74.0335, distance: 10, comingSoonSwitch: true })
      .expect(200);
    return res.body as Array<{ id: string; nextDate: { date: string } }>;
  }

  async function searchMenus(query: string) {
    const res = await request(h.http)
      .get(`${API}/_search/menus`)
      .query({ query, lat: 40.7168, lng: -74.0335, distance: 10, comingSoonSwitch: true })
      .expect(200);
    return (res.body as Array<{ id: string }>).map((m) => m.id);
  }

  /** Pretends someone ordered the items (a gallery entry each), with a picture on each item. */
  async function ordered(publisherId: string, itemIds: string[]): Promise<void> {
    const consumer = await createConsumer(h.db);
    for (const itemId of itemIds) {
      await h.db.query(`UPDATE item SET pictures = ARRAY['items/${itemId}.webp'] WHERE id = $1`, [itemId]);
      const [{ id }] = (await h.db.query(
        `INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, idempotency_key, contact_details)
         VALUES ($1, $2, 10, 'USD', $3, '{}') RETURNING id`,
        [`PV-${uniqueSuffix()}`, consumer.id, randomUUID()],
      )) as Array<{ id: string }>;
      await h.db.query(
        `INSERT INTO ordered_cart_item (order_id, item_id, publisher_id, item_name, pricing_option, unit_price, item_total,
                                        item_price_per_date, net_amount_per_date, net_amount)
         VALUES ($1, $2, $3, 'dish', '{}', 10, 10, 10, 10, 10)`,
        [id, itemId, publisherId],
      );
    }
  }

  it('keeps a private menu, its items and dates out of every public surface for anyone without the code', async () => {
    const k = await kitchenWithPrivateMenu();
    const kitchenId = k.chef.publisher.id;
    const other = await h.customer();

    for (const headers of [{}, other.auth, withCode(kitchenId, 'WRONG234')]) {
      const p = await kitchenPage(kitchenId, headers);
      expect(menusOn(p)).toEqual([k.publicMenu.id]);
      expect(itemsOn(p)).toEqual([k.shared.id]);
      expect(p.hasSecretCode).toBe(true);
      expect(p.privateMenusUnlocked).toBe(false);
      expect(JSON.stringify(p)).not.toContain('Office lunch');
      await request(h.http).get(`${API}/item/${k.secret.id}`).set(headers).expect(404);
      // The item on both menus stays visible through the public one, with its dates only.
      const shared = (await request(h.http).get(`${API}/item/${k.shared.id}`).set(headers).expect(200)).body;
      expect(shared.menuDates).toEqual([PUBLIC_DAY]);
      expect(shared.menuId).toBe(k.publicMenu.id);
    }

    const found = await searchItems(k.tag);
    expect(found.map((i) => i.id)).toEqual([k.shared.id]);
    expect(found[0].nextDate.date).toBe(PUBLIC_DAY);
    expect(await searchMenus(`Office lunch ${k.tag}`)).toEqual([]);
    expect(await searchMenus(`Weekend table ${k.tag}`)).toEqual([k.publicMenu.id]);

    await ordered(kitchenId, [k.secret.id, k.shared.id]);
    const gallery = (await request(h.http).get(`${API}/order/recent-ordered-gallery`).expect(200))
      .body as Array<{
      itemId: string;
    }>;
    expect(gallery.map((g) => g.itemId)).toContain(k.shared.id);
    expect(gallery.map((g) => g.itemId)).not.toContain(k.secret.id);
  });

  it('shows the private menu with the right code (any case), to its chef and to admins, and never in searches', async () => {
    const k = await kitchenWithPrivateMenu();
    const kitchenId = k.chef.publisher.id;
    const admin = await h.admin();

    for (const headers of [withCode(kitchenId, k.code.toLowerCase()), k.chef.auth, admin.auth]) {
      const p = await kitchenPage(kitchenId, headers);
      expect(new Set(menusOn(p))).toEqual(new Set([k.publicMenu.id, k.privateMenu.id]));
      expect(p.privateMenusUnlocked).toBe(true);
      expect(p.dates.flatMap((d) => d.menus).find((m) => m.menuId === k.privateMenu.id)?.isPrivate).toBe(
        true,
      );
      const secret = (await request(h.http).get(`${API}/item/${k.secret.id}`).set(headers).expect(200)).body;
      expect(secret.menuDates).toEqual([PRIVATE_DAY]);
      const shared = (await request(h.http).get(`${API}/item/${k.shared.id}`).set(headers).expect(200)).body;
      expect(shared.menuDates).toEqual([PRIVATE_DAY, PUBLIC_DAY]);
    }
    // The code opens this kitchen only.
    const elsewhere = await chefIn(h);
    await regenerate(elsewhere);
    expect(
      (await kitchenPage(elsewhere.publisher.id, withCode(elsewhere.publisher.id, k.code)))
        .privateMenusUnlocked,
    ).toBe(false);
    // Searches never list private menus, whoever asks.
    expect((await searchItems(k.tag)).map((i) => i.id)).toEqual([k.shared.id]);
  });

  it('verifies a code, refuses a wrong one with a field error and an old one after the chef regenerates', async () => {
    const k = await kitchenWithPrivateMenu();
    const kitchenId = k.chef.publisher.id;
    const verify = (body: Record<string, unknown>) =>
      request(h.http).post(`${API}/secret-code/verify`).send(body);

    const ok = await verify({
      kitchen: k.chef.publisher.kitchenName,
      code: ` ${k.code.toLowerCase()} `,
    }).expect(200);
    expect(ok.body).toEqual({ kitchenId, kitchenName: k.chef.publisher.kitchenName, code: k.code });
    await verify({ kitchen: kitchenId, code: k.code }).expect(200);

    const wrong = await verify({ kitchen: kitchenId, code: 'NOPE2345' }).expect(400);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.body.fieldErrors).toEqual([
      {
        field: 'code',
        message: "That code does not open this kitchen's private menus. Check it with the kitchen.",
      },
    ]);
    const empty = await verify({ kitchen: kitchenId, code: '' }).expect(400);
    expect(empty.body.fieldErrors).toEqual([
      { field: 'code', message: 'Enter the code the kitchen gave you.' },
    ]);
    await verify({ kitchen: 'no-such-kitchen-anywhere', code: k.code }).expect(404);

    const fresh = await regenerate(k.chef);
    expect(fresh).not.toBe(k.code);
    await verify({ kitchen: kitchenId, code: k.code }).expect(400);
    expect((await kitchenPage(kitchenId, withCode(kitchenId, k.code))).privateMenusUnlocked).toBe(false);
    await request(h.http).get(`${API}/item/${k.secret.id}`).set(withCode(kitchenId, k.code)).expect(404);
    expect((await kitchenPage(kitchenId, withCode(kitchenId, fresh))).privateMenusUnlocked).toBe(true);
  });

  it('refuses adding a private item to the cart or ordering it without the current code', async () => {
    const k = await kitchenWithPrivateMenu();
    const kitchenId = k.chef.publisher.id;
    const customer: TestActor = await h.customer();
    const add = (headers: Record<string, string>) =>
      request(h.http)
        .post(`${API}/cart/items`)
        .set({ ...TZ, ...customer.auth, ...headers })
        .send({
          itemId: k.secret.id,
          userSelectedPricingOption: { id: k.secret.pricingOptions[0].id },
          orderQuantity: 1,
          dates: [{ date: PRIVATE_DAY, timeSlots: SLOTS, deliveryOption: 'DELIVERY' }],
        });

    for (const headers of [{}, withCode(kitchenId, 'WRONG345')]) {
      const refused = await add(headers).expect(409);
      expect(refused.body.detail).toContain('is on a private menu on');
      expect(refused.body.message).toBe('error.cart.code_required');
    }
    // The shared item is orderable on its public date without a code, never on the private one.
    const shared = (date: string) =>
      request(h.http)
        .post(`${API}/cart/items`)
        .set({ ...TZ, ...customer.auth })
        .send({
          itemId: k.shared.id,
          userSelectedPricingOption: { id: k.shared.pricingOptions[0].id },
          dates: [{ date, timeSlots: SLOTS, deliveryOption: 'DELIVERY' }],
        });
    await shared(PRIVATE_DAY).expect(409);
    await shared(PUBLIC_DAY).expect(201);
    await request(h.http).delete(`${API}/cart`).set(customer.auth).expect(204);

    const added = await add(withCode(kitchenId, k.code.toLowerCase())).expect(201);
    expect(added.body.cartItems.map((l: { itemId: string }) => l.itemId)).toEqual([k.secret.id]);

    // A cart line whose code was taken away (a leaked item id alone) cannot be ordered.
    const [{ access_code: kept }] = (await h.db.query(
      `SELECT ci.access_code FROM cart_item ci JOIN cart c ON c.id = ci.cart_id WHERE c.consumer_id = $1`,
      [customer.consumer.id],
    )) as Array<{ access_code: string }>;
    expect(kept).toBe(k.code);
    await h.db.query(
      `UPDATE cart_item SET access_code = NULL WHERE cart_id IN (SELECT id FROM cart WHERE consumer_id = $1)`,
      [customer.consumer.id],
    );
    await placeOrder(h, customer, checkoutBody()).expect(409);
    const orders = (await h.db.query(`SELECT count(*)::int AS n FROM customer_order WHERE consumer_id = $1`, [
      customer.consumer.id,
    ])) as Array<{ n: number }>;
    expect(orders[0].n).toBe(0);

    // With the code the order goes through; after the chef regenerates, the old code's cart line is dropped.
    await add(withCode(kitchenId, k.code)).expect(201);
    await placeOrder(h, customer, checkoutBody()).expect(201);
    await add(withCode(kitchenId, k.code)).expect(201);
    await regenerate(k.chef);
    const cart = (
      await request(h.http)
        .get(`${API}/cart`)
        .set({ ...TZ, ...customer.auth })
        .expect(200)
    ).body;
    expect(cart.cartItems).toEqual([]);
    expect(cart.removed.map((r: { reason: string }) => r.reason)).toEqual(['CODE_REQUIRED']);
  });

  it("sends the chef's subscribers no news of a private menu, but of a public one", async () => {
    const chef = await chefIn(h);
    const follower = await h.customer();
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/${chef.publisher.id}`)
      .set(follower.auth)
      .expect(204);
    const news = async () =>
      (await h.db.query(`SELECT subject FROM bulk_message WHERE kind = 'CHEF_NEWS' AND publisher_id = $1`, [
        chef.publisher.id,
      ])) as Array<{ subject: string }>;
    const publish = async (isPrivate: boolean) => {
      const item = await newItem(h, chef, { name: `Dish ${uniqueSuffix()}` });
      const menu = await newMenu(h, chef, {
        name: isPrivate ? 'Club supper' : 'Open supper',
        items: [item.id],
        deliveryDate: PRIVATE_DAY,
        deliveryTimeSlots: SLOTS,
        isPrivate,
      });
      await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(chef.auth).expect(200);
    };
    await publish(true);
    expect(await news()).toEqual([]);
    await publish(false);
    expect(await news()).toHaveLength(1);
  });

  it('rate-limits guessing: after 10 different wrong codes even the right one is refused for a while', async () => {
    const k = await kitchenWithPrivateMenu();
    const kitchenId = k.chef.publisher.id;
    const verify = (code: string) =>
      request(h.http).post(`${API}/secret-code/verify`).send({ kitchen: kitchenId, code });
    // The same wrong code again (a browser still holding a replaced code) is not a new guess.
    for (let n = 0; n < 3; n++) await verify('SAME2345').expect(400);
    for (let n = 0; n < 9; n++) await verify(`GUESS${n}AA`).expect(400);
    const limited = await verify(k.code).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.detail).toMatch(/^Too many wrong codes\. Try again in \d+ minutes?\.$/);
    // The header is no way around it.
    expect((await kitchenPage(kitchenId, withCode(kitchenId, k.code))).privateMenusUnlocked).toBe(false);
  });
});
