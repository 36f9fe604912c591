import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.orders');

const API = '/services/publisher/api';
const HIT = {
  orderNumber: 'HR-7K2F-9Q4M',
  dateSelectionId: '5d0c2f7e-1c1a-4a55-9f43-0f0c3f7d8e21',
  date: '2026-12-01',
  timeSlots: ['PM_5_7'],
  deliveryOption: 'DELIVERY',
  orderStatus: 'CONFIRMED',
  itemName: 'Dal Tadka',
  orderQuantity: 1,
  kitchenName: 'Asha’s Kitchen',
  customer: { name: 'Dana Door', email: 'dana@example.test', phone: '+1 201 555 0102' },
};

const load = (path: string, who: 'admin' | 'chef' = 'admin') =>
  route.loader({ request: pageRequest(path, who), params: {}, context: {} });
const searches = () => api.requests.filter((r) => r.url.startsWith(`${API}/order/search`));

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.orders');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/admin/orders', () => {
  it('is for admins only', async () => {
    const { status } = await thrownBy(load('/l/admin/orders?searchBy=phone&q=2015550102', 'chef'));
    expect(status).toBe(403);
  });

  it('looks up the chosen key across kitchens', async () => {
    api.on(`${API}/order/search`, (_req, res) => json(res, 200, [HIT], { 'X-Total-Count': '1' }));
    const result = await load('/l/admin/orders?searchBy=phone&q=(201)+555-0102');
    expect(searches().map((r) => r.url)).toEqual([
      `${API}/order/search?searchBy=phone&query=%28201%29+555-0102&page=0&size=20`,
    ]);
    expect(result).toMatchObject({ searchBy: 'phone', q: '(201) 555-0102', total: 1, searched: true });
    expect(result.items).toEqual([HIT]);
  });

  it('falls back to the order number for an unknown key, and calls nothing without a query', async () => {
    expect(await load('/l/admin/orders?searchBy=name')).toMatchObject({
      searchBy: 'id',
      searched: false,
      items: [],
    });
    expect(searches()).toEqual([]);
    api.on(`${API}/order/search`, (_req, res) => json(res, 200, [], { 'X-Total-Count': '0' }));
    await load('/l/admin/orders?searchBy=name&q=HR-7K2F-9Q4M');
    expect(searches().map((r) => r.url)).toEqual([
      `${API}/order/search?searchBy=id&query=HR-7K2F-9Q4M&page=0&size=20`,
    ]);
  });

  it("shows the API's refusal as an alert", async () => {
    api.on(`${API}/order/search`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.test/problems/validation',
        title: 'Bad Request',
        status: 400,
        detail: 'a phone number needs at least 4 digits',
        message: 'error.validation',
        fieldErrors: [{ field: 'query', message: 'a phone number needs at least 4 digits' }],
      }),
    );
    const result = await load('/l/admin/orders?searchBy=phone&q=12');
    expect(result).toMatchObject({ searched: false, items: [] });
    expect(result.error).toBeTruthy();
  });
});
