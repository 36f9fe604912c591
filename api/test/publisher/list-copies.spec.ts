import type { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COPY_MS } from '../../src/modules/publisher/publisher.cache.js';
import { REDIS } from '../../src/redis/redis.module.js';
import { noticesHeard, unannounced } from '../setup/catalogue-notices.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef } from './kitchens.js';

/**
 * Each API process's own copies of the public kitchen lists (PublisherCache, ADR 023): used for at most
 * LIST_COPY_MS while the process hears the catalogue's change notices (on here: SEARCH_CACHE_SECONDS > 0) and
 * none came, emptied by its own invalidations.
 */
describe("each API process's copies of the kitchen lists", () => {
  let h: Harness;
  let admin: TestActor;
  let redis: Redis;
  // Newest first: a kitchen just approved is on the first page.
  const newest = { status: 'APPROVED', sort: 'createdAt,desc', page: 0, size: 20 };
  const names = async () =>
    (
      (await request(h.http).get(`${API}/publisher/findByStatus`).query(newest).expect(200)).body as Array<{
        id: string;
        brandDisplayName: string;
      }>
    ).map((k) => k.brandDisplayName);
  /** Redis loses the lists (as when they expire), so that only a process's copy can still answer them. */
  const forgetInRedis = () => redis.del('publisher:summary:lists');

  beforeAll(async () => {
    h = await startHarness({ SEARCH_CACHE_SECONDS: '3' });
    admin = await h.admin();
    // The API's own client: its keys carry this test database's prefix.
    redis = h.app.get<Redis>(REDIS);
  });
  afterAll(() => h?.close());

  it('answers from its copy for at most a second, and drops it when the database announces a change', async () => {
    const chef = await approvedChef(h, admin, { brandDisplayName: 'Copy One' });
    await noticesHeard(h);
    const copiedFrom = Date.now();
    expect(await names()).toContain('Copy One');

    // A change nobody announced (triggers off), and Redis without the list: the copy still answers...
    await unannounced(h, `UPDATE publisher SET brand_display_name = 'Copy Two' WHERE id = $1`, [
      chef.kitchen.id,
    ]);
    await forgetInRedis();
    const seen = await names();
    // (unless this machine took longer than the copy's life to get here: then it has read the database)
    if (Date.now() - copiedFrom < LIST_COPY_MS) expect(seen).toContain('Copy One');
    // ...for at most LIST_COPY_MS.
    await new Promise((resolve) => setTimeout(resolve, LIST_COPY_MS + 100));
    expect(await names()).toContain('Copy Two');

    // An announced change (any statement on the kitchen tables) drops the copy at once.
    await h.db.query(`UPDATE publisher SET brand_display_name = 'Copy Three' WHERE id = $1`, [
      chef.kitchen.id,
    ]);
    await forgetInRedis();
    await noticesHeard(h);
    expect(await names()).toContain('Copy Three');
  });

  it('shows a change made through its own services at once', async () => {
    const chef = await approvedChef(h, admin, { brandDisplayName: 'Soon Blocked' });
    await noticesHeard(h);
    expect(await names()).toContain('Soon Blocked');
    await request(h.http)
      .post(`${API}/publisher/block`)
      .set(admin.auth)
      .send({ publisherId: chef.kitchen.id, statusReviewComments: 'Blocked by the list copies test' })
      .expect(200);
    // No waiting for the notice: the block's own invalidation emptied this process's copies.
    expect(await names()).not.toContain('Soon Blocked');
  });
});
