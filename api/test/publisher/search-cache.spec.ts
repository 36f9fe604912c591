import { Redis } from 'ioredis';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { uniqueSuffix } from '../setup/factories.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef, kitchenName, register } from './kitchens.js';
import { redisKeyPrefix } from '../../src/redis/redis.module.js';

const HYDERABAD = {
  addressLine1: '12 MG Road',
  city: 'Hyderabad',
  state: 'Telangana',
  zipcode: '500081',
  lat: 17.4474,
  lng: 78.3762,
};

describe('kitchen search', () => {
  let h: Harness;
  let admin: TestActor;
  // Words no other test uses, so the assertions see only these kitchens.
  const word = `zanzibar${uniqueSuffix().replace(/[^a-z]/g, '')}`;
  let spice: { id: string; kitchenName: string };
  let bakery: { id: string; kitchenName: string };
  let faraway: { id: string; kitchenName: string };
  let pending: { id: string; kitchenName: string };

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
    spice = (
      await approvedChef(h, admin, {
        kitchenName: kitchenName('spice'),
        brandDisplayName: `${word} Spice Kitchen`,
        speciality: 'Coastal curries',
      })
    ).kitchen;
    bakery = (
      await approvedChef(h, admin, {
        kitchenName: kitchenName('bakes'),
        brandDisplayName: `${word} Bakes`,
        profileDescription: 'Sourdough loaves and tamarind pastries baked every morning.',
      })
    ).kitchen;
    faraway = (
      await approvedChef(h, admin, {
        kitchenName: kitchenName('far'),
        brandDisplayName: `${word} Far Kitchen`,
        country: 'India',
        timeZone: 'Asia/Kolkata',
        address: HYDERABAD,
      })
    ).kitchen;
    pending = await register(h, await h.customer(), {
      kitchenName: kitchenName('pend'),
      brandDisplayName: `${word} Pending Kitchen`,
    });
  });
  afterAll(() => h?.close());

  const search = async (query: Record<string, string | number>) => {
    const res = await request(h.http)
      .get(`${API}/_search/publishers`)
      .query({ size: 50, ...query })
      .expect(200);
    return {
      ids: (res.body as { id: string }[]).map((p) => p.id),
      total: Number(res.headers['x-total-count']),
      body: res.body as { id: string }[],
    };
  };

  it('finds approved kitchens by name words, never pending ones', async () => {
    const { ids, total } = await search({ query: word });
    expect(new Set(ids)).toEqual(new Set([spice.id, bakery.id, faraway.id]));
    expect(total).toBe(3);
    expect(ids).not.toContain(pending.id);
  });

  it('tolerates a typo in a word of the name ("kitchn" finds "Kitchen")', async () => {
    const { ids } = await search({ query: `${word} kitchn` });
    expect(ids.slice(0, 2).sort()).toEqual([spice.id, faraway.id].sort());
    const typo = await search({ query: `${word.slice(0, -1)} spise` });
    expect(typo.ids[0]).toBe(spice.id);
  });

  it('ranks the best match first and matches the description by English stems', async () => {
    expect((await search({ query: `${word} bakes` })).ids[0]).toBe(bakery.id);
    expect((await search({ query: 'tamarind pastry' })).ids).toEqual([bakery.id]);
    expect((await search({ query: 'qwxzyplk' })).ids).toEqual([]);
  });

  it('keeps only kitchens within the distance when a position is given', async () => {
    const near = await search({ query: word, lat: 40.72, lng: -74.04, distance: 5 });
    expect(new Set(near.ids)).toEqual(new Set([spice.id, bakery.id]));
    const india = await search({ query: word, lat: 17.45, lng: 78.38, distance: 10, unit: 'km' });
    expect(india.ids).toEqual([faraway.id]);
  });

  it('pages with X-Total-Count and refuses a bad query with a problem', async () => {
    const first = await search({ query: word, size: 2, page: 0 });
    const second = await search({ query: word, size: 2, page: 1 });
    expect(first.ids).toHaveLength(2);
    expect(second.ids).toHaveLength(1);
    expect(new Set([...first.ids, ...second.ids]).size).toBe(3);
    const bad = await request(h.http).get(`${API}/_search/publishers`).query({ lat: 40.7 }).expect(400);
    expect(bad.body.fieldErrors).toContainEqual({
      field: 'lng',
      message: 'lng must be between -180 and 180 (and is needed with lat)',
    });
  });
});

