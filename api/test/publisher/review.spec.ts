import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemEntity } from '../../src/modules/item/item.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { createItem } from '../setup/factories.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef, register } from './kitchens.js';

describe('kitchen review by admins', () => {
  let h: Harness;
  let admin: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  const approve = (publisherId: string, comments?: string) =>
    request(h.http)
      .post(`${API}/publisher/approve`)
      .set(admin.auth)
      .send({ publisherId, statusReviewComments: comments });
  const block = (publisherId: string, comments = 'The permit has expired.') =>
    request(h.http)
      .post(`${API}/publisher/block`)
      .set(admin.auth)
      .send({ publisherId, statusReviewComments: comments });

  it('makes the owner a chef at their next request, with the same token and nothing changed at the identity provider', async () => {
    const customer = await h.customer();
    const kitchen = await register(h, customer);
    const before = await request(h.http).get(`${API}/publisher/mine`).set(customer.auth).expect(403);
    expect(before.body.detail).toBe('This needs a chef.');
    expect((await request(h.http).get(`${API}/auth/me`).set(customer.auth).expect(200)).body.roles).toEqual([
      'ROLE_USER',
    ]);

    const approved = await approve(kitchen.id, 'Welcome aboard.').expect(200);
    expect(approved.body).toMatchObject({
      id: kitchen.id,
      status: 'APPROVED',
      statusReviewComments: 'Welcome aboard.',
    });

    const mine = await request(h.http).get(`${API}/publisher/mine`).set(customer.auth).expect(200);
    expect(mine.body).toMatchObject({ id: kitchen.id, status: 'APPROVED' });
    expect((await request(h.http).get(`${API}/auth/me`).set(customer.auth).expect(200)).body.roles).toEqual([
      'ROLE_USER',
      'ROLE_CHEF',
    ]);
    const own = await request(h.http).get(`${API}/publisher`).set(customer.auth).expect(200);
    expect(own.body).toMatchObject({ status: 'APPROVED', statusReviewComments: 'Welcome aboard.' });
  });

  it('lists pending kitchens for admins with what a review needs', async () => {
    const customer = await h.customer({ name: 'Pending Person' });
    const kitchen = await register(h, customer);
    const res = await request(h.http)
      .get(`${API}/publisher/findByStatus?status=PENDING&size=100&sort=createdAt,desc`)
      .set(admin.auth)
      .expect(200);
    const row = (res.body as { id: string }[]).find((p) => p.id === kitchen.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      owner: { consumerId: customer.consumer.id, name: 'Pending Person', email: customer.consumer.userEmail },
      statusReviewComments: null,
      fullPhoneNumber: '+12015550123',
      acceptAgreement: true,
      identityPictures: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The public list of approved kitchens does not carry the owner's details.
    const chef = await approvedChef(h, admin);
    const publicList = await request(h.http)
      .get(`${API}/publisher/findByStatus?status=APPROVED&size=100&sort=createdAt,desc`)
      .expect(200);
    const card = (publicList.body as { id: string }[]).find((p) => p.id === chef.kitchen.id);
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty('owner');
    expect(card).not.toHaveProperty('fullPhoneNumber');
  });

  it('hides a blocked kitchen and its items from the public, and approval shows them again', async () => {
    const chef = await approvedChef(h, admin, { brandDisplayName: 'Blockable Biryani House' });
    const item = await createItem(h.db, { publisherId: chef.kitchen.id });
    const name = chef.kitchen.kitchenName;
    const visible = async () => {
      const byName = await request(h.http)
        .get(`${API}/publisher/find-by-kitchen-name`)
        .query({ kitchenName: name });
      const list = await request(h.http)
        // Newest first: other test files approve kitchens in the same database at the same time.
        .get(`${API}/publisher/findByStatus?status=APPROVED&size=100&sort=createdAt,desc`)
        .expect(200);
      const search = await request(h.http)
        .get(`${API}/_search/publishers`)
        .query({ query: 'Blockable Biryani', size: 50 })
        .expect(200);
      const stored = await h.db.getRepository(ItemEntity).findOneByOrFail({ id: item.id });
      return {
        byName: byName.status,
        inList: (list.body as { id: string }[]).some((p) => p.id === chef.kitchen.id),
        inSearch: (search.body as { id: string }[]).some((p) => p.id === chef.kitchen.id),
        itemHidden: stored.isChefBlocked,
      };
    };
    expect(await visible()).toEqual({ byName: 200, inList: true, inSearch: true, itemHidden: false });

    const blocked = await block(chef.kitchen.id, 'Customers reported food safety problems.').expect(200);
    expect(blocked.body).toMatchObject({
      status: 'BLOCKED',
      statusReviewComments: 'Customers reported food safety problems.',
    });
    expect(await visible()).toEqual({ byName: 404, inList: false, inSearch: false, itemHidden: true });
    // The owner is no longer a chef, but still sees their kitchen and why it was blocked.
    await request(h.http).get(`${API}/publisher/mine`).set(chef.auth).expect(403);
    const own = await request(h.http).get(`${API}/publisher`).set(chef.auth).expect(200);
    expect(own.body).toMatchObject({
      status: 'BLOCKED',
      statusReviewComments: 'Customers reported food safety problems.',
    });

    await approve(chef.kitchen.id).expect(200);
    expect(await visible()).toEqual({ byName: 200, inList: true, inSearch: true, itemHidden: false });
  });

  it('refuses transitions that are not allowed with a 409 problem', async () => {
    const kitchen = await register(h, await h.customer());
    const pendingBlocked = await register(h, await h.customer());
    await block(pendingBlocked.id).expect(200);
    await approve(kitchen.id).expect(200);

    const again = await approve(kitchen.id).expect(409);
    expect(again.body).toMatchObject({
      type: 'https://hearth.example/problems/invalid-transition',
      status: 409,
      detail: `Kitchen "${kitchen.kitchenName}" is APPROVED; it cannot be approved again.`,
    });
    await block(kitchen.id).expect(200);
    const blockedAgain = await block(kitchen.id).expect(409);
    expect(blockedAgain.body.detail).toBe(
      `Kitchen "${kitchen.kitchenName}" is BLOCKED; it cannot be blocked again.`,
    );
    // A refused transition changes nothing.
    const row = await h.db.getRepository(PublisherEntity).findOneByOrFail({ id: kitchen.id });
    expect(row.statusReviewComments).toBe('The permit has expired.');
  });

  it('needs comments to block and a real kitchen id', async () => {
    const kitchen = await register(h, await h.customer());
    const noComments = await request(h.http)
      .post(`${API}/publisher/block`)
      .set(admin.auth)
      .send({ publisherId: kitchen.id })
      .expect(400);
    expect(noComments.body.fieldErrors).toContainEqual({
      field: 'statusReviewComments',
      message: 'statusReviewComments is required: tell the chef why',
    });
    await approve('00000000-0000-4000-8000-000000000000').expect(404);
    const badId = await approve('42').expect(400);
    expect(badId.body.fieldErrors).toEqual([
      { field: 'publisherId', message: 'publisherId must be a kitchen id' },
    ]);
  });

  describe('admin-only endpoints', () => {
    const endpoints: [string, string, Record<string, unknown>?][] = [
      ['post', '/publisher/approve', { publisherId: '00000000-0000-4000-8000-000000000000' }],
      [
        'post',
        '/publisher/block',
        { publisherId: '00000000-0000-4000-8000-000000000000', statusReviewComments: 'No.' },
      ],
      ['get', '/publisher/findByStatus?status=PENDING'],
      ['get', '/publisher/findByStatus?status=BLOCKED'],
      ['post', '/publisher/cache-publisher?publisherId=00000000-0000-4000-8000-000000000000'],
      ['post', '/publisher/re-cache-publishers'],
      ['post', '/admin/set-percentage-by-kitchen-name', { kitchenName: 'anything', percentage: 10 }],
      ['get', '/admin/fetch-percentage-by-kitchen-name?kitchenName=anything'],
    ];
    const call = (method: string, path: string, body?: Record<string, unknown>) => {
      const req =
        method === 'get'
          ? request(h.http).get(`${API}${path}`)
          : request(h.http)
              .post(`${API}${path}`)
              .send(body ?? {});
      return req;
    };

    it.each(endpoints)('%s %s refuses customers and chefs (403)', async (method, path, body) => {
      const customer = await h.customer();
      const chef = await h.chef();
      const asCustomer = await call(method, path, body).set(customer.auth);
      const asChef = await call(method, path, body).set(chef.auth);
      expect([asCustomer.status, asChef.status]).toEqual([403, 403]);
      expect(asChef.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it.each(endpoints.filter(([, path]) => !path.includes('findByStatus')))(
      '%s %s refuses anonymous callers (401)',
      async (method, path, body) => {
        expect((await call(method, path, body)).status).toBe(401);
      },
    );

    it('findByStatus for a non-approved state refuses anonymous callers with 403 (the approved list is public)', async () => {
      await request(h.http).get(`${API}/publisher/findByStatus?status=PENDING`).expect(403);
    });
  });

  it("sets and fetches a kitchen's fee percentage by name, whatever its case", async () => {
    const chef = await approvedChef(h, admin);
    const name = chef.kitchen.kitchenName;
    const before = await request(h.http)
      .get(`${API}/admin/fetch-percentage-by-kitchen-name`)
      .query({ kitchenName: name })
      .set(admin.auth)
      .expect(200);
    expect(before.body).toEqual({
      publisherId: chef.kitchen.id,
      kitchenName: name,
      percentage: 20,
      share: '0.2',
      isDefault: true,
    });

    const set = await request(h.http)
      .post(`${API}/admin/set-percentage-by-kitchen-name`)
      .set(admin.auth)
      .send({ kitchenName: name.toUpperCase(), percentage: 12.5 })
      .expect(200);
    expect(set.body).toEqual({
      publisherId: chef.kitchen.id,
      kitchenName: name,
      percentage: 12.5,
      share: '0.125',
      isDefault: false,
    });
    const after = await request(h.http)
      .get(`${API}/admin/fetch-percentage-by-kitchen-name`)
      .query({ kitchenName: name })
      .set(admin.auth)
      .expect(200);
    expect(after.body).toMatchObject({ percentage: 12.5, share: '0.125', isDefault: false });

    await request(h.http)
      .post(`${API}/admin/set-percentage-by-kitchen-name`)
      .set(admin.auth)
      .send({ kitchenName: name, percentage: 0 })
      .expect(200);
    expect(
      (
        await request(h.http)
          .get(`${API}/admin/fetch-percentage-by-kitchen-name`)
          .query({ kitchenName: name })
          .set(admin.auth)
      ).body,
    ).toMatchObject({
      percentage: 0,
      share: '0',
      isDefault: false,
    });
  });

  it.each([
    [{ percentage: 101 }, 'percentage must be between 0 and 100'],
    [{ percentage: -1 }, 'percentage must be between 0 and 100'],
    [{ percentage: 12.345 }, 'percentage must be a number with at most 2 decimals'],
    [{ percentage: 'lots' }, 'percentage must be a number with at most 2 decimals'],
  ])('refuses the fee %j', async (body, message) => {
    const res = await request(h.http)
      .post(`${API}/admin/set-percentage-by-kitchen-name`)
      .set(admin.auth)
      .send({ kitchenName: 'any-kitchen', ...body })
      .expect(400);
    expect(res.body.fieldErrors).toContainEqual({ field: 'percentage', message });
  });

  it('answers 404 for the fee of a kitchen that does not exist', async () => {
    const res = await request(h.http)
      .get(`${API}/admin/fetch-percentage-by-kitchen-name?kitchenName=no-such-kitchen-anywhere`)
      .set(admin.auth)
      .expect(404);
    expect(res.body.detail).toBe('No kitchen is called "no-such-kitchen-anywhere".');
  });
});
