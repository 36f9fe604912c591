import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.find-items');
let chefs: typeof import('./_default.l.find-chefs');

const API = '/services/publisher/api';

const item = {
  id: 'i1',
  name: 'Dal Tadka',
  picture: null,
  price: '9.00',
  currencyCode: 'USD',
  measurement: 'Bowl',
  foodTypes: ['VEG'],
  medicalFriendly: [],
  deliveryOptions: ['PICKUP', 'DELIVERY'],
  rating: { value: 4.9, count: 128 },
  kitchen: { id: 'k1', kitchenName: 'priyas-kitchen', brandDisplayName: "Priya's Kitchen", logo: null },
  nextDate: { date: '2026-11-24', timeSlots: ['PM_5_7'], orderBefore: '2026-11-24T10:00:00.000Z' },
  distance: 0.4,
  distanceUnit: 'miles',
};

const LOCATED = {
  'X-Total-Count': '13',
  'X-Distance-Unit': 'miles',
  'X-Search-Distance': '15',
  'X-Search-Zip': '07302',
  'X-Search-Country': 'US',
  'X-Search-Location-Source': 'zip',
};

interface Loaded {
  data: {
    form: Record<string, unknown>;
    outcome: {
      results: unknown[];
      total: number;
      where: Record<string, unknown>;
      needsPlace: boolean;
      message: string | null;
      fieldErrors: Record<string, string>;
    };
    favourites: string[];
  };
  init: ResponseInit | null;
}

async function load(path: string, session?: 'customer') {
  return (await route.loader({
    request: pageRequest(path, session),
    params: {},
    context: {},
  })) as unknown as Loaded;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.find-items');
  chefs = await import('./_default.l.find-chefs');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/find-items', () => {
  it('turns the GET form into the API search and remembers the zip code for the home page', async () => {
    api.on(`${API}/_search/07302/US/items`, (_req, res) => json(res, 200, [item], LOCATED));
    const result = await load(
      '/l/find-items?zip=07302&country=US&query=dal&distance=10&deliveryType=DELIVERY&foodTime=PM_5_7&foodType=VEG&medical=Gluten+Free&comingSoon=on&sort=price&page=1',
    );
    const call = api.requests.find((r) => r.url.startsWith(`${API}/_search/`));
    expect(call?.url).toBe(
      `${API}/_search/07302/US/items?query=dal&distance=10&comingSoonSwitch=true&page=1&size=12&deliveryType=DELIVERY&foodTime=PM_5_7&foodType=VEG&medical=Gluten+Free&sort=price%2Casc`,
    );
    expect(result.data.outcome).toMatchObject({
      results: [{ id: 'i1' }],
      total: 13,
      where: { zip: '07302', country: 'US', unit: 'miles', distance: 15, source: 'zip' },
      message: null,
    });
    expect(new Headers(result.init?.headers).get('Set-Cookie')).toMatch(/^hearth_where=07302%7CUS;/);
    // Guests have no favourites to ask for.
    expect(api.requests.some((r) => r.url.includes('consumer/favourites'))).toBe(false);
  });

  it('says clearly when the zip code cannot be placed', async () => {
    api.on(`${API}/_search/99999/US/items`, (_req, res) =>
      json(
        res,
        404,
        {
          type: 'https://hearth.example/problems/not-found',
          title: 'Not Found',
          status: 404,
          detail: 'We could not place zip code 99999 in United States.',
          message: 'error.http.404',
          path: '/x',
        },
        { 'Content-Type': 'application/problem+json' },
      ),
    );
    const result = await load('/l/find-items?zip=99999&country=US');
    expect(result.data.outcome).toMatchObject({
      results: [],
      message: 'We could not place zip code 99999 in United States.',
    });
    expect(new Headers(result.init?.headers).get('Set-Cookie')).toBeNull();
  });

  it("answers 400 with the API's words beside the filters", async () => {
    api.on(`${API}/_search/07302/US/items`, (_req, res) =>
      json(
        res,
        400,
        {
          type: 'https://hearth.example/problems/validation',
          title: 'Bad Request',
          status: 400,
          message: 'error.validation',
          path: '/x',
          fieldErrors: [
            { field: 'distance', message: 'distance must be at most 100' },
            { field: 'comingSoonSwitch', message: 'comingSoonSwitch must be true or false' },
          ],
        },
        { 'Content-Type': 'application/problem+json' },
      ),
    );
    const result = await load('/l/find-items?zip=07302&distance=500');
    expect(result.init?.status).toBe(400);
    expect(result.data.outcome.fieldErrors).toEqual({
      distance: 'distance must be at most 100',
      comingSoon: 'comingSoonSwitch must be true or false',
    });
    expect(result.data.form.distance).toBe('500');
  });

  it('asks a guest where to look instead of calling the API without a place', async () => {
    const result = await load('/l/find-items');
    expect(result.data.outcome.needsPlace).toBe(true);
    expect(api.requests.some((r) => r.url.includes('_search'))).toBe(false);
  });

  it("searches around a signed-in customer's saved address, and marks their favourite kitchens", async () => {
    api.on(`${API}/_search/items`, (_req, res) =>
      json(res, 200, [item], { ...LOCATED, 'X-Search-Location-Source': 'saved-address' }),
    );
    api.on(`${API}/consumer/favourites`, (_req, res) => json(res, 200, [{ id: 'k1' }]));
    const result = await load('/l/find-items', 'customer');
    expect(api.requests.find((r) => r.url.startsWith(`${API}/_search/`))?.url).toBe(
      `${API}/_search/items?distance=15&page=0&size=12`,
    );
    expect(result.data.outcome.where.source).toBe('saved-address');
    expect(result.data.favourites).toEqual(['k1']);
  });

  it('tells a signed-in customer without a saved address where to look, as a notice', async () => {
    api.on(`${API}/_search/items`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.example/problems/validation',
        title: 'Bad Request',
        status: 400,
        message: 'error.validation',
        path: '/x',
        fieldErrors: [
          {
            field: 'lat',
            message:
              'Tell us where to search: give a zip code, or lat and lng, or save a complete address (city, state, country and zip code) first.',
          },
        ],
      }),
    );
    const result = await load('/l/find-items', 'customer');
    expect(result.init?.status).toBe(200);
    expect(result.data.outcome).toMatchObject({ needsPlace: true, fieldErrors: {} });
    expect(result.data.outcome.message).toMatch(/^Tell us where to search/);
  });
});