describe('kitchen cache', () => {
  let h: Harness;
  let admin: TestActor;
  let redis: Redis;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
    // The API's own key space: its keys start with this test database's prefix.
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      keyPrefix: redisKeyPrefix(process.env.DATABASE_URL ?? ''),
    });
  });
  afterAll(async () => {
    redis?.disconnect();
    await h?.close();
  });

  const lookup = (name: string) =>
    request(h.http).get(`${API}/publisher/find-by-kitchen-name`).query({ kitchenName: name });

  it('serves lookups from Redis once a kitchen was read', async () => {
    const chef = await approvedChef(h, admin, { brandDisplayName: 'Cached Curry' });
    await redis.del(`publisher:summary:id:${chef.kitchen.id}`);
    expect((await lookup(chef.kitchen.kitchenName.toUpperCase()).expect(200)).body.brandDisplayName).toBe(
      'Cached Curry',
    );
    expect(JSON.parse((await redis.get(`publisher:summary:id:${chef.kitchen.id}`)) ?? '{}')).toMatchObject({
      id: chef.kitchen.id,
      brandDisplayName: 'Cached Curry',
    });

    // A change behind the service's back is not seen until the cache is reloaded: the lookup did use it.
    await h.db
      .getRepository(PublisherEntity)
      .update({ id: chef.kitchen.id }, { brandDisplayName: 'Changed Directly' });
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.brandDisplayName).toBe('Cached Curry');
    const one = await request(h.http)
      .post(`${API}/publisher/cache-publisher`)
      .query({ publisherId: chef.kitchen.id })
      .set(admin.auth)
      .expect(200);
    expect(one.body).toEqual({ publisherId: chef.kitchen.id, cached: true });
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.brandDisplayName).toBe(
      'Changed Directly',
    );

    await h.db
      .getRepository(PublisherEntity)
      .update({ id: chef.kitchen.id }, { brandDisplayName: 'Changed Again' });
    const all = await request(h.http)
      .post(`${API}/publisher/re-cache-publishers`)
      .set(admin.auth)
      .expect(200);
    expect(all.body.cached).toBeGreaterThanOrEqual(1);
    expect(all.body.removed).toBeGreaterThanOrEqual(1);
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.brandDisplayName).toBe('Changed Again');
  });

  it('shows an owner’s change at once: save, rename, logo', async () => {
    const chef = await approvedChef(h, admin, { brandDisplayName: 'Before Save' });
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.brandDisplayName).toBe('Before Save');
    await request(h.http)
      .put(`${API}/publisher/save`)
      .set(chef.auth)
      .send({ brandDisplayName: 'After Save' })
      .expect(200);
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.brandDisplayName).toBe('After Save');

    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.logo).toBeNull();
    const uploaded = await request(h.http)
      .post(`${API}/publisher/upload-logo`)
      .set(chef.auth)
      .attach('file', logo, 'logo.png')
      .expect(200);
    expect((await lookup(chef.kitchen.kitchenName).expect(200)).body.logo).toBe(uploaded.body.logo);

    const renamed = kitchenName('renamed');
    await request(h.http)
      .put(`${API}/publisher/save`)
      .set(chef.auth)
      .send({ kitchenName: renamed })
      .expect(200);
    await lookup(chef.kitchen.kitchenName).expect(404);
    expect((await lookup(renamed).expect(200)).body.id).toBe(chef.kitchen.id);
  });

  it('drops a kitchen from the cache when it is not approved', async () => {
    const kitchen = await register(h, await h.customer());
    const res = await request(h.http)
      .post(`${API}/publisher/cache-publisher`)
      .query({ publisherId: kitchen.id })
      .set(admin.auth)
      .expect(200);
    expect(res.body).toEqual({ publisherId: kitchen.id, cached: false });
    expect(await redis.exists(`publisher:summary:id:${kitchen.id}`)).toBe(0);
    await lookup(kitchen.kitchenName).expect(404);
  });

  it('answers lookups from the database when Redis is down', async () => {
    const down = await startHarness({ REDIS_URL: 'redis://127.0.0.1:6399' });
    try {
      const downAdmin = await down.admin();
      const chef = await approvedChef(down, downAdmin, { brandDisplayName: 'No Redis Needed' });
      const res = await request(down.http)
        .get(`${API}/publisher/find-by-kitchen-name`)
        .query({ kitchenName: chef.kitchen.kitchenName })
        .expect(200);
      expect(res.body.brandDisplayName).toBe('No Redis Needed');
      await request(down.http)
        .put(`${API}/publisher/save`)
        .set(chef.auth)
        .send({ brandDisplayName: 'Saved Without Redis' })
        .expect(200);
      await request(down.http).post(`${API}/publisher/re-cache-publishers`).set(downAdmin.auth).expect(200);
    } finally {
      await down.close();
    }
  });
});
