import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToast } from '~/lib/ui/toast.server';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { DELIVERED_DATE, ITEM, KITCHEN, LINE, ORDER_NUMBER, PLACED_DATE, order } from '~/test/order-fixtures';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.orders.order-status');
let list: typeof import('./_default.l.orders._index');

const API = '/services/publisher/api';
const PAGE = `/l/orders/order-status?orderNumber=${ORDER_NUMBER}`;
const CANCEL = `${API}/order/${ORDER_NUMBER}/cartItem/${LINE}/dateSelection/${PLACED_DATE}/cancel`;

function post(body: URLSearchParams | FormData) {
  return route.action({
    request: pageRequest(PAGE, 'customer', { method: 'POST', body }),
    params: {},
    context: {},
  });
}

function rating(fields: Record<string, string>, images: File[] = []) {
  const form = new FormData();
  const all = {
    intent: 'rate',
    orderNumber: ORDER_NUMBER,
    cartItemId: LINE,
    dateSelectionId: DELIVERED_DATE,
    itemId: ITEM,
    publisherId: KITCHEN,
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  for (const image of images) form.append('images', image);
  return form;
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.orders.order-status');
  list = await import('./_default.l.orders._index');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/order/${ORDER_NUMBER}`, (_req, res) => json(res, 200, order));
  api.on(`${API}/publisher/find-by-kitchen-name`, (_req, res) =>
    json(res, 200, { brandDisplayName: "Priya's Kitchen", timeZoneId: 'America/New_York' }),
  );
});

describe('/l/orders', () => {
  it("lists the customer's orders newest first (as the API orders them), page by page", async () => {
    api.on(`${API}/order`, (_req, res) => json(res, 200, [order], { 'X-Total-Count': '11' }));
    const result = await list.loader({
      request: pageRequest('/l/orders?page=1', 'customer'),
      params: {},
      context: {},
    });
    expect(api.requests.find((r) => r.url.startsWith(`${API}/order?`))?.url).toBe(
      `${API}/order?page=1&size=10`,
    );
    expect(result).toMatchObject({ total: 11, page: 1, loadError: null });
    expect(result.orders[0].cartItems[0].kitchenName).toBe("Priya's Kitchen");
  });
});

describe('/l/orders/order-status', () => {
  it('shows the order with its dates; a date already rated gets no rating form', async () => {
    api.on(`${API}/rating/${KITCHEN}/list`, (_req, res) =>
      json(res, 200, [{ id: 'r1', orderDateSelectionId: DELIVERED_DATE }]),
    );
    const result = await route.loader({ request: pageRequest(PAGE, 'customer'), params: {}, context: {} });
    expect(result.order.orderNumber).toBe(ORDER_NUMBER);
    expect(result.rated).toEqual([DELIVERED_DATE]);
    // One clock: each line knows its kitchen's zone, its times are shown in it.
    expect(result.order.cartItems.map((l) => l.timeZone)).toEqual(
      result.order.cartItems.map(() => 'America/New_York'),
    );
  });

  it('answers 404 for an order that is not the customer’s or does not exist', async () => {
    api.on(`${API}/order/HR-NOPE`, (_req, res) => problem(res, 404, 'Not Found', '/order/HR-NOPE'));
    const { status, data } = await thrownBy(
      route.loader({
        request: pageRequest('/l/orders/order-status?orderNumber=HR-NOPE', 'customer'),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(404);
    expect(data).toBe('We could not find order HR-NOPE.');
  });

  it('cancels one date with the reason and comes back to the status page', async () => {
    let body: unknown;
    api.on(CANCEL, async (req, res) => {
      expect(req.method).toBe('POST');
      body = JSON.parse((await readBody(req)).toString());
      json(res, 200, order);
    });
    const response = (await post(
      new URLSearchParams({
        intent: 'cancel',
        orderNumber: ORDER_NUMBER,
        cartItemId: LINE,
        dateSelectionId: PLACED_DATE,
        reason: 'Plans changed',
      }),
    )) as Response;
    expect(body).toEqual({ reason: 'Plans changed' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PAGE);
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Cancelled Dal Tadka for Thu, Nov 26 — the chef has been told',
    });
  });

  it("shows a refused cancellation (past its cut-off) beside that date, in the API's words", async () => {
    api.on(CANCEL, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail: 'Tue, Nov 24 can no longer be cancelled: its orders closed on Tue, Nov 24 at 5:00 AM EST.',
        message: 'error.order.cancel_closed',
        path: '/x',
      }),
    );
    const result = (await post(
      new URLSearchParams({
        intent: 'cancel',
        orderNumber: ORDER_NUMBER,
        cartItemId: LINE,
        dateSelectionId: PLACED_DATE,
        reason: '',
      }),
    )) as unknown as { data: unknown; init: ResponseInit };
    expect(result.init.status).toBe(409);
    expect(result.data).toEqual({
      intent: 'cancel',
      dateSelectionId: PLACED_DATE,
      reason: '',
      error: 'Tue, Nov 24 can no longer be cancelled: its orders closed on Tue, Nov 24 at 5:00 AM EST.',
    });
  });

  it('sends a rating as multipart: stars, review, the date it is for and up to 3 pictures', async () => {
    let received: FormData | undefined;
    api.on(`${API}/rating`, async (req, res) => {
      expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      received = await new Response(new Uint8Array(await readBody(req)), {
        headers: { 'Content-Type': req.headers['content-type'] ?? '' },
      }).formData();
      json(res, 201, { id: 'r1' });
    });
    const response = (await post(
      rating({ ratingValue: '5', reviewBody: 'Just like home', itemName: 'Dal Tadka' }, [
        png('a.png'),
        png('b.png'),
      ]),
    )) as Response;
    expect(response.headers.get('Location')).toBe(PAGE);
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Thank you — your review of Dal Tadka is posted',
    });
    // Only the fields of the API's CreateRatingDto: it refuses unknown ones.
    expect(
      Object.fromEntries([...(received?.entries() ?? [])].filter(([, v]) => typeof v === 'string')),
    ).toEqual({
      orderDateSelectionId: DELIVERED_DATE,
      ratingValue: '5',
      reviewBody: 'Just like home',
    });
    expect((received?.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);
  });

  it('refuses a rating without stars, or with more than 3 pictures, before the API (400)', async () => {
    const noStars = (await post(rating({ reviewBody: 'Nice' }))) as unknown as {
      data: { fieldErrors: Record<string, string>; values: Record<string, string> };
      init: ResponseInit;
    };
    expect(noStars.init.status).toBe(400);
    expect(noStars.data.fieldErrors).toEqual({ ratingValue: 'Choose from 1 to 5 stars.' });
    expect(noStars.data.values.reviewBody).toBe('Nice');
    const four = (await post(
      rating({ ratingValue: '4' }, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]),
    )) as unknown as { data: { fieldErrors: Record<string, string> } };
    expect(four.data.fieldErrors).toEqual({ images: 'Add at most 3 pictures.' });
    expect(api.requests.some((r) => r.url === `${API}/rating`)).toBe(false);
  });

  it("shows the API's refusal of a second rating of the same date", async () => {
    api.on(`${API}/rating`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail: 'You already rated this date.',
        message: 'error.rating.exists',
        path: '/rating',
      }),
    );
    const result = (await post(rating({ ratingValue: '3' }))) as unknown as {
      data: { formErrors: string[] };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(409);
    expect(result.data.formErrors).toEqual(['You already rated this date.']);
  });
});

describe('/l/orders/order-status messages', () => {
  const COMMUNICATIONS = `${API}/order/communications`;
  const SEND = `${API}/order/send-communication`;

  it("reads the order's threads (one per kitchen) with the page", async () => {
    api.on(`${API}/rating/${KITCHEN}/list`, (_req, res) => json(res, 200, []));
    const thread = {
      orderNumber: ORDER_NUMBER,
      publisherId: KITCHEN,
      kitchenName: "Priya's Kitchen",
      messages: [],
    };
    api.on(COMMUNICATIONS, (_req, res) => json(res, 200, [thread]));
    const result = await route.loader({ request: pageRequest(PAGE, 'customer'), params: {}, context: {} });
    expect(api.requests.find((r) => r.url.startsWith(COMMUNICATIONS))?.url).toBe(
      `${COMMUNICATIONS}?orderNumber=${ORDER_NUMBER}`,
    );
    expect(result).toMatchObject({ threads: [thread], threadsError: null });
  });

  it('sends an answer to the kitchen of the line named and comes back with "Message sent"', async () => {
    api.on(SEND, async (req, res) => {
      expect(req.method).toBe('POST');
      expect(JSON.parse((await readBody(req)).toString())).toEqual({
        orderNumber: ORDER_NUMBER,
        cartItemId: LINE,
        message: 'See you at 6!',
      });
      json(res, 201, { id: 'm1' });
    });
    const response = (await post(
      new URLSearchParams({
        intent: 'message',
        formKey: KITCHEN,
        orderNumber: ORDER_NUMBER,
        cartItemId: LINE,
        message: '  See you at 6!  ',
      }),
    )) as Response;
    expect(response.headers.get('Location')).toBe(PAGE);
    expect(await toastOf(response)).toMatchObject({ kind: 'positive', text: 'Message sent' });
  });

  it('refuses an empty message before the API, and shows a refusal in the API’s words beside the form', async () => {
    const blank = (await post(
      new URLSearchParams({ intent: 'message', formKey: KITCHEN, orderNumber: ORDER_NUMBER, message: ' ' }),
    )) as unknown as { data: unknown; init: ResponseInit };
    expect(blank.init.status).toBe(400);
    expect(blank.data).toEqual({
      intent: 'message',
      formKey: KITCHEN,
      message: '',
      error: 'Write a message',
    });
    expect(api.requests.some((r) => r.url === SEND)).toBe(false);

    api.on(SEND, (_req, res) =>
      json(res, 404, {
        type: 'https://hearth.example/problems/not-found',
        title: 'Not Found',
        status: 404,
        detail: `Order ${ORDER_NUMBER} was not found.`,
        path: '/x',
      }),
    );
    const refused = (await post(
      new URLSearchParams({ intent: 'message', formKey: KITCHEN, orderNumber: ORDER_NUMBER, message: 'Hi' }),
    )) as unknown as { data: unknown; init: ResponseInit };
    expect(refused.init.status).toBe(404);
    expect(refused.data).toEqual({
      intent: 'message',
      formKey: KITCHEN,
      message: 'Hi',
      error: `Order ${ORDER_NUMBER} was not found.`,
    });
  });
});
