import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublisherStatus } from '@hearth/shared';
import { PublisherCache } from '../../src/modules/publisher/publisher.cache.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { PublisherService } from '../../src/modules/publisher/publisher.service.js';
import { RecentGalleryService } from '../../src/modules/search/recent-gallery.service.js';
import { redisKeyPrefix } from '../../src/redis/redis.module.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef, register } from './kitchens.js';

/**
 * The public lists in the kitchen cache (ADR on the publisher list cache): the approved-kitchen list and
 * the recent-orders gallery are served from Redis, equal to what the database gives, and a kitchen change
 * shows at once.
 */
describe('public kitchen list cache', () => {
  let h: Harness;
  let admin: TestActor;
  let redis: Redis;
  // Newest first: a kitchen just registered is on the first page.
  const newest = { status: 'APPROVED', sort: 'createdAt,desc', page: 0, size: 20 };

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      keyPrefix: redisKeyPrefix(process.env.DATABASE_URL ?? ''),
    });
  });
  afterAll(async () => {
    redis?.disconnect();
    await h?.close();
  });

  const list = async (query: Record<string, string | number> = newest, actor?: TestActor) => {
    const req = request(h.http).get(`${API}/publisher/findByStatus`).query(query);
    const res = await (actor ? req.set(actor.auth) : req).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return {
      body: res.body as Array<{ id: string; brandDisplayName: string }>,
      total: Number(res.headers['x-total-count']),
      text: res.text,
    };
  };
  const field = (q: typeof newest) => `approved:createdAt,DESC:${q.page}:${q.size}`;
  const stored = () => redis.hget('publisher:summary:lists', field(newest));

  /** What the database says, through the uncached path. */
  const fromDatabase = async (query: Record<string, string | number> = newest) => {
    const service = h.app.get(PublisherService);
    const { items, total } = await service.findByStatus(undefined, {
      status: PublisherStatus.APPROVED,
      page: Number(query.page ?? 0),
      size: Number(query.size ?? 20),
      sort: query.sort as string | undefined,
    });
    return { items, total };
  };

  it('serves the approved list from Redis, equal to the database, X-Total-Count included', async () => {
    await approvedChef(h, admin, { brandDisplayName: 'Listed One' });
    // Sent as the stored bytes: names beyond ASCII must come back as they were written.
    await approvedChef(h, admin, { brandDisplayName: 'Crêpes & Phở — Listed Two' });
    await redis.del('publisher:summary:lists');
    const miss = await list();
    const text = await stored();
    expect(text).not.toBeNull();
    const hit = await list();
    const db = await fromDatabase();
    expect(hit.body).toEqual(db.items);
    expect(hit.text).toBe(miss.text);
    expect(hit.body.map((k) => k.brandDisplayName)).toContain('Crêpes & Phở — Listed Two');
    expect(hit.total).toBe(db.total);
    expect(miss.total).toBe(db.total);
    expect(text).toBe(`${db.total}\n${JSON.stringify(db.items)}`);
    // The default order (best rated first) and other page sizes too.
    const rated = await list({ status: 'APPROVED', page: 0, size: 5 });
    expect(rated.body).toEqual((await fromDatabase({ page: 0, size: 5 })).items);
    expect((await list({ status: 'APPROVED', page: 0, size: 5 })).text).toBe(rated.text);
  });

  it('uses the cache: a change made behind the services stays unseen until re-cache-publishers', async () => {
    const chef = await approvedChef(h, admin, { brandDisplayName: 'Before Direct' });
    expect((await list()).body.find((k) => k.id === chef.kitchen.id)?.brandDisplayName).toBe('Before Direct');
    await h.db
      .getRepository(PublisherEntity)
      .update({ id: chef.kitchen.id }, { brandDisplayName: 'Changed Directly' });
    expect((await list()).body.find((k) => k.id === chef.kitchen.id)?.brandDisplayName).toBe('Before Direct');

    await request(h.http).post(`${API}/publisher/re-cache-publishers`).set(admin.auth).expect(200);
    const after = await list();
    expect(after.body.find((k) => k.id === chef.kitchen.id)?.brandDisplayName).toBe('Changed Directly');
    expect(after.body).toEqual((await fromDatabase()).items);
  });

  it('shows approve, block and the owner’s edit at once', async () => {
    const owner = await h.customer();
    const kitchen = await register(h, owner, { brandDisplayName: 'Soon Approved' });
    const before = await list();
    expect(before.body.map((k) => k.id)).not.toContain(kitchen.id);

    await request(h.http)
      .post(`${API}/publisher/approve`)
      .set(admin.auth)
      .send({ publisherId: kitchen.id })
      .expect(200);
    const approved = await list();
    expect(approved.body[0]?.id).toBe(kitchen.id);
    expect(approved.total).toBe(before.total + 1);

    await request(h.http)
      .put(`${API}/publisher/save`)
      .set(owner.auth)
      .send({ brandDisplayName: 'Renamed By Chef' })
      .expect(200);
    expect((await list()).body[0]?.brandDisplayName).toBe('Renamed By Chef');

    await request(h.http)
      .post(`${API}/publisher/block`)
      .set(admin.auth)
      .send({ publisherId: kitchen.id, statusReviewComments: 'Blocked by the list cache test' })
      .expect(200);
    const blocked = await list();
    expect(blocked.body.map((k) => k.id)).not.toContain(kitchen.id);
    expect(blocked.total).toBe(before.total);
    expect(blocked.body).toEqual((await fromDatabase()).items);
  });

  it('never stores a list read before a change that invalidated the lists', async () => {
    const cache = h.app.get(PublisherCache);
    await cache.invalidateLists();
    const seen = await cache.getList('race-test');
    expect(seen?.body).toBeNull();
    await cache.invalidateLists(); // a kitchen change committed while the reader was at the database
    await cache.putList('race-test', '"old"', seen!.generation);
    expect((await cache.getList('race-test'))?.body).toBeNull();
    const now = await cache.getList('race-test');
    await cache.putList('race-test', '"fresh"', now!.generation);
    expect((await cache.getList('race-test'))?.body?.toString()).toBe('"fresh"');
    expect(await redis.ttl('publisher:summary:lists')).toBeGreaterThan(0);
  });

  it('gives concurrent misses of one list one database read, but not to a reader after a change', async () => {
    const cache = h.app.get(PublisherCache);
    await cache.invalidateLists();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = (text: string) => async () => {
      loads += 1;
      await gate;
      return text;
    };
    // A list expired under load: twenty requests miss at once.
    const waiting = Array.from({ length: 20 }, () => cache.list('stampede-test', slow('"first"')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A kitchen changed meanwhile: a request after the change must not get the read that began before it.
    await cache.invalidateLists();
    const after = cache.list('stampede-test', slow('"after the change"'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await Promise.all(waiting);
    expect(loads).toBe(2);
    expect(new Set(answers.map((b) => b.toString()))).toEqual(new Set(['"first"']));
    expect((await after).toString()).toBe('"after the change"');
    // Only the read that began after the change was stored; the next request is a hit.
    expect((await cache.list('stampede-test', slow('"unused"'))).toString()).toBe('"after the change"');
    expect(loads).toBe(2);
  });

  it('keeps admins’ review lists on the database', async () => {
    const pending = await register(h, await h.customer());
    const res = await request(h.http)
      .get(`${API}/publisher/findByStatus`)
      .query({ status: 'PENDING', sort: 'createdAt,desc' })
      .set(admin.auth)
      .expect(200);
    expect((res.body as { id: string }[]).map((k) => k.id)).toContain(pending.id);
    // An admin's APPROVED list carries the review fields, which the public list never has.
    const approved = await list({ ...newest }, admin);
    expect(approved.body[0]).toHaveProperty('status', 'APPROVED');
    expect((await list()).body[0]).not.toHaveProperty('statusReviewComments');
  });

  it('serves the recent-orders gallery from the cache, equal to the database', async () => {
    await redis.hdel('publisher:summary:lists', 'gallery');
    const first = await request(h.http).get(`${API}/order/recent-ordered-gallery`).expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(await redis.hget('publisher:summary:lists', 'gallery')).toBe(first.text);
    const second = await request(h.http).get(`${API}/order/recent-ordered-gallery`).expect(200);
    expect(second.body).toEqual(await h.app.get(RecentGalleryService).recent());
  });
});
