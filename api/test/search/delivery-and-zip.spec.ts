import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createKitchens, destination, METRES_PER_MILE, searchTag } from './search-fixtures.js';

type Query = Record<string, string | number | boolean | undefined>;
const miles = (n: number) => n * METRES_PER_MILE;

describe('search by delivery, pickup and zip code', () => {
  let h: Harness;
  const search = (query: Query, path = '_search/items') =>
    request(h.http).get(`${API_PREFIX}/${path}`).query(query);
  const ids = async (query: Query, path?: string) =>
    ((await search(query, path).expect(200)).body as Array<{ id: string }>).map((r) => r.id).sort();

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it("delivers only where the menu's radius, else the chef's RADIUS setting, reaches the customer", async () => {
    const centre = { lat: 35 + Math.random() * 5, lng: -105 + Math.random() * 10 };
    const tag = searchTag();
    const at10 = (bearing: number) => destination(centre, miles(10), bearing);
    const dish = { name: `Stew ${tag}` };
    const kitchens = await createKitchens(h.db, [
      { ...at10(0), menu: { deliveryRadius: '12', deliveryMeasurement: 'miles' }, items: [dish] }, // reaches
      { ...at10(30), menu: { deliveryRadius: '5', deliveryMeasurement: 'miles' }, items: [dish] }, // too short
      { ...at10(60), settings: { radius: 12 }, items: [dish] }, // chef setting reaches (miles by default)
      { ...at10(90), settings: { radius: '8', measurement: 'miles' }, items: [dish] }, // chef setting too short
      { ...at10(120), menu: { deliveryRadius: '20', deliveryMeasurement: 'km' }, items: [dish] }, // 20 km = 12.4 miles
      { ...at10(150), menu: { deliveryRadius: '15', deliveryMeasurement: 'km' }, items: [dish] }, // 15 km = 9.3 miles
      { ...at10(180), items: [dish] }, // no radius anywhere: no delivery
      {
        ...destination(centre, miles(2), 210),
        menu: { deliveryRadius: '20' },
        items: [{ ...dish, deliveryOptions: ['PICKUP'] }],
      }, // pickup only
    ]);
    const [reaches, short, setting, shortSetting, km, shortKm, none, pickupOnly] = kitchens.map(
      (k) => k.itemIds[0],
    );
    const base = { query: tag, lat: centre.lat, lng: centre.lng, country: 'US' };
    expect(await ids({ ...base, deliveryType: 'DELIVERY' })).toEqual([reaches, setting, km].sort());
    expect(await ids({ ...base, deliveryType: 'PICKUP' })).toEqual(
      [reaches, short, setting, shortSetting, km, shortKm, none, pickupOnly].sort(),
    );
    expect(await ids(base)).toHaveLength(8);
  });

  it('measures pickup distance to the nearest pickup location, and leaves out delivery-only items', async () => {
    const centre = { lat: 35 + Math.random() * 5, lng: -95 + Math.random() * 5 };
    const tag = searchTag();
    const [kitchen, deliveryOnly] = await createKitchens(h.db, [
      {
        ...destination(centre, miles(10), 0),
        pickups: [destination(centre, miles(3), 90)],
        items: [{ name: `Bread ${tag}` }],
      },
      {
        ...destination(centre, miles(4), 0),
        items: [{ name: `Bread ${tag}`, deliveryOptions: ['DELIVERY'] }],
      },
    ]);
    const base = { query: tag, lat: centre.lat, lng: centre.lng, country: 'US', sort: 'distance' };
    const pickup = await search({ ...base, deliveryType: 'PICKUP' }).expect(200);
    expect(pickup.body.map((r: { id: string }) => r.id)).toEqual(kitchen.itemIds);
    expect(pickup.body[0].distance).toBe(3);
    const any = await search(base).expect(200);
    expect(any.body.map((r: { id: string; distance: number }) => [r.id, r.distance])).toEqual([
      [deliveryOnly.itemIds[0], 4],
      [kitchen.itemIds[0], 10],
    ]);
  });

  it('places US zip codes offline and says clearly when one cannot be placed', async () => {
    const place = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip: '07302', country: 'US' })
      .expect(200);
    expect(place.body).toMatchObject({
      zip: '07302',
      country: 'United States',
      countryCode: 'US',
      city: 'Jersey City',
      state: 'NJ',
      source: 'zip-directory',
    });
    expect(place.body.lat).toBeCloseTo(40.72, 1);
    expect(place.body.lng).toBeCloseTo(-74.05, 1);
    // The country defaults to the US and may be given by name; ZIP+4 is read as its 5 digits.
    expect(
      (
        await request(h.http)
          .get(`${API_PREFIX}/consumer/zip/country`)
          .query({ zip: '94110-1234' })
          .expect(200)
      ).body.city,
    ).toBe('San Francisco');
    expect(
      (
        await request(h.http)
          .get(`${API_PREFIX}/consumer/zip/country`)
          .query({ zip: '60614', country: 'united states' })
          .expect(200)
      ).body.state,
    ).toBe('IL');

    const unknown = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip: '00000', country: 'US' })
      .expect(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.body.detail).toBe('We could not place zip code 00000 in United States.');
    const malformed = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip: 'ABCDE', country: 'US' })
      .expect(422);
    expect(malformed.body.detail).toBe(
      'We could not place zip code ABCDE in United States. A US zip code has 5 digits, like 07302.',
    );
    const country = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip: '75001', country: 'FR' })
      .expect(400);
    expect(country.body.fieldErrors[0].field).toBe('country');
  });

  it("places other countries from at least 5 kitchens' pickup places, rounded, or says it cannot", async () => {
    const zip = String(500000 + Math.floor(Math.random() * 99999));
    const spots = [0, 1, 2, 3, 4].map((i) => ({ lat: 12.9716 + i * 0.002, lng: 77.5946 + i * 0.002 }));
    await createKitchens(
      h.db,
      spots.map((spot, i) => ({ ...spot, country: 'India', zipcode: zip, items: [{ name: `Dosa ${i}` }] })),
    );
    const place = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip, country: 'IN' })
      .expect(200);
    expect(place.body).toMatchObject({ zip, country: 'India', countryCode: 'IN', source: 'kitchens' });
    // The mean (12.9756, 77.5986), rounded to 2 decimals (about 1 km).
    expect(place.body.lat).toBe(12.98);
    expect(place.body.lng).toBe(77.6);

    const nowhere = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip: '999998', country: 'India' })
      .expect(404);
    expect(nowhere.body.detail).toBe(
      'We could not place zip code 999998 in India. Too few kitchens with that code are known yet; search by your position instead.',
    );
    // A Canadian code nobody has used yet is placed at its postal area (the first 3 characters).
    const toronto = await request(h.http)
      .get(`${API_PREFIX}/consumer/zip/country`)
      .query({ zip: 'M4M 1K4', country: 'CA' })
      .expect(200);
    expect(toronto.body).toMatchObject({ countryCode: 'CA', source: 'postal-area' });
    expect(toronto.body.lat).toBeCloseTo(43.65, 1);
  });

  it('searches around a zip code: _search/{zip}/{country}/items, in miles, with delivery by zip list', async () => {
    const place = (
      await request(h.http).get(`${API_PREFIX}/consumer/zip/country`).query({ zip: '67346' }).expect(200)
    ).body as { lat: number; lng: number };
    const tag = searchTag();
    const kitchens = await createKitchens(h.db, [
      {
        ...destination(place, miles(6), 45),
        menu: { deliveryRadius: '1', deliveryZipCodes: ['67346-0042'] },
        items: [{ name: `Pasty ${tag}` }],
      },
      {
        ...destination(place, miles(7), 90),
        menu: { deliveryRadius: '1' },
        items: [{ name: `Pasty ${tag}`, zipcodesServed: ['67346'] }, { name: `Plain Pasty ${tag}` }],
      },
      {
        ...destination(place, miles(8), 135),
        menu: { deliveryRadius: '1', deliveryZipCodes: ['67347'] },
        items: [{ name: `Pasty ${tag}` }],
      },
      {
        ...destination(place, miles(16), 180),
        menu: { deliveryZipCodes: ['67346'] },
        items: [{ name: `Pasty ${tag}` }],
      },
    ]);
    const [byMenuZip, byItemZip, otherZip, tooFar] = kitchens.map((k) => k.itemIds[0]);
    // Same kitchen and menu as byItemZip, but the item's own zip list does not hold the customer's zip.
    const sameKitchenNoZip = kitchens[1].itemIds[1];
    const res = await search({ query: tag }, '_search/67346/US/items').expect(200);
    expect(res.headers['x-search-zip']).toBe('67346');
    expect(res.headers['x-search-country']).toBe('US');
    expect(res.headers['x-search-location-source']).toBe('zip');
    expect(res.headers['x-distance-unit']).toBe('miles');
    expect(res.body.map((r: { id: string }) => r.id).sort()).toEqual(
      [byMenuZip, byItemZip, sameKitchenNoZip, otherZip].sort(),
    );
    expect(tooFar).toBeDefined();
    // Delivery: the zip lists reach the customer although the radius does not.
    expect(await ids({ query: tag, deliveryType: 'DELIVERY' }, '_search/67346/US/items')).toEqual(
      [byMenuZip, byItemZip].sort(),
    );
    // The same through query parameters.
    expect(await ids({ query: tag, deliveryType: 'DELIVERY', zip: '67346', country: 'US' })).toEqual(
      [byMenuZip, byItemZip].sort(),
    );

    const unknown = await search({ query: tag }, '_search/00000/US/items').expect(404);
    expect(unknown.body.detail).toBe('We could not place zip code 00000 in United States.');
    const canada = await search({ query: tag }, '_search/M4M1K4/CA/items').expect(200);
    expect(canada.headers['x-distance-unit']).toBe('km');
  });
});
