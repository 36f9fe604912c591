import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.orders.kitchen_.round');

const API = '/services/publisher/api';
const ROUND = {
  date: '2030-01-04',
  timeSlot: 'PM_5_7',
  unit: 'miles',
  start: { pickupLocationId: 'p1', name: 'Kitchen', address: '1 Grove St', lat: 40.7, lng: -74 },
  returnsToStart: false,
  method: 'exact',
  stops: [
    {
      position: 1,
      customerName: 'Casey',
      phone: '+1 201 555 0100',
      address: '77 Hudson St',
      deliveryNote: null,
      lat: 40.71,
      lng: -74.01,
      orders: [{ orderNumber: 'HR-1', items: ['Dal × 2'], note: null }],
      legDistance: 1.2,
      cumulativeDistance: 1.2,
      mapsUrl: 'https://www.google.com/maps/dir/?api=1&destination=40.71,-74.01',
    },
  ],
  notPlaced: [],
  totalDistance: 1.2,
  packingOrder: [{ position: 1, orderNumbers: ['HR-1'], customerName: 'Casey' }],
};

const load = (path: string, who: 'chef' | 'customer' = 'chef') =>
  route.loader({ request: pageRequest(path, who), params: {}, context: {} });
const roundCalls = () => api.requests.filter((r) => r.url.startsWith(`${API}/order/optimize-routes`));

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.orders.kitchen_.round');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/orders/kitchen/round', () => {
  it('is for chefs only', async () => {
    expect((await thrownBy(load('/l/orders/kitchen/round?date=2030-01-04', 'customer'))).status).toBe(403);
  });

  it("reads the date and slot's round and links its downloads and the whole round in maps", async () => {
    api.on(`${API}/order/optimize-routes`, (_req, res) => json(res, 200, ROUND));
    const page = await load('/l/orders/kitchen/round?date=2030-01-04&slot=PM_5_7');
    expect(roundCalls().map((r) => [r.method, r.url])).toEqual([
      ['GET', `${API}/order/optimize-routes?date=2030-01-04&timeSlot=PM_5_7&format=json`],
    ]);
    expect(page).toMatchObject({ date: '2030-01-04', slot: 'PM_5_7', round: ROUND, error: null });
    expect(page.gpxHref).toBe(`${API}/order/optimize-routes?date=2030-01-04&timeSlot=PM_5_7&format=gpx`);
    expect(page.csvHref).toBe(`${API}/order/optimize-routes?date=2030-01-04&timeSlot=PM_5_7&format=csv`);
    expect(page.mapsUrl).toContain('origin=40.7%2C-74');
  });

  it('asks for a date first, refuses an impossible one and drops an unknown slot, without calling the API', async () => {
    expect(await load('/l/orders/kitchen/round')).toMatchObject({ round: null, error: null });
    expect(await load('/l/orders/kitchen/round?date=2030-02-30')).toMatchObject({
      round: null,
      error: 'Choose a date such as 2026-11-27.',
    });
    expect(roundCalls()).toEqual([]);
    api.on(`${API}/order/optimize-routes`, (_req, res) => json(res, 200, { ...ROUND, timeSlot: null }));
    expect((await load('/l/orders/kitchen/round?date=2030-01-04&slot=NOON')).slot).toBeNull();
    expect(roundCalls()[0].url).toBe(`${API}/order/optimize-routes?date=2030-01-04&format=json`);
  });

  it("shows the API's refusal as its sentence, a failure as the generic text", async () => {
    api.on(`${API}/order/optimize-routes`, (_req, res) =>
      sendProblem(res, 409, 'Add a pickup location first.'),
    );
    const page = await load('/l/orders/kitchen/round?date=2030-01-04');
    expect(page.round).toBeNull();
    expect(page.error).toBe('Add a pickup location first.');
    api.on(`${API}/order/optimize-routes`, (_req, res) => sendProblem(res, 500, 'Stack trace'));
    expect((await load('/l/orders/kitchen/round?date=2030-01-04')).error).not.toContain('Stack trace');
  });
});
