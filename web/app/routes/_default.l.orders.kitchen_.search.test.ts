import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';
import { boardHref, customerOf } from '~/lib/orders/order-search';

let api: FakeApi;
let route: typeof import('./_default.l.orders.kitchen_.search');

const API = '/services/publisher/api';
const HIT = {
  orderNumber: 'HR-7K2F-9Q4M',
  orderId: '0b8e2a52-7a59-4d9e-8f0f-3d3a8d2f0c11',
  dateSelectionId: '5d0c2f7e-1c1a-4a55-9f43-0f0c3f7d8e21',
  date: '2026-12-01',
  timeSlots: ['PM_5_7'],
  deliveryOption: 'PICKUP',
  orderStatus: 'PLACED',
  itemName: 'Dal Tadka',
  orderQuantity: 2,
  kitchenName: 'Asha’s Kitchen',
  customer: { name: 'Pat Pickup', email: 'pat@example.test', phone: '+1 201 555 0101' },
};

const load = (path: string, who: 'chef' | 'customer' = 'chef') =>
  route.loader({ request: pageRequest(path, who), params: {}, context: {} });
const searches = () => api.requests.filter((r) => r.url.startsWith(`${API}/_search/order`));

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.orders.kitchen_.search');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/orders/kitchen/search', () => {
  it('is for chefs only', async () => {
    const { status } = await thrownBy(load('/l/orders/kitchen/search?q=pat', 'customer'));
    expect(status).toBe(403);
  });

  it("searches the kitchen's orders with the text and page, and reads the total", async () => {
    api.on(`${API}/_search/order`, (_req, res) => json(res, 200, [HIT], { 'X-Total-Count': '41' }));
    const result = await load('/l/orders/kitchen/search?q=%20pat%40example.test%20&page=2');
    expect(searches().map((r) => r.url)).toEqual([
      `${API}/_search/order?query=pat%40example.test&page=2&size=20`,
    ]);
    expect(result).toMatchObject({ q: 'pat@example.test', page: 2, total: 41, searched: true, error: null });
    expect(result.items).toEqual([HIT]);
  });

  it('shows the empty form without a query, and asks for more than one character, without calling the API', async () => {
    expect(await load('/l/orders/kitchen/search')).toMatchObject({ searched: false, error: null, items: [] });
    expect(await load('/l/orders/kitchen/search?q=x')).toMatchObject({
      searched: false,
      error: 'Type at least 2 characters.',
    });
    expect(searches()).toEqual([]);
  });

  it('says "no orders match" through an empty answer, and shows a refusal as an alert', async () => {
    api.on(`${API}/_search/order`, (_req, res) => json(res, 200, [], { 'X-Total-Count': '0' }));
    expect(await load('/l/orders/kitchen/search?q=nobody')).toMatchObject({
      searched: true,
      items: [],
      total: 0,
    });
    api.on(`${API}/_search/order`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.test/problems/validation',
        title: 'Bad Request',
        status: 400,
        detail: 'query must be at most 100 characters',
        message: 'error.validation',
        fieldErrors: [{ field: 'query', message: 'query must be at most 100 characters' }],
      }),
    );
    const refused = await load('/l/orders/kitchen/search?q=abc');
    expect(refused).toMatchObject({ searched: false, items: [] });
    expect(refused.error).toBeTruthy();
  });
});

describe('order search rows', () => {
  it('link each date to its card in the board tab it sits in', () => {
    expect(boardHref({ orderStatus: 'PLACED', dateSelectionId: 'd1' })).toBe('/l/orders/kitchen#f-d1');
    expect(boardHref({ orderStatus: 'PICKUP_READY', dateSelectionId: 'd2' })).toBe('/l/orders/kitchen#f-d2');
    expect(boardHref({ orderStatus: 'DELIVERED', dateSelectionId: 'd3' })).toBe(
      '/l/orders/kitchen?list=archived#f-d3',
    );
    expect(boardHref({ orderStatus: 'CANCELLED', dateSelectionId: 'd4' })).toBe(
      '/l/orders/kitchen?list=cancelled#f-d4',
    );
  });

  it("read the customer's name, e-mail and phone, blank where the order gave none", () => {
    expect(customerOf({ customer: HIT.customer })).toEqual(HIT.customer);
    expect(customerOf({ customer: null })).toEqual({ name: '', email: '', phone: '' });
    expect(customerOf({ customer: { name: 'Dana', phone: 42 } as never })).toEqual({
      name: 'Dana',
      email: '',
      phone: '',
    });
  });
});
