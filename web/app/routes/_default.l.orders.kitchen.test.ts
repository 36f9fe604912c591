import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToast } from '~/lib/ui/toast.server';
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
const CANCEL = MOVE.replace(/CONFIRMED$/, 'CANCELLED');

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

type Refused = { data: unknown; init: ResponseInit };

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
      json(res, 200, {
        id: 'k1',
        timeZone: { timeZoneId: 'America/Chicago', timeZoneName: 'Central Standard Time' },
      }),
    );
    const result = await route.loader({
      request: pageRequest('/l/orders/kitchen', 'chef'),
      params: {},
      context: {},
    });
    // One clock: the kitchen's zone, not the server's.
    expect(result.timeZone).toBe('America/Chicago');
    expect(api.requests.find((r) => r.url.startsWith(`${API}/order/fulfillOrders?`))?.url).toBe(
      `${API}/order/fulfillOrders?page=0&size=50`,
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
        date: '2026-11-29',
        orderStatus: 'CONFIRMED',
        nextStatuses: ['SHOPPING_COMPLETED', 'IN_PREPARATION', 'CANCELLED'],
      });
    });
    const response = (await post({
      intent: 'move',
      ...ref,
      status: 'CONFIRMED',
      itemName: 'Dal Tadka',
      redirectTo: '/l/orders/kitchen?page=2',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen?page=2');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Dal Tadka for Sun, Nov 29: Confirmed by the chef',
    });
  });

  it('opens the confirm step of a cancel with ?cancel=, keeping the list it came from', async () => {
    api.on(`${API}/order/fulfillOrders`, (_req, res) => json(res, 200, [], { 'X-Total-Count': '0' }));
    const result = await route.loader({
      request: pageRequest(`/l/orders/kitchen?page=1&cancel=${ref.dateSelectionId}`, 'chef'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ cancel: ref.dateSelectionId, path: '/l/orders/kitchen?page=1' });
  });

  it('refuses a cancel without a reason before asking the API, and keeps the confirm step open', async () => {
    const result = (await post({
      intent: 'move',
      ...ref,
      status: 'CANCELLED',
      reason: '   ',
    })) as unknown as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      dateSelectionId: ref.dateSelectionId,
      error: null,
      reasonError:
        'Say why you are cancelling: the customer reads your reason in their e-mail and on their order page.',
      reason: '',
    });
    expect(api.requests.some((r) => r.url === CANCEL)).toBe(false);
  });

  it('cancels with the reason, back to the list, and says what was cancelled and that the customer was told', async () => {
    api.on(CANCEL, async (req, res) => {
      expect(JSON.parse((await readBody(req)).toString())).toEqual({ reason: 'Out of lentils this week' });
      json(res, 200, { ...ref, date: '2026-11-29', orderStatus: 'CANCELLED', nextStatuses: [] });
    });
    const response = (await post({
      intent: 'move',
      ...ref,
      status: 'CANCELLED',
      itemName: 'Dal Tadka',
      reason: ' Out of lentils this week ',
      redirectTo: '/l/orders/kitchen',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Cancelled Dal Tadka for Sun, Nov 29 — the customer has been told',
    });
  });

  it("puts the API's refusal of a cancel without a reason beside the reason", async () => {
    api.on(CANCEL, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.example/problems/validation',
        title: 'Bad Request',
        status: 400,
        detail: 'Say why',
        message: 'error.validation',
        fieldErrors: [{ field: 'reason', message: 'Say why you are cancelling.' }],
        path: '/x',
      }),
    );
    const result = (await post({
      intent: 'move',
      ...ref,
      status: 'CANCELLED',
      reason: 'x',
    })) as unknown as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({
      error: null,
      reasonError: 'Say why you are cancelling.',
      reason: 'x',
    });
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

describe('/l/orders/kitchen cash', () => {
  const CASH = `${API}/order/cash/callback`;
  const NO_SHOW = `${API}/order/${ref.orderNumber}/cartItem/${ref.cartItemId}/dateSelection/${ref.dateSelectionId}/no-show`;

  it('records cash received for one date and comes back to the list', async () => {
    api.on(CASH, async (req, res) => {
      expect(req.method).toBe('POST');
      expect(JSON.parse((await readBody(req)).toString())).toEqual({
        orderNumber: ref.orderNumber,
        dateSelectionIds: [ref.dateSelectionId],
      });
      json(res, 200, { orderNumber: ref.orderNumber, dates: [], isPaymentCompleted: true });
    });
    const response = (await post({
      intent: 'cash',
      orderNumber: ref.orderNumber,
      dateSelectionId: ref.dateSelectionId,
      itemName: 'Dal Tadka',
      date: '2026-11-29',
      redirectTo: '/l/orders/kitchen?page=1',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen?page=1');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Cash received: Dal Tadka for Sun, Nov 29',
    });
  });

  it('marks a date not collected from its confirm step', async () => {
    api.on(NO_SHOW, (req, res) => {
      expect(req.method).toBe('POST');
      json(res, 200, { orderNumber: ref.orderNumber, dates: [], isPaymentCompleted: false });
    });
    const response = (await post({
      intent: 'no-show',
      orderNumber: ref.orderNumber,
      cartItemId: ref.cartItemId,
      dateSelectionId: ref.dateSelectionId,
      itemName: 'Dal Tadka',
      date: '2026-11-29',
      redirectTo: '/l/orders/kitchen',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen');
    expect(await toastOf(response)).toMatchObject({
      text: 'Dal Tadka for Sun, Nov 29: marked as not collected',
    });
  });

  it("shows the API's refusal beside that date (e.g. its day has not come)", async () => {
    api.on(NO_SHOW, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail: 'Sun, Nov 29 has not come yet; a date can be marked as not collected from its day on.',
        message: 'error.order.no_show_early',
        path: '/x',
      }),
    );
    const result = (await post({
      intent: 'no-show',
      orderNumber: ref.orderNumber,
      cartItemId: ref.cartItemId,
      dateSelectionId: ref.dateSelectionId,
    })) as unknown as Refused;
    expect(result.init.status).toBe(409);
    expect(result.data).toEqual({
      dateSelectionId: ref.dateSelectionId,
      error: 'Sun, Nov 29 has not come yet; a date can be marked as not collected from its day on.',
    });
  });

  it('opens the no-show confirm step with ?noShow=, keeping the list it came from', async () => {
    api.on(`${API}/order/fulfillOrders`, (_req, res) => json(res, 200, [], { 'X-Total-Count': '0' }));
    const result = await route.loader({
      request: pageRequest(`/l/orders/kitchen?page=1&noShow=${ref.dateSelectionId}`, 'chef'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ noShow: ref.dateSelectionId, path: '/l/orders/kitchen?page=1' });
  });
});

describe('/l/orders/kitchen messages', () => {
  const COMMUNICATIONS = `${API}/order/communications`;
  const SEND = `${API}/order/send-communication`;
  const BULK = `${API}/order/bulk/send-communication`;

  it("reads each listed order's thread with the page", async () => {
    api.on(`${API}/order/fulfillOrders`, (_req, res) =>
      json(res, 200, [{ ...ref, date: '2026-11-29', timeSlots: ['PM_5_7'], nextStatuses: [] }], {
        'X-Total-Count': '1',
      }),
    );
    const thread = { orderNumber: ref.orderNumber, publisherId: 'k1', unread: 1, messages: [] };
    api.on(COMMUNICATIONS, (_req, res) => json(res, 200, [thread]));
    const result = await route.loader({
      request: pageRequest('/l/orders/kitchen', 'chef'),
      params: {},
      context: {},
    });
    expect(api.requests.filter((r) => r.url.startsWith(COMMUNICATIONS)).map((r) => r.url)).toEqual([
      `${COMMUNICATIONS}?orderNumber=${ref.orderNumber}`,
    ]);
    expect(result.threads).toEqual({ [ref.orderNumber]: thread });
  });

  it('"Message customer" writes about that date and comes back to the list', async () => {
    api.on(SEND, async (req, res) => {
      expect(JSON.parse((await readBody(req)).toString())).toEqual({
        orderNumber: ref.orderNumber,
        cartItemId: ref.cartItemId,
        userSelectionDateId: ref.dateSelectionId,
        message: 'Your order is in the oven',
      });
      json(res, 201, { id: 'm1' });
    });
    const response = (await post({
      intent: 'message',
      formKey: ref.dateSelectionId,
      orderNumber: ref.orderNumber,
      cartItemId: ref.cartItemId,
      userSelectionDateId: ref.dateSelectionId,
      message: 'Your order is in the oven',
      redirectTo: '/l/orders/kitchen?page=1',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen?page=1');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: `Message sent to the customer of order ${ref.orderNumber}`,
    });
  });

  it('a message to all customers of a date: first who it reaches (a dry run), then sent', async () => {
    const bodies: unknown[] = [];
    api.on(BULK, async (req, res) => {
      const body = JSON.parse((await readBody(req)).toString()) as { dryRun?: boolean };
      bodies.push(body);
      json(res, 201, { sent: body.dryRun ? 0 : 3, customers: 2, orders: ['HR-A', 'HR-B', 'HR-C'] });
    });
    const fields = {
      date: '2026-11-29',
      timeSlot: 'PM_5_7',
      fulfilment: 'DELIVERY',
      message: 'Running 20 minutes late',
      redirectTo: '/l/orders/kitchen',
    };
    const preview = (await post({ intent: 'date-message-preview', ...fields })) as unknown as {
      data: unknown;
    };
    expect(preview.data).toEqual({
      intent: 'date-message-preview',
      date: '2026-11-29',
      timeSlot: 'PM_5_7',
      fulfilment: 'DELIVERY',
      message: 'Running 20 minutes late',
      customers: 2,
      orders: ['HR-A', 'HR-B', 'HR-C'],
    });
    const response = (await post({ intent: 'date-message', ...fields })) as Response;
    expect(bodies).toEqual([
      {
        date: '2026-11-29',
        timeSlot: 'PM_5_7',
        fulfilment: 'DELIVERY',
        message: 'Running 20 minutes late',
        dryRun: true,
      },
      { date: '2026-11-29', timeSlot: 'PM_5_7', fulfilment: 'DELIVERY', message: 'Running 20 minutes late' },
    ]);
    expect(response.headers.get('Location')).toBe('/l/orders/kitchen');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Message sent to 2 customers of Sun, Nov 29',
    });
  });

  it("shows the API's refusal (nobody on that date) in the date's form, keeping the text", async () => {
    const detail = 'Your kitchen has no live orders on Sun, Nov 29: nobody was messaged.';
    api.on(BULK, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail,
        path: '/x',
      }),
    );
    const result = (await post({
      intent: 'date-message-preview',
      date: '2026-11-29',
      message: 'Hello all',
    })) as unknown as Refused;
    expect(result.init.status).toBe(409);
    expect(result.data).toEqual({
      intent: 'date-message-error',
      date: '2026-11-29',
      timeSlot: '',
      fulfilment: '',
      message: 'Hello all',
      error: detail,
    });
  });

  it('groups the page by date → slot → pickup/delivery with the counts of the whole list, and passes the filters on', async () => {
    const row = (id: string, date: string, deliveryOption: string, slot = 'PM_5_7') => ({
      ...ref,
      dateSelectionId: id,
      date,
      timeSlots: [slot],
      deliveryOption,
      orderStatus: 'PLACED',
      nextStatuses: ['CONFIRMED', 'CANCELLED'],
    });
    api.on(`${API}/order/fulfillOrders`, (_req, res) =>
      json(res, 200, [row('a', '2026-11-27', 'PICKUP'), row('b', '2026-11-27', 'DELIVERY')], {
        'X-Total-Count': '60',
      }),
    );
    api.on(`${API}/order/fulfillOrders/groups`, (_req, res) =>
      json(res, 200, {
        list: 'active',
        total: 60,
        groups: [
          { date: '2026-11-27', timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP', count: 41, portions: 50 },
          { date: '2026-11-27', timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY', count: 19, portions: 20 },
        ],
      }),
    );
    const result = await route.loader({
      request: pageRequest('/l/orders/kitchen?slot=PM_5_7&deliveryOption=SPACESHIP&date=2026-11-27', 'chef'),
      params: {},
      context: {},
    });
    // Known filters go to the API (list, counts and CSV alike); an unknown value is dropped.
    const listUrl = api.requests.find((r) => r.url.startsWith(`${API}/order/fulfillOrders?`))?.url ?? '';
    expect(new URL(listUrl, 'http://x').searchParams.get('slot')).toBe('PM_5_7');
    expect(new URL(listUrl, 'http://x').searchParams.get('date')).toBe('2026-11-27');
    expect(new URL(listUrl, 'http://x').searchParams.has('deliveryOption')).toBe(false);
    expect(api.requests.some((r) => r.url.startsWith(`${API}/order/fulfillOrders/groups?list=active`))).toBe(
      true,
    );
    expect(result.csvHref).toBe(
      '/services/publisher/api/order/fulfillOrders.csv?list=active&date=2026-11-27&slot=PM_5_7',
    );
    const { boardSections } = await import('~/lib/orders/board');
    const [day] = boardSections(result.items, result.groups);
    expect(day).toMatchObject({ date: '2026-11-27', count: 60, hasDeliveries: true });
    expect(day.slots[0].options.map((o) => [o.deliveryOption, o.count, o.rows.length])).toEqual([
      ['PICKUP', 41, 1],
      ['DELIVERY', 19, 1],
    ]);
  });

  it('still shows the board when the group counts cannot be had (the page is counted instead)', async () => {
    api.on(`${API}/order/fulfillOrders`, (_req, res) =>
      json(res, 200, [{ ...ref, date: '2026-11-27', timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' }], {
        'X-Total-Count': '1',
      }),
    );
    const result = await route.loader({
      request: pageRequest('/l/orders/kitchen', 'chef'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ loadError: null, groups: null, total: 1 });
  });

  it('moves the ticked rows with one status and reason, and answers per row, keeping the refused ones ticked', async () => {
    const other = '33333333-3333-4333-8333-333333333333';
    api.on(`${API}/order/bulk-update-status`, async (req, res) => {
      expect(req.method).toBe('POST');
      expect(JSON.parse((await readBody(req)).toString())).toEqual({
        items: [{ dateSelectionId: ref.dateSelectionId }, { dateSelectionId: other }],
        status: 'PICKUP_READY',
        reason: 'All set',
      });
      json(res, 200, {
        status: 'PICKUP_READY',
        moved: 1,
        refused: 1,
        results: [
          {
            ref: ref.dateSelectionId,
            outcome: 'moved',
            orderNumber: ref.orderNumber,
            from: 'IN_PREPARATION',
            to: 'PICKUP_READY',
            problemStatus: null,
            problemType: null,
            reason: null,
          },
          {
            ref: other,
            outcome: 'refused',
            orderNumber: 'HR-OTHER',
            from: 'PLACED',
            to: null,
            problemStatus: 409,
            problemType: 'x',
            reason: 'An order PLACED cannot go to PICKUP_READY.',
          },
        ],
      });
    });
    const body = new URLSearchParams({ intent: 'bulk', status: 'PICKUP_READY', reason: ' All set ' });
    body.append('sel', ref.dateSelectionId);
    body.append('sel', other);
    body.append('sel', 'not-an-id');
    body.append('selLabel', `${ref.dateSelectionId}|Order ${ref.orderNumber} · Dal Tadka · Fri, Nov 27`);
    const answer = (await route.action({
      request: pageRequest('/l/orders/kitchen', 'chef', { method: 'POST', body }),
      params: {},
      context: {},
    })) as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
    expect(answer.data).toMatchObject({
      intent: 'bulk',
      moved: 1,
      refused: 1,
      keep: [other],
      error: null,
      results: [
        { outcome: 'moved', label: `Order ${ref.orderNumber} · Dal Tadka · Fri, Nov 27` },
        { outcome: 'refused', label: 'Order HR-OTHER', reason: 'An order PLACED cannot go to PICKUP_READY.' },
      ],
    });
  });

  it('says at once when nothing is ticked or no status is chosen, without asking the API', async () => {
    const none = (await post({ intent: 'bulk', status: 'CONFIRMED' })) as unknown as Refused;
    expect(none.init.status).toBe(400);
    expect(none.data).toMatchObject({ error: 'Tick at least one order to move.' });
    const body = new URLSearchParams({ intent: 'bulk', status: '' });
    body.append('sel', ref.dateSelectionId);
    const noStatus = (await route.action({
      request: pageRequest('/l/orders/kitchen', 'chef', { method: 'POST', body }),
      params: {},
      context: {},
    })) as unknown as Refused;
    expect(noStatus.init.status).toBe(400);
    expect(noStatus.data).toMatchObject({ keep: [ref.dateSelectionId] });
    expect(api.requests.some((r) => r.url.includes('bulk-update-status'))).toBe(false);
  });

  it("shows the API's refusal of the whole request (e.g. over 200 rows) above the board, keeping the selection", async () => {
    api.on(`${API}/order/bulk-update-status`, (_req, res) =>
      json(res, 400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'At most 200 orders at a time',
        fieldErrors: [{ field: 'items', message: 'At most 200 orders at a time' }],
      }),
    );
    const body = new URLSearchParams({ intent: 'bulk', status: 'CONFIRMED' });
    body.append('sel', ref.dateSelectionId);
    const refused = (await route.action({
      request: pageRequest('/l/orders/kitchen', 'chef', { method: 'POST', body }),
      params: {},
      context: {},
    })) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: 'At most 200 orders at a time',
      keep: [ref.dateSelectionId],
    });
  });
});
