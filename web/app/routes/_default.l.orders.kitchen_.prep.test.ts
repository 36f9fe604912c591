import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.orders.kitchen_.prep');

const API = '/services/publisher/api';
const SHEET = {
  date: '2026-12-01',
  timeSlot: 'PM_5_7',
  portions: [{ itemName: 'Dal Tadka', option: '16 OZ', units: 3, servings: 6, orders: 2 }],
  catering: [],
  shopping: [{ ingredient: 'lentils', quantity: 600, unit: 'g', dishes: ['Dal Tadka'] }],
  unquantified: [{ ingredient: 'salt', dishes: ['Dal Tadka'] }],
  pickup: [],
  delivery: [],
};

const load = (path: string, who: 'chef' | 'customer' = 'chef') =>
  route.loader({ request: pageRequest(path, who), params: {}, context: {} });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.orders.kitchen_.prep');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/orders/kitchen/prep', () => {
  it('is for chefs only', async () => {
    const { status } = await thrownBy(load('/l/orders/kitchen/prep?date=2026-12-01', 'customer'));
    expect(status).toBe(403);
  });

  it("reads the date and slot's sheet and links its CSV", async () => {
    api.on(`${API}/order/prep-sheet`, (_req, res) => json(res, 200, SHEET));
    const result = await load('/l/orders/kitchen/prep?date=2026-12-01&timeSlot=PM_5_7');
    expect(api.requests.find((r) => r.url.startsWith(`${API}/order/`))?.url).toBe(
      `${API}/order/prep-sheet?date=2026-12-01&timeSlot=PM_5_7`,
    );
    expect(result).toMatchObject({ date: '2026-12-01', timeSlot: 'PM_5_7', error: null, sheet: SHEET });
    expect(result.csvHref).toBe(`${API}/order/prep-sheet.csv?date=2026-12-01&timeSlot=PM_5_7`);
  });

  it('asks for a date first, refuses an impossible one and drops an unknown slot, without calling the API', async () => {
    expect(await load('/l/orders/kitchen/prep')).toMatchObject({ sheet: null, error: null });
    expect(await load('/l/orders/kitchen/prep?date=2026-02-30')).toMatchObject({
      sheet: null,
      error: 'Choose a date such as 2026-11-27.',
    });
    expect(api.requests.filter((r) => r.url.startsWith(`${API}/order/`))).toEqual([]);
    api.on(`${API}/order/prep-sheet`, (_req, res) => json(res, 200, { ...SHEET, timeSlot: null }));
    const all = await load('/l/orders/kitchen/prep?date=2026-12-01&timeSlot=NOON');
    expect(all.timeSlot).toBeNull();
    expect(api.requests.find((r) => r.url.startsWith(`${API}/order/`))?.url).toBe(
      `${API}/order/prep-sheet?date=2026-12-01`,
    );
  });

  it("shows the API's refusal as a sentence", async () => {
    api.on(`${API}/order/prep-sheet`, (_req, res) =>
      json(
        res,
        403,
        { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'No kitchen' },
        {
          'Content-Type': 'application/problem+json',
        },
      ),
    );
    const result = await load('/l/orders/kitchen/prep?date=2026-12-01');
    expect(result.sheet).toBeNull();
    expect(typeof result.error).toBe('string');
    expect(result.error).not.toBe('');
  });
});
