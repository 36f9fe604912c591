import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.orders.kitchen');

const API = '/services/publisher/api';
const ref = {
  orderNumber: 'HR-7K2F-9Q4M',
  cartItemId: '11111111-1111-4111-8111-111111111111',
  itemId: '44444444-4444-4444-8444-444444444444',
  dateSelectionId: '22222222-2222-4222-8222-222222222222',
};
const MOVE = `${API}/order/${ref.orderNumber}/cartItem/${ref.cartItemId}/item/${ref.itemId}/fulfillmentDate/${ref.dateSelectionId}/status/CONFIRMED`;

function post(fields: Record<string, string>) {
  return route.action({
    request: pageRequest('/l/orders/kitchen', 'chef', { method: 'POST', body: new URLSearchParams(fields) }),
    params: {},
    context: {},
  });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.orders.kitchen');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/orders/kitchen', () => {
  it('is for chefs only', async () => {
    const { status } = await thrownBy(
      route.loader({ request: pageRequest('/l/orders/kitchen', 'customer'), params: {}, context: {} }),
    );
    expect(status).toBe(403);
  });

  it("lists the chef's incoming date selections with the statuses allowed next", async () => {
    api.on(`${API}/order/fulfillOrders`, (_req, res) =>
      json(
        res,
        200,
        [{ ...ref, itemName: 'Dal Tadka', orderStatus: 'PLACED', nextStatuses: ['CONFIRMED', 'CANCELLED'] }],
        { 'X-Total-Count': '1' },
      ),
    );
    api.on(`${API}/publisher`, (_req, res) =>
      json(res, 200, { id: 'k1', timeZone: { timeZoneId: 'America/Chicago', timeZoneName: 'Central Standard Time' } }),
    );
    const result = await route.loader({
      request: pageRequest('/l/orders/kitchen', 'chef'),
      params: {},
      context: {},
    });
    // One clock: the kitchen's zone, not the server's.
    expect(result.timeZone).toBe('America/Chicago');
    expect(api.requests.find((r) => r.url.startsWith(`${API}/order/`))?.url).toBe(
      `${API}/order/fulfillOrders?page=0&size=20`,
    );
    expect(result).toMatchObject({
      list: 'active',
      total: 1,
      items: [{ nextStatuses: ['CONFIRMED', 'CANCELLED'] }],
    });
  });

  it('reads the delivered and cancelled lists too', async () => {
    api.on(`${API}/order/cancelled/fulfillOrders`, (_req, res) => json(res, 200, []));
    const result = await route.loader({
      request: pageRequest('/l/orders/kitchen?list=cancelled', 'chef'),
      params: {},
      context: {},
    });
    expect(result.list).toBe('cancelled');
  });

  it('moves a date selection to the pressed status and comes back to the list', async () => {
    api.on(MOVE, async (req, res) => {
      expect(req.method).toBe('POST');
      expect(JSON.parse((await readBody(req)).toString())).toEqual({});
      json(res, 200, {
        ...ref,
        orderStatus: 'CONFIRMED',
        nextStatuses: ['SHOPPING_COMPLETED', 'IN_PREPARATION', 'CANCELLED'],
      });
    });
    const response = (await post({
      intent: 'move',
      ...ref,
      status: 'CONFIRMED',
      redirectTo: '/l/orders/kitchen?page=2',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen?page=2');
  });

  it('shows a refused move (409 invalid transition) beside that date selection', async () => {
    api.on(MOVE, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/invalid-transition',
        title: 'Conflict',
        status: 409,
        detail: 'The order is already CANCELLED and cannot change any more.',
        message: 'error.order.transition',
        path: '/x',
      }),
    );
    const result = (await post({ intent: 'move', ...ref, status: 'CONFIRMED' })) as unknown as {
      data: unknown;
      init: ResponseInit;
    };
    expect(result.init.status).toBe(409);
    expect(result.data).toEqual({
      dateSelectionId: ref.dateSelectionId,
      error: 'The order is already CANCELLED and cannot change any more.',
    });
  });
});
