import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, dataOf, jsonBody, postForm, review, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin');

const fee = { publisherId: review.id, kitchenName: review.kitchenName, percentage: 20, share: '0.2', isDefault: true };

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
  api.on(`${API}/publisher/findByStatus`, (_req, res) => json(res, 200, [review], { 'X-Total-Count': '1' }));
  api.on(`${API}/admin/fetch-percentage-by-kitchen-name`, (_req, res) => json(res, 200, fee));
});

describe('/l/admin', () => {
  it('is for admins: a chef gets the 403 page naming the role', async () => {
    expect(await thrownBy(load('/l/admin', 'chef'))).toEqual({
      status: 403,
      data: 'This page is for admins. You are signed in as Priya Raman, who is not an admin.',
    });
  });

  it('lists pending kitchens by default, with owner, city, date, comments and each kitchen fee', async () => {
    const result = await load('/l/admin', 'admin');
    expect(result).toMatchObject({ status: 'PENDING', total: 1, kitchens: [{ owner: { name: 'Robin Newcomer' }, city: 'Jersey City' }] });
    expect(result.fees[review.id]).toMatchObject({ percentage: 20, isDefault: true });
    const urls = api.requests.map((r) => r.url);
    expect(urls).toContain(`${API}/publisher/findByStatus?status=PENDING&page=0&size=20`);
    expect(urls).toContain(`${API}/admin/fetch-percentage-by-kitchen-name?kitchenName=robins-kitchen`);
  });

  it('follows the status tab and the page of the link (?status=blocked&page=2)', async () => {
    await load('/l/admin?status=blocked&page=2', 'admin');
    expect(api.requests.map((r) => r.url)).toContain(`${API}/publisher/findByStatus?status=BLOCKED&page=2&size=20`);
  });

  it('still lists a kitchen whose fee cannot be read', async () => {
    api.on(`${API}/admin/fetch-percentage-by-kitchen-name`, (_req, res) => sendProblem(res, 404, 'No kitchen'));
    const result = await load('/l/admin', 'admin');
    expect(result.kitchens).toHaveLength(1);
    expect(result.fees[review.id]).toBeNull();
  });

  it('approves with the review comments and comes back to the same tab with "Operation Success!"', async () => {
    let body: unknown;
    api.on(`${API}/publisher/approve`, async (req, res) => {
      body = await jsonBody(req);
      json(res, 200, { ...review, status: 'APPROVED' });
    });
    const response = (await postForm(
      route.action,
      '/l/admin?status=PENDING',
      { intent: 'approve', publisherId: review.id, statusReviewComments: ' Documents checked. ', status: 'PENDING', page: '0' },
      'admin',
    )) as Response;
    expect(body).toEqual({ publisherId: review.id, statusReviewComments: 'Documents checked.' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/admin?status=PENDING');
  });

  it("shows the API's refusal of a block without comments beside that kitchen's comments field", async () => {
    api.on(`${API}/publisher/block`, (_req, res) =>
      sendProblem(res, 400, 'statusReviewComments is required: tell the chef why', [
        { field: 'statusReviewComments', message: 'statusReviewComments is required: tell the chef why' },
      ]),
    );
    const result = dataOf<{ intent: string; target: string; fieldErrors: Record<string, string> }>(
      await postForm(route.action, '/l/admin', { intent: 'block', publisherId: review.id, statusReviewComments: '', status: 'PENDING' }, 'admin'),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: 'block',
      target: review.id,
      fieldErrors: { statusReviewComments: 'statusReviewComments is required: tell the chef why' },
    });
  });

  it('sets the kitchen fee percentage as a number', async () => {
    let body: unknown;
    api.on(`${API}/admin/set-percentage-by-kitchen-name`, async (req, res) => {
      body = await jsonBody(req);
      json(res, 200, { ...fee, percentage: 12.5, isDefault: false });
    });
    const response = (await postForm(
      route.action,
      '/l/admin',
      { intent: 'set-fee', publisherId: review.id, kitchenName: 'robins-kitchen', percentage: '12.5', status: 'APPROVED' },
      'admin',
    )) as Response;
    expect(body).toEqual({ kitchenName: 'robins-kitchen', percentage: 12.5 });
    expect(response.headers.get('Location')).toBe('/l/admin?status=APPROVED');
  });

  it('refuses actions from a non-admin', async () => {
    expect(await thrownBy(postForm(route.action, '/l/admin', { intent: 'approve', publisherId: review.id }, 'customer'))).toMatchObject({
      status: 403,
    });
    expect(api.requests.some((r) => r.url.includes('approve'))).toBe(false);
  });
});
