import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createKitchens, searchTag } from './search-fixtures.js';

// Security review S-05: the anonymous `consumer/zip/country` (and the search origin it gives, echoed as
// X-Search-Lat/Lng) must never reveal where a customer lives, nor pinpoint a lone kitchen.

/** A Singapore postcode (one building) no other test uses. */
const sgPostcode = () => String(100000 + Math.floor(Math.random() * 800000));

describe('placing a postcode outside the US', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.close());

  const place = (zip: string) =>
    request(h.http).get(`${API_PREFIX}/consumer/zip/country`).query({ zip, country: 'SG' });

  it("gives nothing derived from a customer's saved address", async () => {
    const postcode = sgPostcode();
    const customer = await h.customer();
    await h.db.query(
      `INSERT INTO consumer_address (consumer_id, name, city, country, zipcode, lat, lng)
       VALUES ($1, 'Home', 'Singapore', 'Singapore', $2, 1.352083, 103.819836)`,
      [customer.consumer.id, postcode],
    );
    const res = await place(postcode).expect(404);
    expect(JSON.stringify(res.body)).not.toMatch(/1\.35|103\.8/);
    // Nor does a search around that postcode reveal it as its origin.
    const search = await request(h.http)
      .get(`${API_PREFIX}/_search/items`)
      .query({ zip: postcode, country: 'SG' });
    expect(search.headers['x-search-lat']).toBeUndefined();
    expect(JSON.stringify(search.body)).not.toMatch(/1\.352083|103\.819836/);
  });

  it('gives nothing precise while fewer than 5 distinct kitchen places share the postcode', async () => {
    const tag = searchTag();
    /** Kitchens at these spots with one new postcode (answers are cached per postcode). */
    const postcodeWith = async (spots: Array<{ lat: number; lng: number }>) => {
      const postcode = sgPostcode();
      await createKitchens(
        h.db,
        spots.map((spot, i) => ({
          ...spot,
          country: 'Singapore',
          zipcode: postcode,
          items: [{ name: `Laksa ${tag} ${i}` }],
        })),
      );
      return postcode;
    };
    const spot = (i: number) => ({ lat: 1.3 + i * 0.0011, lng: 103.8 + i * 0.0013 });

    await place(await postcodeWith([spot(0)])).expect(404);
    await place(await postcodeWith([0, 1, 2, 3].map(spot))).expect(404);
    // Five kitchens, but at two distinct places: still nothing.
    await place(await postcodeWith([spot(0), spot(0), spot(0), spot(0), spot(1)])).expect(404);

    const placed = await place(await postcodeWith([0, 1, 2, 3, 4].map(spot))).expect(200);
    expect(placed.body.source).toBe('kitchens');
    // The mean (1.3022, 103.8026) rounded to 2 decimals: no kitchen's own coordinates.
    expect(placed.body.lat).toBe(1.3);
    expect(placed.body.lng).toBe(103.8);
  });
});
