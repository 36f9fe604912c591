import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createKitchens, destination, saveSearchAddress, searchTag } from './search-fixtures.js';

/** The window of these tests: short, so that the test can wait it out. */
const WINDOW_SECONDS = 2;

/** A random spot far enough from other tests' data to be ours alone. */
function randomCentre(): { lat: number; lng: number } {
  return { lat: 36 + Math.random() * 6, lng: -108 + Math.random() * 14 };
}

const ids = (res: request.Response) => (res.body as Array<{ id: string }>).map((r) => r.id).sort();

describe('the item search answer cache (SEARCH_CACHE_SECONDS)', () => {
  let h: Harness;
  const search = (query: Record<string, string | number>) =>
    request(h.http).get(`${API_PREFIX}/_search/items`).query(query);

  beforeAll(async () => {
    h = await startHarness({ SEARCH_CACHE_SECONDS: String(WINDOW_SECONDS) });
  });
  afterAll(() => h?.close());

  it('answers the same search again from the cache, and shows a new dish once the window has passed', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [first] = await createKitchens(h.db, [
      { ...destination(centre, 1500, 30), items: [{ name: `Tamales ${tag}` }] },
    ]);
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

    // A chef publishes a second dish nearby: within the window the search does not show it yet...
    const [second] = await createKitchens(h.db, [
      { ...destination(centre, 900, 200), items: [{ name: `Tamales ${tag}` }] },
    ]);
    const during = await search(query).expect(200);
    expect(during.headers['x-search-cache']).toBe('HIT');
    expect(ids(during)).toEqual(first.itemIds);
    // ...another search (other paging) is its own answer and sees it at once...
    const other = await search({ ...query, size: 11 }).expect(200);
    expect(other.headers['x-search-cache']).toBe('MISS');
    expect(ids(other)).toEqual([...first.itemIds, ...second.itemIds].sort());

    // ...and after the window the first search shows it too.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 300));
    const after = await search(query).expect(200);
    expect(after.headers['x-search-cache']).toBe('MISS');
    expect(ids(after)).toEqual([...first.itemIds, ...second.itemIds].sort());
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
