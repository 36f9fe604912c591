import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ItemStatus, MenuStatus, PublisherStatus } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import {
  createKitchens,
  destination,
  haversineMetres,
  METRES_PER_MILE,
  saveSearchAddress,
  searchTag,
  type KitchenSpec,
} from './search-fixtures.js';

/** A random spot in the middle of the US, far enough from other tests' data to be ours alone. */
function randomCentre(): { lat: number; lng: number } {
  return { lat: 34 + Math.random() * 10, lng: -112 + Math.random() * 22 };
}

type Query = Record<string, string | number | boolean | undefined>;

describe('GET _search/items', () => {
  let h: Harness;
  const search = (query: Query) => request(h.http).get(`${API_PREFIX}/_search/items`).query(query);
  /** Ids of every result over all pages. */
  const allIds = async (query: Query): Promise<string[]> => {
    const ids: string[] = [];
    for (let page = 0; ; page++) {
      const res = await search({ ...query, page, size: 100 }).expect(200);
      ids.push(...(res.body as Array<{ id: string }>).map((r) => r.id));
      if (ids.length >= Number(res.headers['x-total-count'])) return ids;
    }
  };

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('returns exactly the items within 15 miles, with haversine distances, nearest first', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const specs: KitchenSpec[] = [];
    while (specs.length < 200) {
      // Uniform over a 30-mile disc; a point within a metre of the 15-mile edge is redrawn (rounding, not search, would decide it).
      const metres = 30 * METRES_PER_MILE * Math.sqrt(Math.random());
      if (Math.abs(metres - 15 * METRES_PER_MILE) < 1) continue;
      specs.push({
        ...destination(centre, metres, Math.random() * 360),
        items: [{ name: `Oracle stew ${tag}` }],
      });
    }
    // And 8 just inside or outside the edge (±20 m), where a spheroid instead of the sphere would already disagree.
    for (let n = 0; n < 8; n++) {
      const metres = 15 * METRES_PER_MILE + (n % 2 ? 20 : -20);
      specs[n] = { ...destination(centre, metres, n * 45), items: [{ name: `Oracle stew ${tag}` }] };
    }
    const kitchens = await createKitchens(h.db, specs);
    const oracle = new Map(
      kitchens.map((k) => [k.itemIds[0], haversineMetres(centre, k.spec) / METRES_PER_MILE]),
    );
    const expected = [...oracle].filter(([, miles]) => miles <= 15).map(([id]) => id);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThan(180);

    const res = await search({
      query: tag,
      lat: centre.lat,
      lng: centre.lng,
      country: 'US',
      sort: 'distance',
      size: 100,
    }).expect(200);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect(res.headers['x-distance-unit']).toBe('miles');
    expect(res.headers['x-search-distance']).toBe('15');
    const body = res.body as Array<{ id: string; distance: number; distanceUnit: string }>;
    expect(new Set(body.map((r) => r.id))).toEqual(new Set(expected));
    for (const r of body) {
      const truth = oracle.get(r.id)!;
      // Within 0.5 % of the oracle, allowing for the 1-decimal rounding of the figure shown.
      expect(Math.abs(r.distance - truth)).toBeLessThanOrEqual(Math.max(0.005 * truth, 0.05 + 1e-9));
      expect(r.distanceUnit).toBe('miles');
    }
    const distances = body.map((r) => oracle.get(r.id)!);
    distances.slice(1).forEach((d, n) => expect(d).toBeGreaterThanOrEqual(distances[n] - 1e-6));

    // A wider radius takes in the rest of the disc.
    expect(
      await allIds({ query: tag, lat: centre.lat, lng: centre.lng, country: 'US', distance: 31 }),
    ).toHaveLength(200);
  });

  it('measures in km outside the US and says so', async () => {
    const centre = { lat: 17.3 + Math.random() * 0.2, lng: 78.3 + Math.random() * 0.2 }; // Hyderabad
    const tag = searchTag();
    const [near, far] = await createKitchens(h.db, [
      { ...destination(centre, 10_000, 45), country: 'India', items: [{ name: `Dal ${tag}` }] },
      { ...destination(centre, 20_000, 45), country: 'India', items: [{ name: `Dal ${tag}` }] },
    ]);
    const res = await search({ query: tag, lat: centre.lat, lng: centre.lng }).expect(200);
    expect(res.headers['x-distance-unit']).toBe('km');
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([near.itemIds[0]]);
    expect(res.body[0].distance).toBeCloseTo(10, 1);
    expect(res.body[0].distanceUnit).toBe('km');
    expect(far.itemIds).toHaveLength(1);
  });

  it('finds "Biryani" when the customer types "biryni", and not the other dishes', async () => {
    const centre = randomCentre();
    const [kitchen] = await createKitchens(h.db, [
      { ...centre, items: [{ name: 'Chicken Biryani' }, { name: 'Paneer Tikka' }, { name: 'Garlic Naan' }] },
    ]);
    const res = await search({
      query: 'biryni',
      lat: centre.lat,
      lng: centre.lng,
      country: 'US',
      distance: 1,
    }).expect(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(['Chicken Biryani']);
    expect(res.body[0].kitchen.id).toBe(kitchen.publisherId);
    // Full text still works for a correctly spelt word in the description.
    const [other] = await createKitchens(h.db, [
      {
        ...destination(centre, 100, 0),
        items: [{ name: 'House special', description: 'Slow-cooked biryani with saffron' }],
      },
    ]);
    const byDescription = await search({
      query: 'biryani',
      lat: centre.lat,
      lng: centre.lng,
      country: 'US',
      distance: 1,
    }).expect(200);
    expect(byDescription.body.map((r: { id: string }) => r.id).sort()).toEqual(
      [kitchen.itemIds[0], other.itemIds[0]].sort(),
    );
  });

  it('respells every misspelt word of a longer query, learns the words of renamed items, and never respells a known word', async () => {
    const centre = randomCentre();
    // Invented dish words, so that no other test's items share them (the dictionary is database-wide).
    const [kitchen] = await createKitchens(h.db, [
      {
        ...centre,
        items: [
          { name: 'Smoky Quendolin Marrowfat' },
          { name: 'Smoky Quendolin Brambleton' },
          { name: 'Plain Marrowfat' },
        ],
      },
    ]);
    const names = async (query: string) =>
      (
        (await search({ query, lat: centre.lat, lng: centre.lng, country: 'US', distance: 1 }).expect(200))
          .body as Array<{ name: string }>
      )
        .map((r) => r.name)
        .sort();
    // Both words misspelt: each is respelt, and both must still match.
    expect(await names('quendlin marowfat')).toEqual(['Smoky Quendolin Marrowfat']);
    expect(await names('quendolin')).toEqual(['Smoky Quendolin Brambleton', 'Smoky Quendolin Marrowfat']);
    // A renamed item brings its new words to the dictionary.
    await h.db.query(`UPDATE item SET name = 'Zestful Wimbleberry' WHERE id = $1`, [kitchen.itemIds[2]]);
    expect(await names('wimbelberry')).toEqual(['Zestful Wimbleberry']);
    // A word no name holds is widened to its near spellings; once an item is called that, it is taken as typed.
    expect(await names('marrowfan')).toEqual(['Smoky Quendolin Marrowfat']);
    await createKitchens(h.db, [{ ...destination(centre, 100, 0), items: [{ name: 'Marrowfan Pie' }] }]);
    expect(await names('marrowfan')).toEqual(['Marrowfan Pie']);
  });

  it('reads "or", a quoted phrase and a -word as websearch does', async () => {
    const centre = randomCentre();
    await createKitchens(h.db, [
      {
        ...centre,
        items: [
          { name: 'Gravlorn Curry' },
          { name: 'Gravlorn Biryani' },
          { name: 'Plain Biryani Gravlorn Special' },
          { name: 'Curry Pot' },
        ],
      },
    ]);
    const names = async (query: string) =>
      (
        (
          await search({
            query,
            lat: centre.lat,
            lng: centre.lng,
            country: 'US',
            distance: 1,
            size: 20,
          }).expect(200)
        ).body as Array<{ name: string }>
      )
        .map((r) => r.name)
        .sort();
    expect(await names('gravlorn -curry')).toEqual(['Gravlorn Biryani', 'Plain Biryani Gravlorn Special']);
    expect(await names('"gravlorn curry" or "curry pot"')).toEqual(['Curry Pot', 'Gravlorn Curry']);
    expect(await names('gravlorn biryani')).toEqual(['Gravlorn Biryani', 'Plain Biryani Gravlorn Special']);
  });

  it('describes each result: price of the cheapest option, kitchen, rating, next date and slots', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [kitchen] = await createKitchens(h.db, [
      {
        ...centre,
        kitchenName: `kitchen-${tag}`,
        timeZone: 'America/Chicago',
        ratingValue: '4.80',
        ratingCount: 42,
        dates: [
          { startsInHours: 100, cutoffInHours: 90, slots: ['DINNER_7PM'] },
          { startsInHours: 30, cutoffInHours: 20, slots: ['LUNCH_12PM', 'PM_5_7'] },
        ],
        items: [
          {
            name: `Thali ${tag}`,
            prices: ['14.50', '9.25'],
            foodTypes: ['VEG'],
            medicalFriendly: ['Nut Free'],
            pictures: ['items/thali.webp'],
          },
        ],
      },
    ]);
    const res = await search({ query: tag, lat: centre.lat, lng: centre.lng, country: 'US' }).expect(200);
    expect(res.body).toHaveLength(1);
    const [r] = res.body;
    expect(r).toMatchObject({
      id: kitchen.itemIds[0],
      name: `Thali ${tag}`,
      picture: `${API_PREFIX}/files/items/thali.webp`,
      price: '9.25',
      currencyCode: 'USD',
      foodTypes: ['VEG'],
      medicalFriendly: ['Nut Free'],
      rating: { value: 4.8, count: 42 },
      kitchen: {
        id: kitchen.publisherId,
        kitchenName: `kitchen-${tag}`,
        brandDisplayName: `kitchen-${tag}`,
        timeZone: 'America/Chicago',
      },
      nextDate: { timeSlots: ['LUNCH_12PM', 'PM_5_7'] },
      distance: 0,
      distanceUnit: 'miles',
    });
    expect(Date.parse(r.nextDate.orderBefore)).toBeGreaterThan(Date.now());
  });

  it('leaves out blocked kitchens, paused menus, passed cut-offs, deleted dates, sold-out dates and deleted or hidden items', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const dish = (suffix: string) => ({ name: `Pie ${tag} ${suffix}` });
    const kitchens = await createKitchens(h.db, [
      {
        ...centre,
        items: [
          dish('ok'),
          { ...dish('deleted'), itemStatus: ItemStatus.DELETED },
          { ...dish('hidden'), itemStatus: ItemStatus.HIDDEN },
        ],
      },
      { ...centre, status: PublisherStatus.BLOCKED, items: [dish('blocked')] },
      { ...centre, status: PublisherStatus.PENDING, items: [dish('pending')] },
      { ...centre, menu: { status: MenuStatus.PAUSE }, items: [dish('paused')] },
      { ...centre, menu: { status: MenuStatus.DRAFT }, items: [dish('draft')] },
      { ...centre, dates: [{ startsInHours: 5, cutoffInHours: -1 }], items: [dish('cut-off passed')] },
      {
        ...centre,
        dates: [{ startsInHours: 30, cutoffInHours: 20, isDeleted: true }],
        items: [dish('date deleted')],
      },
      {
        ...centre,
        dates: [{ startsInHours: 30, cutoffInHours: 20, soldOut: true }],
        items: [dish('sold out')],
      },
      { ...centre, dates: [{ startsInHours: -30, cutoffInHours: -40 }], items: [dish('past date')] },
    ]);
    const res = await search({ query: tag, lat: centre.lat, lng: centre.lng, country: 'US' }).expect(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual([`Pie ${tag} ok`]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(kitchens).toHaveLength(9);

    // A sold-out date does not hide the item when another date is still open: the open one is shown.
    const laterTag = searchTag();
    const [partly] = await createKitchens(h.db, [
      {
        ...centre,
        dates: [
          { startsInHours: 30, cutoffInHours: 20, soldOut: true },
          { startsInHours: 80, cutoffInHours: 60 },
        ],
        items: [{ name: `Pie ${laterTag}` }],
      },
    ]);
    const later = await search({ query: laterTag, lat: centre.lat, lng: centre.lng, country: 'US' }).expect(
      200,
    );
    expect(later.body.map((r: { id: string }) => r.id)).toEqual(partly.itemIds);
    expect(Date.parse(later.body[0].nextDate.orderBefore)).toBeGreaterThan(Date.now() + 50 * 3_600_000);
  });

  it('filters by food type, medical category and time slot', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [veg, meat] = await createKitchens(h.db, [
      {
        ...centre,
        dates: [{ startsInHours: 30, cutoffInHours: 20, slots: ['LUNCH_12PM'] }],
        items: [{ name: `Bowl ${tag}`, foodTypes: ['VEG', 'VEGAN'], medicalFriendly: ['Gluten Free'] }],
      },
      {
        ...centre,
        dates: [{ startsInHours: 30, cutoffInHours: 20, slots: ['DINNER_7PM'] }],
        items: [{ name: `Bowl ${tag}`, foodTypes: ['NON_VEG_MEAT'], medicalFriendly: ['Heart Friendly'] }],
      },
    ]);
    const ids = async (extra: Query) =>
      (
        (await search({ query: tag, lat: centre.lat, lng: centre.lng, country: 'US', ...extra }).expect(200))
          .body as Array<{ id: string }>
      )
        .map((r) => r.id)
        .sort();
    expect(await ids({})).toEqual([...veg.itemIds, ...meat.itemIds].sort());
    expect(await ids({ foodType: 'VEGAN' })).toEqual(veg.itemIds);
    expect(await ids({ foodType: 'NON_VEG_MEAT' })).toEqual(meat.itemIds);
    expect(await ids({ medical: 'Gluten Free' })).toEqual(veg.itemIds);
    expect(await ids({ medical: 'Heart Friendly' })).toEqual(meat.itemIds);
    expect(await ids({ foodTime: 'LUNCH_12PM' })).toEqual(veg.itemIds);
    expect(await ids({ foodTime: 'DINNER_7PM' })).toEqual(meat.itemIds);
    expect(await ids({ foodTime: 'AM_9_11' })).toEqual([]);
  });

  it('looks 7 days ahead unless comingSoonSwitch asks for later dates too', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [soon, later] = await createKitchens(h.db, [
      {
        ...centre,
        dates: [{ startsInHours: 6 * 24, cutoffInHours: 5 * 24 }],
        items: [{ name: `Cake ${tag}` }],
      },
      {
        ...centre,
        dates: [{ startsInHours: 10 * 24, cutoffInHours: 9 * 24 }],
        items: [{ name: `Cake ${tag}` }],
      },
    ]);
    const base = { query: tag, lat: centre.lat, lng: centre.lng, country: 'US' };
    expect((await search(base).expect(200)).body.map((r: { id: string }) => r.id)).toEqual(soon.itemIds);
    const all = await search({ ...base, comingSoonSwitch: true }).expect(200);
    expect(all.body.map((r: { id: string }) => r.id).sort()).toEqual(
      [...soon.itemIds, ...later.itemIds].sort(),
    );
  });

  it('leaves out kitchens named in excludeChefs or excludeChefsIds', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [a, b, c] = await createKitchens(h.db, [
      { ...centre, kitchenName: `a-${tag}`, items: [{ name: `Soup ${tag}` }] },
      { ...centre, kitchenName: `b-${tag}`, items: [{ name: `Soup ${tag}` }] },
      { ...centre, kitchenName: `c-${tag}`, items: [{ name: `Soup ${tag}` }] },
    ]);
    const res = await search({
      query: tag,
      lat: centre.lat,
      lng: centre.lng,
      country: 'US',
      excludeChefs: `A-${tag.toUpperCase()}`,
      excludeChefsIds: b.publisherId,
    }).expect(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual(c.itemIds);
    expect(a.itemIds).toHaveLength(1);
  });

  it('sorts by price, rating and distance', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const kitchens = await createKitchens(h.db, [
      {
        ...destination(centre, 3000, 0),
        ratingValue: '4.10',
        items: [{ name: `Taco ${tag}`, prices: ['12.00'] }],
      },
      {
        ...destination(centre, 1000, 90),
        ratingValue: '4.90',
        items: [{ name: `Taco ${tag}`, prices: ['15.00'] }],
      },
      {
        ...destination(centre, 2000, 180),
        ratingValue: '3.50',
        items: [{ name: `Taco ${tag}`, prices: ['6.50'] }],
      },
    ]);
    const [far, near, middle] = kitchens.map((k) => k.itemIds[0]);
    const order = async (sort: string) =>
      (
        (await search({ query: tag, lat: centre.lat, lng: centre.lng, country: 'US', sort }).expect(200))
          .body as Array<{ id: string }>
      ).map((r) => r.id);
    expect(await order('price')).toEqual([middle, far, near]);
    expect(await order('price,desc')).toEqual([near, far, middle]);
    expect(await order('rating')).toEqual([near, far, middle]);
    expect(await order('distance')).toEqual([near, middle, far]);
    expect(await order('distance,desc')).toEqual([far, middle, near]);
  });

  it('pages with X-Total-Count and Link headers; a page past the end is empty but keeps the total', async () => {
    const centre = randomCentre();
    const tag = searchTag();
    await createKitchens(
      h.db,
      [1, 2, 3, 4, 5].map((n) => ({ ...destination(centre, n * 100, 0), items: [{ name: `Roll ${tag}` }] })),
    );
    const base = { query: tag, lat: centre.lat, lng: centre.lng, country: 'US', sort: 'distance', size: 2 };
    const first = await search({ ...base, page: 0 }).expect(200);
    const second = await search({ ...base, page: 1 }).expect(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers.link).toContain('rel="next"');
    expect(first.body).toHaveLength(2);
    expect(second.body[0].distance).toBeGreaterThanOrEqual(first.body[1].distance);
    const beyond = await search({ ...base, page: 9 }).expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
  });

  it('explains bad filters and a missing place in problem+json', async () => {
    const bad = await search({ lat: 40, lng: -100, foodType: 'PIZZA' }).expect(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.body.fieldErrors).toEqual([
      { field: 'foodType', message: expect.stringContaining('foodType must be one of EGG') },
    ]);
    const sort = await search({ lat: 40, lng: -100, sort: 'tastiness' }).expect(400);
    expect(sort.body.detail).toContain('sort must be one of relevance, distance, rating, price');
    const nowhere = await search({ query: 'soup' }).expect(400);
    expect(nowhere.body.detail).toBe(
      'Tell us where to search: give a zip code, or lat and lng, or sign in to use your saved address.',
    );
    const half = await search({ lat: 40 }).expect(400);
    expect(half.body.fieldErrors).toEqual([{ field: 'lng', message: 'Give both lat and lng, or neither.' }]);
  });

  it("uses the signed-in customer's first complete saved address when no place is given", async () => {
    const centre = randomCentre();
    const tag = searchTag();
    const [kitchen] = await createKitchens(h.db, [
      { ...destination(centre, 2000, 10), items: [{ name: `Curry ${tag}` }] },
    ]);
    const customer = await h.customer();
    await saveSearchAddress(h.http, customer.auth, centre);
    const res = await search({ query: tag }).set(customer.auth).expect(200);
    expect(res.headers['x-search-location-source']).toBe('saved-address');
    expect(res.body.map((r: { id: string }) => r.id)).toEqual(kitchen.itemIds);
    expect(res.body[0].distance).toBeCloseTo(2000 / 1609.344, 1);
  });
});
