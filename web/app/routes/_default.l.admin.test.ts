import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, dataOf, jsonBody, postForm, review, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';
import { getToast } from '~/lib/ui/toast.server';

/** The notification a redirect flashes, as the next page reads it. */
async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

let api: FakeApi;
let route: typeof import('./_default.l.admin');

const fee = {
  publisherId: review.id,
  kitchenName: review.kitchenName,
  percentage: 20,
  share: '0.2',
  isDefault: true,
};
const KITCHENS = `${API}/admin/kitchens`;
const row = { ...review, fee: { percentage: 20, share: '0.2', isDefault: true } };

function load(url: string, session?: 'customer' | 'chef' | 'admin') {
  return route.loader({ request: pageRequest(url, session), params: {}, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(KITCHENS, (_req, res) => json(res, 200, [row], { 'X-Total-Count': '1' }));
});

describe('/l/admin', () => {
  it('is for admins: a chef gets the 403 page naming the role', async () => {
    expect(await thrownBy(load('/l/admin', 'chef'))).toEqual({
      status: 403,
      data: 'This page is for admins. You are signed in as Priya Raman, who is not an admin.',
    });
  });

  it('lists every kitchen, newest first, with owner, city and fee, in one request (no request per kitchen)', async () => {
    const result = await load('/l/admin', 'admin');
    expect(result).toMatchObject({
      search: { query: '', status: null, page: 0 },
      total: 1,
      kitchens: [
        { owner: { name: 'Robin Newcomer' }, city: 'Jersey City', fee: { percentage: 20, isDefault: true } },
      ],
    });
    const calls = api.requests
      .map((r) => r.url)
      .filter(
        (u) => !u.includes('auth/me') && !u.includes('admin/payment-events') && !u.includes('/admin?days='),
      );
    expect(calls).toEqual([`${KITCHENS}?page=0&size=20`]);
  });

  it('searches on the server by the words, status and page of the URL (?query=robin&status=blocked&page=2)', async () => {
    const result = await load('/l/admin?query=%20robin%40hearth%20&status=blocked&page=2', 'admin');
    expect(result.search).toEqual({ query: 'robin@hearth', status: 'BLOCKED', page: 2 });
    expect(api.requests.map((r) => r.url)).toContain(
      `${KITCHENS}?query=robin%40hearth&status=BLOCKED&page=2&size=20`,
    );
  });

  it('ignores an unknown status and a nonsense page', async () => {
    const result = await load('/l/admin?status=sleeping&page=-3', 'admin');
    expect(result.search).toEqual({ query: '', status: null, page: 0 });
  });

  it('still renders, with the failure text, when the API cannot list the kitchens', async () => {
    api.on(KITCHENS, (_req, res) => sendProblem(res, 503, 'Service Unavailable'));
    const result = await load('/l/admin', 'admin');
    expect(result.kitchens).toEqual([]);
    expect(result.loadError).toMatch(
      /^Error: .+ - 503 - Logout and Login Again, If Required\. Or Contact Support\.$/,
    );
  });

  it('approves with the review comments and comes back to the list as searched, saying the kitchen is live', async () => {
    let body: unknown;
    api.on(`${API}/publisher/approve`, async (req, res) => {
      body = await jsonBody(req);
      json(res, 200, { ...review, status: 'APPROVED' });
    });
    const response = (await postForm(
      route.action,
      '/l/admin',
      {
        intent: 'approve',
        publisherId: review.id,
        statusReviewComments: ' Documents checked. ',
        back: '/l/admin?query=robin&status=PENDING',
      },
      'admin',
    )) as Response;
    expect(body).toEqual({ publisherId: review.id, statusReviewComments: 'Documents checked.' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/admin?query=robin&status=PENDING');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: "Kitchen approved — Robin's Kitchen is live.",
    });
  });

  it('says what blocking did, and never returns anywhere but the list', async () => {
    api.on(`${API}/publisher/block`, (_req, res) => json(res, 200, { ...review, status: 'BLOCKED' }));
    const response = (await postForm(
      route.action,
      '/l/admin',
      {
        intent: 'block',
        publisherId: review.id,
        statusReviewComments: 'Expired permit.',
        back: 'https://evil.example/l/admin',
      },
      'admin',
    )) as Response;
    expect(response.headers.get('Location')).toBe('/l/admin');
    expect(await toastOf(response)).toMatchObject({
      text: "Robin's Kitchen is blocked: customers no longer see it or its items.",
    });
  });

  it("shows the API's refusal of a block without comments beside that kitchen's comments field", async () => {
    api.on(`${API}/publisher/block`, (_req, res) =>
      sendProblem(res, 400, 'statusReviewComments is required: tell the chef why', [
        { field: 'statusReviewComments', message: 'statusReviewComments is required: tell the chef why' },
      ]),
    );
    const result = dataOf<{ intent: string; target: string; fieldErrors: Record<string, string> }>(
      await postForm(
        route.action,
        '/l/admin',
        { intent: 'block', publisherId: review.id, statusReviewComments: '', back: '/l/admin' },
        'admin',
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: 'block',
      target: review.id,
      fieldErrors: { statusReviewComments: 'statusReviewComments is required: tell the chef why' },
    });
  });

  it('sets the kitchen fee percentage as a number and says the new fee', async () => {
    let body: unknown;
    api.on(`${API}/admin/set-percentage-by-kitchen-name`, async (req, res) => {
      body = await jsonBody(req);
      json(res, 200, { ...fee, percentage: 12.5, isDefault: false });
    });
    const response = (await postForm(
      route.action,
      '/l/admin',
      {
        intent: 'set-fee',
        publisherId: review.id,
        kitchenName: 'robins-kitchen',
        brandDisplayName: "Robin's Kitchen",
        percentage: '12.5',
        back: '/l/admin?status=APPROVED&page=1',
      },
      'admin',
    )) as Response;
    expect(body).toEqual({ kitchenName: 'robins-kitchen', percentage: 12.5 });
    expect(response.headers.get('Location')).toBe('/l/admin?status=APPROVED&page=1');
    expect(await toastOf(response)).toMatchObject({ text: "Platform fee of Robin's Kitchen set to 12.5%." });
  });

  it('lists failed and waiting payment events, each with a retry form, from one request per state', async () => {
    const stuck = {
      id: '7d3c9f2e-1111-4c8e-9a51-2f2b9a0c1d10',
      gateway: 'stripe',
      type: 'checkout.session.completed',
      eventId: 'evt_1Q',
      status: 'FAILED',
      attempts: 5,
      error: 'Error: gateway timeout',
      orderNumber: 'HX-2F9K',
      receivedAt: '2026-11-24T10:00:00.000Z',
    };
    api.on(`${API}/admin/payment-events`, (req, res) =>
      req.url?.includes('status=FAILED')
        ? json(res, 200, [stuck], { 'X-Total-Count': '1' })
        : json(res, 200, [], { 'X-Total-Count': '0' }),
    );
    const result = (await load('/l/admin', 'admin')) as unknown as {
      payments: { failed: unknown[]; failedTotal: number; waiting: unknown[]; waitingTotal: number };
    };
    expect(result.payments).toMatchObject({ failed: [stuck], failedTotal: 1, waiting: [], waitingTotal: 0 });
    expect(
      api.requests
        .filter((r) => r.url.includes('admin/payment-events'))
        .map((r) => r.url)
        .sort(),
    ).toEqual([
      `${API}/admin/payment-events?status=FAILED&page=0&size=20`,
      `${API}/admin/payment-events?status=RECEIVED&page=0&size=20`,
    ]);
  });

  it('retries a payment event with a plain form post and says it was queued again', async () => {
    let method: string | undefined;
    api.on(`${API}/admin/payment-events/7d3c9f2e-1111-4c8e-9a51-2f2b9a0c1d10/retry`, (req, res) => {
      method = req.method;
      json(res, 200, { id: '7d3c9f2e-1111-4c8e-9a51-2f2b9a0c1d10', status: 'RECEIVED' });
    });
    const response = (await postForm(
      route.action,
      '/l/admin',
      {
        intent: 'retry-payment-event',
        paymentEventId: '7d3c9f2e-1111-4c8e-9a51-2f2b9a0c1d10',
        back: '/l/admin',
      },
      'admin',
    )) as Response;
    expect(method).toBe('POST');
    expect(response.headers.get('Location')).toBe('/l/admin');
    expect(await toastOf(response)).toMatchObject({ text: expect.stringMatching(/queued again/) });
  });

  it('refuses actions from a non-admin', async () => {
    expect(
      await thrownBy(
        postForm(route.action, '/l/admin', { intent: 'approve', publisherId: review.id }, 'customer'),
      ),
    ).toMatchObject({
      status: 403,
    });
    expect(api.requests.some((r) => r.url.includes('approve'))).toBe(false);
  });
});
