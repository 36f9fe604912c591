import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../src/identity-provider/account-store.js';
import { createConsumer, createPublisher, uniqueSuffix } from '../setup/factories.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { signIn, TestBrowser } from '../setup/sign-in.js';
import { createKitchens, searchTag } from '../search/search-fixtures.js';
import { CHEF_ZONE, createOfferedItem } from '../setup/shop.js';

const API = '/services/publisher/api';

interface Hit {
  id: string;
  email: string | null;
  status: string;
  kitchenName: string | null;
}

describe('admin users and kitchens (admin/users)', () => {
  let h: Harness;
  let admin: TestActor;
  let customer: TestActor;
  let pool: pg.Pool;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
    customer = await h.customer();
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await h?.close();
  });

  const auditRows = async (targetId: string) =>
    (await h.db.query(
      `SELECT action, actor_consumer_id, before, after, request_id FROM audit_log WHERE target_id = $1 ORDER BY created_at`,
      [targetId],
    )) as Array<{
      action: string;
      actor_consumer_id: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      request_id: string | null;
    }>;

  it('refuses anonymous callers (401) and non-admins (403) on every endpoint', async () => {
    const chef = await h.chef();
    const id = customer.consumer.id;
    const calls = [
      () => request(h.http).get(`${API}/admin/users`).query({ searchBy: 'email', query: 'a' }),
      () => request(h.http).get(`${API}/admin/users/${id}`),
      () => request(h.http).post(`${API}/admin/users/${id}/disable`).send({ reason: 'nope nope' }),
      () => request(h.http).post(`${API}/admin/users/${id}/enable`),
      () => request(h.http).post(`${API}/admin/items/${id}/block-image`).send({ reason: 'nope nope' }),
      () => request(h.http).post(`${API}/admin/items/${id}/unblock-image`),
      () =>
        request(h.http).post(`${API}/admin/kitchens/${id}/block-picture`).send({ key: 'x', reason: 'nope' }),
      () => request(h.http).post(`${API}/admin/kitchens/${id}/unblock-picture`).send({ key: 'x' }),
      () => request(h.http).get(`${API}/consumer/delivery/address/email`).query({ email: 'a@example.test' }),
    ];
    for (const call of calls) {
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      for (const who of [customer, chef]) {
        const res = await call().set(who.auth);
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      }
    }
    const [still] = await h.db.query(`SELECT status FROM consumer WHERE id = $1`, [id]);
    expect(still.status).toBe('ACTIVE');
  });

  it('finds people by each search-by key: id (person or kitchen), e-mail, phone, kitchen name', async () => {
    const tag = uniqueSuffix();
    const owner = await createConsumer(h.db, {
      name: `Nadia ${tag}`,
      userEmail: `nadia.${tag}@example.test`,
    });
    const kitchen = await createPublisher(h.db, {
      consumerId: owner.id,
      kitchenName: `tandoor-${tag}`,
      brandDisplayName: `Tandoor House ${tag}`,
      fullPhoneNumber: `+1 (201) 555-${tag.slice(-4).replace(/\D/g, '7').padStart(4, '7')}`,
    });
    const buyer = await createConsumer(h.db, {
      userEmail: `buyer.${tag}@example.test`,
      contactDetails: { phone: `+44 20 7946 ${tag.length}${tag.length}${tag.length}9` },
    });
    const search = async (searchBy: string, query: string) =>
      (await request(h.http).get(`${API}/admin/users`).query({ searchBy, query }).set(admin.auth).expect(200))
        .body as Hit[];

    expect((await search('id', owner.id)).map((r) => r.id)).toEqual([owner.id]);
    expect((await search('id', kitchen.id)).map((r) => r.id)).toEqual([owner.id]);
    expect((await search('email', `NADIA.${tag}@example`)).map((r) => r.id)).toEqual([owner.id]);
    expect((await search('kitchen', `tandoor house ${tag}`)).map((r) => r.id)).toEqual([owner.id]);
    const digits = kitchen.fullPhoneNumber!.replace(/\D/g, '');
    expect((await search('phone', digits.slice(-10))).map((r) => r.id)).toContain(owner.id);
    const buyerPhone = (buyer.contactDetails as { phone: string }).phone;
    expect((await search('phone', buyerPhone)).map((r) => r.id)).toContain(buyer.id);
    expect(await search('email', `nobody-${tag}@example.test`)).toEqual([]);

    const [hit] = await search('kitchen', `tandoor-${tag}`);
    expect(hit).toMatchObject({
      email: `nadia.${tag}@example.test`,
      status: 'ACTIVE',
      kitchenName: `tandoor-${tag}`,
    });

    const bad = await request(h.http)
      .get(`${API}/admin/users`)
      .query({ searchBy: 'name', query: 'x' })
      .set(admin.auth)
      .expect(400);
    expect(bad.body.fieldErrors[0]).toMatchObject({ field: 'searchBy' });
  });

  it("shows a person's profile with kitchens, orders, sessions and delivery addresses", async () => {
    const chef = await h.chef();
    await request(h.http)
      .post(`${API}/consumer/delivery/address`)
      .set(chef.auth)
      .send({
        addressLine1: '9 Grand St',
        city: 'Jersey City',
        state: 'NJ',
        zipcode: '07302',
        country: 'United States',
      })
      .expect(201);
    const res = await request(h.http)
      .get(`${API}/admin/users/${chef.consumer.id}`)
      .set(admin.auth)
      .expect(200);
    expect(res.body).toMatchObject({
      id: chef.consumer.id,
      status: 'ACTIVE',
      kitchens: [{ id: chef.publisher.id, status: 'APPROVED' }],
      orders: { count: 0, latest: [] },
      sessionsCount: 0,
      addresses: [{ addressLine1: '9 Grand St', city: 'Jersey City' }],
    });
    expect(res.body.roles).toContain('ROLE_CHEF');
    await request(h.http).get(`${API}/admin/users/${crypto.randomUUID()}`).set(admin.auth).expect(404);
  });

  it('consumer/delivery/address/email: the addresses of the customer with that e-mail, or a 404 problem', async () => {
    const person = await h.customer();
    await request(h.http)
      .post(`${API}/consumer/delivery/address`)
      .set(person.auth)
      .send({
        addressLine1: '77 Hudson St',
        city: 'Jersey City',
        state: 'NJ',
        zipcode: '07302',
        country: 'United States',
      })
      .expect(201);
    const found = await request(h.http)
      .get(`${API}/consumer/delivery/address/email`)
      .query({ email: person.consumer.userEmail!.toUpperCase() })
      .set(admin.auth)
      .expect(200);
    expect(found.body).toMatchObject([{ addressLine1: '77 Hudson St' }]);
    const none = await request(h.http)
      .get(`${API}/consumer/delivery/address/email`)
      .query({ email: `nobody-${uniqueSuffix()}@example.test` })
      .set(admin.auth)
      .expect(404);
    expect(none.headers['content-type']).toMatch(/problem\+json/);
    expect(none.body.detail).toMatch(/No delivery address was found/);
  });

  it('disabling ends the cookie session and the bearer token at once, refuses sign-in; enabling restores it', async () => {
    const email = `fresh.${uniqueSuffix()}@example.test`;
    await new AccountStore(pool).create({
      email,
      password: 'hearth-demo',
      givenName: 'Fresh',
      familyName: 'Person',
    });
    const browser = new TestBrowser();
    await signIn(browser, h.origin, h.idp, email);
    const me = () => browser.request(`${h.origin}${API}/auth/me`);
    expect((await me()).status).toBe(200);
    const [person] = (await h.db.query(`SELECT * FROM consumer WHERE lower(user_email) = lower($1)`, [
      email,
    ])) as Array<{
      id: string;
    }>;
    const consumer = await h.db.query(
      `SELECT id, keycloak_id AS "keycloakId", user_email AS "userEmail", name, user_name AS "userName" FROM consumer WHERE id = $1`,
      [person.id],
    );
    const token = await h.tokenFor(consumer[0], ['ROLE_USER']);
    const bearer = { Authorization: `Bearer ${token}` };
    await request(h.http).get(`${API}/consumer`).set(bearer).expect(200);

    const profile = await request(h.http).get(`${API}/admin/users/${person.id}`).set(admin.auth).expect(200);
    expect(profile.body.sessionsCount).toBe(1);

    await request(h.http)
      .post(`${API}/admin/users/${person.id}/disable`)
      .set(admin.auth)
      .send({ reason: '' })
      .expect(400);
    const disabled = await request(h.http)
      .post(`${API}/admin/users/${person.id}/disable`)
      .set(admin.auth)
      .set('X-Request-Id', 'disable-req-1')
      .send({ reason: 'Abusive messages to chefs' })
      .expect(200);
    expect(disabled.body).toMatchObject({
      status: 'DISABLED',
      disabledReason: 'Abusive messages to chefs',
      sessionsCount: 0,
    });

    // The very next request, cookie or bearer, is refused.
    expect((await me()).status).toBe(401);
    const refused = await request(h.http).get(`${API}/consumer`).set(bearer).expect(403);
    expect(refused.body.detail).toBe('This account is disabled.');

    // Signing in again is refused with a reason the web can show.
    const again = await signIn(browser, h.origin, h.idp, email);
    expect(again.res.headers.get('location')).toContain('authError=disabled');
    expect((await me()).status).toBe(401);

    const audit = await auditRows(person.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'consumer.disable',
      actor_consumer_id: admin.consumer.id,
      before: { status: 'ACTIVE', disabledReason: null },
      after: { status: 'DISABLED', disabledReason: 'Abusive messages to chefs' },
    });
    expect(audit[0].request_id).toBeTruthy();
    const mails = await h.db.query(`SELECT subject FROM email_outbox WHERE related_id = $1`, [person.id]);
    expect(mails).toEqual([{ subject: 'Your Hearth account is disabled' }]);

    await request(h.http)
      .post(`${API}/admin/users/${person.id}/disable`)
      .set(admin.auth)
      .send({ reason: 'again and again' })
      .expect(409);
    const enabled = await request(h.http)
      .post(`${API}/admin/users/${person.id}/enable`)
      .set(admin.auth)
      .expect(200);
    expect(enabled.body).toMatchObject({ status: 'ACTIVE', disabledReason: null });
    expect((await auditRows(person.id)).map((r) => r.action)).toEqual([
      'consumer.disable',
      'consumer.enable',
    ]);

    await request(h.http).get(`${API}/consumer`).set(bearer).expect(200);
    const back = await signIn(browser, h.origin, h.idp, email);
    expect(back.res.headers.get('location')).not.toContain('authError');
    expect((await me()).status).toBe(200);
  });

  it('an admin cannot disable themselves', async () => {
    const res = await request(h.http)
      .post(`${API}/admin/users/${admin.consumer.id}/disable`)
      .set(admin.auth)
      .send({ reason: 'testing myself' })
      .expect(409);
    expect(res.body.detail).toBe('You cannot disable your own account.');
    expect(await auditRows(admin.consumer.id)).toEqual([]);
  });

  it('a hidden item picture is absent from every public surface, present for its chef with the reason', async () => {
    const tag = searchTag();
    const at = { lat: 30 + Math.random(), lng: -90 + Math.random() };
    const [kitchen] = await createKitchens(h.db, [
      { ...at, items: [{ name: `Biryani ${tag}`, pictures: ['seed/items/biryani.webp'] }] },
    ]);
    const itemId = kitchen.itemIds[0];
    const [owner] = (await h.db.query(`SELECT consumer_id FROM publisher WHERE id = $1`, [
      kitchen.publisherId,
    ])) as Array<{
      consumer_id: string;
    }>;
    const chefRow = (await h.db.query(
      `SELECT id, keycloak_id AS "keycloakId", user_email AS "userEmail", name, user_name AS "userName" FROM consumer WHERE id = $1`,
      [owner.consumer_id],
    )) as never[];
    const chefAuth = { Authorization: `Bearer ${await h.tokenFor(chefRow[0], ['ROLE_USER', 'ROLE_CHEF'])}` };

    const publicItem = () => request(h.http).get(`${API}/item/${itemId}`).expect(200);
    expect((await publicItem()).body.itemPictures).toHaveLength(1);

    const blocked = await request(h.http)
      .post(`${API}/admin/items/${itemId}/block-image`)
      .set(admin.auth)
      .send({ reason: 'Shows a person’s face without consent' })
      .expect(200);
    expect(blocked.body).toEqual({
      itemId,
      blockImage: true,
      blockImageReason: 'Shows a person’s face without consent',
    });

    // Item page (anonymous and another customer).
    const anon = (await publicItem()).body;
    expect(anon).toMatchObject({ blockImage: true, blockImageReason: null, itemPictures: [] });
    const other = await request(h.http).get(`${API}/item/${itemId}`).set(customer.auth).expect(200);
    expect(other.body.itemPictures).toEqual([]);
    // Kitchen page.
    const page = await request(h.http).get(`${API}/kitchen/${kitchen.publisherId}`).expect(200);
    const offered = JSON.stringify(page.body);
    expect(offered).toContain(`Biryani ${tag}`);
    expect(offered).not.toContain('biryani.webp');
    // Search results.
    const found = await request(h.http)
      .get(`${API}/_search/items`)
      .query({ ...at, query: tag })
      .expect(200);
    expect(JSON.stringify(found.body)).toContain(itemId);
    expect(JSON.stringify(found.body)).not.toContain('biryani.webp');
    // Cart (an item on a menu the cart accepts, hidden the same way).
    const chef = await h.chef({ timeZoneId: CHEF_ZONE });
    const sold = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
    await h.db.query(`UPDATE item SET pictures = ARRAY['seed/items/biryani.webp'] WHERE id = $1`, [
      sold.item.id,
    ]);
    await request(h.http)
      .post(`${API}/admin/items/${sold.item.id}/block-image`)
      .set(admin.auth)
      .send({ reason: 'Blurry and misleading' })
      .expect(200);
    const buyer = await h.customer();
    await request(h.http)
      .post(`${API}/cart/items`)
      .set({ ...buyer.auth, 'X-Time-Zone': CHEF_ZONE })
      .send({
        itemId: sold.item.id,
        userSelectedPricingOption: { id: sold.optionId },
        dates: [{ date: sold.dates[0], timeSlots: ['PM_5_7'] }],
        orderQuantity: 1,
      })
      .expect(201);
    const cart = await request(h.http).get(`${API}/cart`).set(buyer.auth).expect(200);
    expect(JSON.stringify(cart.body)).toContain(sold.item.id);
    expect(JSON.stringify(cart.body)).not.toContain('biryani.webp');

    // The chef still sees the picture, marked hidden, with the reason; and was told by e-mail.
    const own = await request(h.http).get(`${API}/item/${itemId}`).set(chefAuth).expect(200);
    expect(own.body).toMatchObject({
      blockImage: true,
      blockImageReason: 'Shows a person’s face without consent',
    });
    expect(own.body.itemPictures).toHaveLength(1);
    const mails = await h.db.query(`SELECT subject, text FROM email_outbox WHERE related_id = $1`, [itemId]);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`The pictures of Biryani ${tag} are hidden`);
    expect(mails[0].text).toContain('Shows a person’s face without consent');

    await request(h.http).post(`${API}/admin/items/${itemId}/unblock-image`).set(admin.auth).expect(200);
    expect((await publicItem()).body.itemPictures).toHaveLength(1);
    const audit = await auditRows(itemId);
    expect(audit.map((r) => r.action)).toEqual(['item.blockImage', 'item.unblockImage']);
    expect(audit[0]).toMatchObject({
      before: { blockImage: false },
      after: { blockImage: true, blockImageReason: 'Shows a person’s face without consent' },
    });
  });

  it('a hidden kitchen picture leaves the kitchen page; the chef sees it with the reason; one audit row each', async () => {
    const tag = searchTag();
    const [kitchen] = await createKitchens(h.db, [
      { lat: 31 + Math.random(), lng: -91 + Math.random(), items: [{ name: `Dal ${tag}` }] },
    ]);
    const key = `public/publishers/${kitchen.publisherId}/kitchen/${tag}.webp`;
    await h.db.query(`UPDATE publisher SET kitchen_pictures = ARRAY[$2] WHERE id = $1`, [
      kitchen.publisherId,
      key,
    ]);
    const page = () => request(h.http).get(`${API}/kitchen/${kitchen.publisherId}`).expect(200);
    expect((await page()).body.about.kitchenPictures).toHaveLength(1);

    await request(h.http)
      .post(`${API}/admin/kitchens/${kitchen.publisherId}/block-picture`)
      .set(admin.auth)
      .send({ key: 'public/other.webp', reason: 'not this one' })
      .expect(400);
    const blocked = await request(h.http)
      .post(`${API}/admin/kitchens/${kitchen.publisherId}/block-picture`)
      .set(admin.auth)
      .send({ key, reason: 'Stock photo, not your kitchen' })
      .expect(200);
    expect(blocked.body).toMatchObject([{ key, hidden: true, reason: 'Stock photo, not your kitchen' }]);
    expect((await page()).body.about.kitchenPictures).toEqual([]);

    const [owner] = await h.db.query(`SELECT consumer_id FROM publisher WHERE id = $1`, [
      kitchen.publisherId,
    ]);
    const profile = await request(h.http)
      .get(`${API}/admin/users/${owner.consumer_id}`)
      .set(admin.auth)
      .expect(200);
    expect(profile.body.kitchens[0].pictures).toMatchObject([
      { key, hidden: true, reason: 'Stock photo, not your kitchen' },
    ]);
    const mails = await h.db.query(`SELECT subject FROM email_outbox WHERE related_id = $1`, [
      kitchen.publisherId,
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^A picture of Search Kitchen .+ is hidden$/);

    await request(h.http)
      .post(`${API}/admin/kitchens/${kitchen.publisherId}/unblock-picture`)
      .set(admin.auth)
      .send({ key })
      .expect(200);
    expect((await page()).body.about.kitchenPictures).toHaveLength(1);
    expect((await auditRows(kitchen.publisherId)).map((r) => r.action)).toEqual([
      'publisher.blockPicture',
      'publisher.unblockPicture',
    ]);
  });
});