describe('/l/find-chefs', () => {
  const menu = (id: string, kitchenId: string) => ({
    id,
    name: `Menu ${id}`,
    description: null,
    itemCount: 3,
    deliveryFees: '4.99',
    currencyCode: 'USD',
    kitchen: { ...item.kitchen, id: kitchenId },
    rating: { value: 4.9, count: 128 },
    nextDates: [item.nextDate],
    distance: 0.4,
    distanceUnit: 'miles',
  });

  async function loadChefs(path: string) {
    return (await chefs.loader({ request: pageRequest(path), params: {}, context: {} })) as unknown as Loaded;
  }

  it('pages through the kitchens search (menus grouped by kitchen): the total counts kitchens, as the cards do', async () => {
    const found = (id: string) => {
      const {
        id: _menuId,
        name,
        description: _d,
        itemCount: _n,
        deliveryFees: _f,
        ...rest
      } = menu(`${id}-menu`, id);
      return { ...rest, menus: [name, 'Brunch'] };
    };
    api.on(`${API}/_search/kitchens`, (_req, res) =>
      json(res, 200, [found('k1'), found('k2')], { ...LOCATED, 'X-Total-Count': '2' }),
    );
    const result = await loadChefs('/l/find-chefs?zip=07302&country=US&sort=rating');
    expect(api.requests.find((r) => r.url.startsWith(`${API}/_search/`))?.url).toBe(
      `${API}/_search/kitchens?distance=15&page=0&size=12&zip=07302&country=US&sort=rating%2Cdesc`,
    );
    expect(result.data.outcome.results).toHaveLength(2);
    expect(result.data.outcome.results[0]).toMatchObject({
      kitchen: { id: 'k1' },
      matches: ['Menu k1-menu', 'Brunch'],
    });
    expect(result.data.outcome.total).toBe(2);
  });

  it('looks through the dishes when a dish filter is set, and pages the kitchens found', async () => {
    api.on(`${API}/_search/07302/US/items`, (_req, res) =>
      json(
        res,
        200,
        [item, { ...item, id: 'i2' }, { ...item, id: 'i3', kitchen: { ...item.kitchen, id: 'k2' } }],
        LOCATED,
      ),
    );
    const result = await loadChefs('/l/find-chefs?zip=07302&foodType=VEG&page=0');
    expect(api.requests.find((r) => r.url.startsWith(`${API}/_search/`))?.url).toBe(
      `${API}/_search/07302/US/items?distance=15&page=0&size=100&foodType=VEG`,
    );
    expect(result.data.outcome.results).toHaveLength(2);
    expect(result.data.outcome.total).toBe(2);
  });
});
