import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let loader: typeof import('./_home._index').loader;
const FIND = '/services/publisher/api/publisher/findByStatus';

function load(path = '/') {
  return loader({ request: new Request(`http://hearth.test${path}`), params: {}, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader } = await import('./_home._index'));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const API = '/services/publisher/api';
const kitchen = { id: 'k1', kitchenName: 'priyas-kitchen', brandDisplayName: "Priya's Kitchen", logo: null };
const nextDate = { date: '2026-11-24', timeSlots: ['PM_5_7'], orderBefore: '2026-11-24T10:00:00.000Z' };
const rating = { value: 4.9, count: 128 };

describe('home page near the visitor', () => {
  beforeEach(() => {
    api.on(FIND, (_req, res) => json(res, 200, []));
    api.on(`${API}/auth/me`, fakeMe);
    api.on(`${API}/order/recent-ordered-gallery`, (_req, res) =>
      json(res, 200, [{ itemId: 'i1', itemName: 'Dal Tadka', picture: '/p.webp', kitchen }]),
    );
    const menus = [
      {
        id: 'm1',
        name: 'Weeknight Thali',
        kitchen,
        rating,
        nextDates: [nextDate],
        distance: 0.4,
        distanceUnit: 'miles',
        currencyCode: 'USD',
      },
    ];
    const items = [
      {
        id: 'i1',
        name: 'Dal Tadka',
        kitchen,
        rating,
        nextDate,
        distance: 0.4,
        distanceUnit: 'miles',
        price: '9.00',
        currencyCode: 'USD',
        foodTypes: [],
        medicalFriendly: [],
      },
    ];
    api.on(`${API}/_search/menus`, (_req, res) => json(res, 200, menus, { 'X-Search-Zip': '07302' }));
    api.on(`${API}/_search/07302/US/items`, (_req, res) => json(res, 200, items));
    api.on(`${API}/_search/items`, (_req, res) => json(res, 200, items));
    api.on(`${API}/consumer/favourites`, (_req, res) => json(res, 200, [{ id: 'k1' }]));
  });

  it('shows the dishes ordered lately to everyone, and nothing "near you" without a place', async () => {
    const result = await load();
    expect(result).toMatchObject({ gallery: [{ itemId: 'i1' }], nearby: null, favourites: [] });
    expect(api.requests.some((r) => r.url.includes('_search'))).toBe(false);
  });

  it('shows chefs and the best-rated dishes near the zip code searched last', async () => {
    const request = pageRequest('/', undefined, { headers: { Cookie: 'hearth_where=07302%7CUS' } });
    const result = await loader({ request, params: {}, context: {} });
    const urls = api.requests.map((r) => r.url);
    expect(urls).toContain(
      `${API}/_search/menus?distance=15&page=0&size=8&zip=07302&country=US&sort=distance%2Casc`,
    );
    expect(urls).toContain(`${API}/_search/07302/US/items?distance=15&page=0&size=8&sort=rating%2Cdesc`);
    expect(result.nearby).toMatchObject({
      zip: '07302',
      chefs: [{ kitchen: { id: 'k1' } }],
      popular: [{ id: 'i1' }],
    });
    expect(result.nearby?.searchHref).toBe('/l/find-items?zip=07302&country=US');
  });

  it("uses a signed-in customer's saved address when no zip was searched, and marks their favourites", async () => {
    const result = await loader({ request: pageRequest('/', 'customer'), params: {}, context: {} });
    expect(api.requests.map((r) => r.url)).toContain(
      `${API}/_search/items?distance=15&page=0&size=8&sort=rating%2Cdesc`,
    );
    expect(result.nearby).toMatchObject({ zip: '07302' });
    expect(result.favourites).toEqual(['k1']);
  });
});

describe('home page kitchens', () => {
  it('lists the first 8 approved chefs (a first page, not all of them) with the total from X-Total-Count', async () => {
    api.on(FIND, (_req, res) => json(res, 200, [{ id: 1, kitchenName: 'a' }], { 'X-Total-Count': '31' }));
    const result = await load();
    expect(result).toMatchObject({ chefs: [{ id: 1 }], total: 31, page: 0, error: null });
    expect(api.requests.map((r) => r.url)).toContain(`${FIND}?status=APPROVED&page=0&size=8`);
  });

  it('asks for the page of ?page= (from 0), ignoring nonsense', async () => {
    api.on(FIND, (_req, res) => json(res, 200, [], { 'X-Total-Count': '31' }));
    expect(await load('/?page=2')).toMatchObject({ page: 2 });
    expect(await load('/?page=-4')).toMatchObject({ page: 0 });
    expect(await load('/?page=abc')).toMatchObject({ page: 0 });
    expect(api.requests.map((r) => r.url).filter((u) => u.startsWith(FIND))).toEqual([
      `${FIND}?status=APPROVED&page=2&size=8`,
      `${FIND}?status=APPROVED&page=0&size=8`,
      `${FIND}?status=APPROVED&page=0&size=8`,
    ]);
  });

  it('renders a notice with the generic failure text when the API fails', async () => {
    api.on(FIND, (_req, res) => problem(res, 503, 'Service Unavailable', FIND));
    expect(await load()).toMatchObject({
      chefs: [],
      total: 0,
      error: 'Error: Service Unavailable - 503 - Logout and Login Again, If Required. Or Contact Support.',
    });
  });

  it('renders a notice when the API is unreachable', async () => {
    await api.close();
    expect(await load()).toMatchObject({
      chefs: [],
      error: 'Invalid Request. Check your internet connection and try again.',
    });
  });
});
