import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { CatalogueChangesListener } from '../../src/common/cache/catalogue-changes.listener.js';
import { noticesHeard as heard, unannounced as withoutNotice } from '../setup/catalogue-notices.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { createKitchens, destination, saveSearchAddress, searchTag } from './search-fixtures.js';

/** The window of these tests: short, so that the test can wait it out; long enough to be told from a notice. */
const WINDOW_SECONDS = 3;

/** A random spot far enough from other tests' data to be ours alone. */
function randomCentre(): { lat: number; lng: number } {
  return { lat: 36 + Math.random() * 6, lng: -108 + Math.random() * 14 };
}

const ids = (res: request.Response) => (res.body as Array<{ id: string }>).map((r) => r.id).sort();
const names = (res: request.Response) => (res.body as Array<{ name: string }>).map((r) => r.name).sort();

describe('the item search answer cache (SEARCH_CACHE_SECONDS)', () => {
  let h: Harness;
  const search = (query: Record<string, string | number>) =>
    request(h.http).get(`${API_PREFIX}/_search/items`).query(query);

  const noticesHeard = () => heard(h);
  const unannounced = (sql: string, values: unknown[]) => withoutNotice(h, sql, values);

  beforeAll(async () => {
    h = await startHarness({ SEARCH_CACHE_SECONDS: String(WINDOW_SECONDS) });
  });
  afterAll(() => h?.close());

  it('answers the same search again from the cache, and shows a change nobody announced once the window has passed', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [first] = await createKitchens(h.db, [
      { ...destination(centre, 1500, 30), items: [{ name: `Tamales ${tag}` }] },
    ]);
    await noticesHeard();
    const query = { query: tag, lat: centre.lat, lng: centre.lng, size: 10 };

    const miss = await search(query).expect(200);
    expect(miss.headers['x-search-cache']).toBe('MISS');
    expect(ids(miss)).toEqual(first.itemIds);
    const hit = await search(query).expect(200);
    expect(hit.headers['x-search-cache']).toBe('HIT');
    // The same answer, headers included; paging links are the request's own
    expect(hit.text).toBe(miss.text);
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    for (const name of [
      'x-total-count',
      'x-search-lat',
      'x-search-lng',
      'x-distance-unit',
      'x-search-distance',
    ]) {
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    }
    expect(hit.headers.link).toContain('page=0');

    // A change the database does not announce (its triggers off, as for what changes with time alone, like a
    // cut-off passing): within the window the search does not show it yet...
    await unannounced(`UPDATE item SET name = $2 WHERE id = $1`, [first.itemIds[0], `Tamales verdes ${tag}`]);
    const during = await search(query).expect(200);
    expect(during.headers['x-search-cache']).toBe('HIT');
    expect(names(during)).toEqual([`Tamales ${tag}`]);
    // ...another search (other paging) is its own answer and sees it at once...
    const other = await search({ ...query, size: 11 }).expect(200);
    expect(other.headers['x-search-cache']).toBe('MISS');
    expect(names(other)).toEqual([`Tamales verdes ${tag}`]);

    // ...and after the window the first search shows it too.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 300));
    const after = await search(query).expect(200);
    expect(after.headers['x-search-cache']).toBe('MISS');
    expect(names(after)).toEqual([`Tamales verdes ${tag}`]);
  });

  it("shows a chef's new dish at once, well within the window: the database announces the change", async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [first] = await createKitchens(h.db, [
      { ...destination(centre, 1500, 30), items: [{ name: `Arepas ${tag}` }] },
    ]);
    await noticesHeard();
    const query = { query: tag, lat: centre.lat, lng: centre.lng, size: 10 };
    await search(query).expect(200);
    expect((await search(query).expect(200)).headers['x-search-cache']).toBe('HIT');

    const changedAt = Date.now();
    const [second] = await createKitchens(h.db, [
      { ...destination(centre, 900, 200), items: [{ name: `Arepas ${tag}` }] },
    ]);
    const everything = [...first.itemIds, ...second.itemIds].sort();
    await expect
      .poll(async () => ids(await search(query).expect(200)), { timeout: 1000, interval: 20 })
      .toEqual(everything);
    expect(Date.now() - changedAt).toBeLessThan(WINDOW_SECONDS * 1000);
    // The new answer is shared again
    const again = await search(query).expect(200);
    expect(again.headers['x-search-cache']).toBe('HIT');
    expect(ids(again)).toEqual(everything);
  });

  it('drops answers when a date fills up, not for every portion taken', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [kitchen] = await createKitchens(h.db, [
      { ...destination(centre, 1200, 60), items: [{ name: `Empanadas ${tag}` }] },
    ]);
    const [itemId] = kitchen.itemIds;
    const [{ date }] = (await h.db.query(
      `SELECT date::text AS date FROM menu_date WHERE menu_id = $1 AND NOT is_deleted`,
      [kitchen.menuId],
    )) as Array<{ date: string }>;
    await h.db.query(
      `INSERT INTO item_date_capacity (item_id, date, ordered_count, max_allowed) VALUES ($1, $2, 1, 3)`,
      [itemId, date],
    );
    await noticesHeard();
    const query = { query: tag, lat: centre.lat, lng: centre.lng, size: 10 };
    expect(ids(await search(query).expect(200))).toEqual([itemId]);

    // A portion taken, one left: nothing announced, the answer stays shared
    await h.db.query(`UPDATE item_date_capacity SET ordered_count = 2 WHERE item_id = $1 AND date = $2`, [
      itemId,
      date,
    ]);
    await noticesHeard();
    const stillThere = await search(query).expect(200);
    expect(stillThere.headers['x-search-cache']).toBe('HIT');
    expect(ids(stillThere)).toEqual([itemId]);

    // The last portion taken: its only date is sold out and the item leaves the search at once
    await h.db.query(`UPDATE item_date_capacity SET ordered_count = 3 WHERE item_id = $1 AND date = $2`, [
      itemId,
      date,
    ]);
    await expect
      .poll(async () => ids(await search(query).expect(200)), { timeout: 1000, interval: 20 })
      .toEqual([]);
  });

  it('shares nothing while it cannot hear the notices, and again once it has reconnected', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    await createKitchens(h.db, [{ ...destination(centre, 1000, 10), items: [{ name: `Pupusas ${tag}` }] }]);
    await noticesHeard();
    const query = { query: tag, lat: centre.lat, lng: centre.lng, size: 10 };
    await search(query).expect(200);
    expect((await search(query).expect(200)).headers['x-search-cache']).toBe('HIT');

    // The listening connection is cut (a database restart, a network fault)
    const changes = h.app.get(CatalogueChangesListener);
    const [cut] = (await h.db.query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'SELECT pg_notify(%'`,
    )) as Array<{ done: boolean }>;
    expect(cut?.done).toBe(true);
    await expect.poll(() => changes.last, { timeout: 2000, interval: 5 }).toBeNull();
    for (let n = 0; n < 2; n++)
      expect((await search(query).expect(200)).headers['x-search-cache']).toBe('MISS');

    // It reconnects on its own; what was stored before is read again once, then shared again
    await expect.poll(() => changes.last, { timeout: 5000, interval: 20 }).not.toBeNull();
    expect((await search(query).expect(200)).headers['x-search-cache']).toBe('MISS');
    expect((await search(query).expect(200)).headers['x-search-cache']).toBe('HIT');
  });

  it('caches a zip code search of the path, keyed by its zip code', async () => {
    const tag = searchTag();
    const path = (zip: string) => `${API_PREFIX}/_search/${zip}/US/items`;
    const first = await request(h.http).get(path('10001')).query({ query: tag }).expect(200);
    expect(first.headers['x-search-cache']).toBe('MISS');
    expect(first.headers['x-search-zip']).toBe('10001');
    const again = await request(h.http).get(path('10001')).query({ query: tag }).expect(200);
    expect(again.headers['x-search-cache']).toBe('HIT');
    const elsewhere = await request(h.http).get(path('07302')).query({ query: tag }).expect(200);
    expect(elsewhere.headers['x-search-cache']).toBe('MISS');
    expect(elsewhere.headers['x-search-zip']).toBe('07302');
  });

  it("never caches a search from the signed-in customer's saved address: that answer is theirs", async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [kitchen] = await createKitchens(h.db, [
      { ...destination(centre, 1200, 90), items: [{ name: `Pozole ${tag}` }] },
    ]);
    const customer = await h.customer();
    await saveSearchAddress(h.http, customer.auth, centre);
    for (let n = 0; n < 2; n++) {
      const res = await search({ query: tag }).set(customer.auth).expect(200);
      expect(res.headers['x-search-location-source']).toBe('saved-address');
      expect(res.headers['x-search-cache']).toBeUndefined();
      expect(ids(res)).toEqual(kitchen.itemIds);
    }
    // Another customer without an address is asked for a place, not given the first one's answer
    const stranger = await h.customer();
    await search({ query: tag }).set(stranger.auth).expect(400);
  });
});
