import { randomInt } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, PublisherStatus } from '@hearth/shared';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createKitchens, destination, searchTag } from '../search/search-fixtures.js';

const ADDRESSES = `${API_PREFIX}/consumer/delivery/address`;
const home = {
  addressLine1: '77 Hudson St',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  country: 'United States',
};
/** A Singapore postcode no other test uses (6 digits). */
const sgPostcode = () => String(randomInt(100_000, 999_999));

describe('delivery addresses without coordinates', () => {
  let h: Harness;
  let customer: TestActor;
  const save = (body: Record<string, unknown>, who = customer) =>
    request(h.http).post(ADDRESSES).set(who.auth).send(body);

  beforeAll(async () => {
    h = await startHarness();
    customer = await h.customer();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('places a US address at its zip code, offline, when no coordinates are sent', async () => {
    const res = await save(home).expect(201);
    // The centroid of 07302 (Jersey City) in the zipcodes data.
    expect(res.body.lat).toBeCloseTo(40.72, 1);
    expect(res.body.lng).toBeCloseTo(-74.05, 1);
    const [row] = await h.db.query(
      `SELECT ST_Y(location::geometry) AS lat FROM consumer_address WHERE id = $1`,
      [res.body.id],
    );
    expect(row.lat).toBeCloseTo(res.body.lat, 5);
    // ZIP+4 is read as its 5 digits.
    const plus4 = await save({ ...home, zipcode: '94110-1234', city: 'San Francisco', state: 'CA' }).expect(
      201,
    );
    expect(plus4.body.lat).toBeCloseTo(37.75, 1);
  });

  it('refuses a US zip code it does not know, or one that is not 5 digits, beside the zip code, and saves nothing', async () => {
    const stranger = await h.customer();
    const unknown = await save({ ...home, zipcode: '00000' }, stranger).expect(400);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.body.fieldErrors).toEqual([
      { field: 'zipcode', message: 'We do not know the zip code 00000 in the United States. Check it.' },
    ]);
    const malformed = await save({ ...home, zipcode: 'ABCDE' }, stranger).expect(400);
    expect(malformed.body.fieldErrors).toEqual([
      { field: 'zipcode', message: 'ABCDE is not a US zip code: it has 5 digits, like 07302.' },
    ]);
    const none = await save({ ...home, zipcode: undefined }, stranger).expect(400);
    expect(none.body.fieldErrors).toEqual([
      { field: 'zipcode', message: 'Give the zip or postal code: it places the address on the map.' },
    ]);
    const half = await save({ ...home, lat: 40.7 }, stranger).expect(400);
    expect(half.body.fieldErrors).toEqual([{ field: 'lng', message: 'Give both lat and lng, or neither.' }]);
    expect((await request(h.http).get(ADDRESSES).set(stranger.auth).expect(200)).body).toEqual([]);
  });

  it("uses the browser's position when it is sent, and keeps it while the zip code stays", async () => {
    const precise = { lat: 40.716812, lng: -74.033512 };
    const created = await save({ ...home, ...precise }).expect(201);
    expect(created.body).toMatchObject(precise);
    const url = `${ADDRESSES}/${created.body.id}`;
    const renamed = await request(h.http)
      .put(url)
      .set(customer.auth)
      .send({ ...home, name: 'Flat' })
      .expect(200);
    expect(renamed.body).toMatchObject({ name: 'Flat', ...precise });
    // A new zip code moves the address to that code's centre (Hoboken).
    const moved = await request(h.http)
      .put(url)
      .set(customer.auth)
      .send({ ...home, city: 'Hoboken', zipcode: '07030' })
      .expect(200);
    expect(moved.body.lat).toBeCloseTo(40.74, 1);
    expect(moved.body.lng).not.toBeCloseTo(precise.lng, 3);
  });

  it("places an address elsewhere from approved kitchens' pickup places with that postcode", async () => {
    const postcode = sgPostcode();
    const kitchenPoint = { lat: 1.3521, lng: 103.8198 };
    await createKitchens(h.db, [
      { ...kitchenPoint, country: 'Singapore', zipcode: postcode, items: [{ name: `Laksa ${searchTag()}` }] },
    ]);
    const res = await save({
      addressLine1: '1 Orchard Rd',
      city: 'Singapore',
      zipcode: postcode,
      country: 'Singapore',
    }).expect(201);
    expect(res.body).toMatchObject({ lat: kitchenPoint.lat, lng: kitchenPoint.lng });
  });

  it("never places an address from other customers' addresses or from kitchens not approved (security review S-05)", async () => {
    const postcode = sgPostcode();
    const neighbour = await h.customer();
    await save(
      {
        addressLine1: '2 Orchard Rd',
        city: 'Singapore',
        zipcode: postcode,
        country: 'Singapore',
        lat: 1.30412,
        lng: 103.83191,
      },
      neighbour,
    ).expect(201);
    await createKitchens(h.db, [
      {
        lat: 1.29,
        lng: 103.85,
        country: 'Singapore',
        zipcode: postcode,
        status: PublisherStatus.PENDING,
        items: [{ name: `Satay ${searchTag()}` }],
      },
    ]);
    const res = await save({
      addressLine1: '3 Orchard Rd',
      city: 'Singapore',
      zipcode: postcode,
      country: 'Singapore',
    }).expect(400);
    // The last resort: coordinates, asked for with why and how.
    expect(res.body.fieldErrors).toEqual([
      {
        field: 'lat',
        message:
          `We cannot place postcode ${postcode} in Singapore yet, so we need this address's position: the distance to kitchens is ` +
          'measured from it. Enter its latitude and longitude: in a map app, press and hold on the place and copy the two numbers ' +
          'it shows (latitude first, like 1.3521, 103.8198).',
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('1.30412');
  });

  it("places a Canadian postal code no kitchen has at its area's centre (offline)", async () => {
    const res = await save({
      addressLine1: '1020 Queen St E',
      city: 'Toronto',
      state: 'ON',
      zipcode: 'M4M 9Z9',
      country: 'Canada',
    }).expect(201);
    // M4M (Leslieville, Toronto).
    expect(res.body.lat).toBeCloseTo(43.66, 1);
    expect(res.body.lng).toBeCloseTo(-79.34, 1);
  });

  it('is used by search: a customer who saved a US address without coordinates finds the kitchens near it', async () => {
    const searcher = await h.customer();
    await save({ ...home, addressLine1: '1 Newark Ave' }, searcher).expect(201);
    const placed = (
      await request(h.http).get(`${API_PREFIX}/consumer/zip/country`).query({ zip: '07302' }).expect(200)
    ).body;
    const tag = searchTag();
    const [near] = await createKitchens(h.db, [
      { ...destination(placed, 1500, 45), items: [{ name: `Dal ${tag}` }] },
    ]);
    const res = await request(h.http)
      .get(`${API_PREFIX}/_search/items`)
      .query({ query: tag })
      .set(searcher.auth)
      .expect(200);
    expect(res.headers['x-search-location-source']).toBe('saved-address');
    expect(res.body.map((r: { id: string }) => r.id)).toEqual(near.itemIds);
    expect(res.body[0].distance).toBeCloseTo(1500 / 1609.344, 1);
  });
});
