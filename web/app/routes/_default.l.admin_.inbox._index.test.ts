import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.inbox._index');

const API = '/services/publisher/api';
const ROW = {
  kind: 'ENQUIRY_TO_CHEF',
  id: '0b8e2a52-7a59-4d9e-8f0f-3d3a8d2f0c11',
  createdAt: '2026-11-20T10:00:00.000Z',
  name: 'Gina Guest',
  email: 'gina@example.test',
  excerpt: 'No peanuts please',
  status: 'OPEN',
  kitchenName: "Priya's Kitchen",
};

const load = (path: string, who: 'admin' | 'chef' = 'admin') =>
  route.loader({ request: pageRequest(path, who), params: {}, context: {} });
const calls = () => api.requests.filter((r) => r.url.startsWith(`${API}/admin/inbox`)).map((r) => r.url);

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.inbox._index');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/admin/inbox', () => {
  it('is for admins only', async () => {
    expect((await thrownBy(load('/l/admin/inbox', 'chef'))).status).toBe(403);
    expect(calls()).toEqual([]);
  });

  it('sends the chosen filters and page, drops values that are not choices, and reads the total', async () => {
    api.on(`${API}/admin/inbox`, (_req, res) => json(res, 200, [ROW], { 'X-Total-Count': '41' }));
    const result = await load(
      '/l/admin/inbox?type=ENQUIRY_TO_CHEF&status=OPEN&from=2026-11-01&to=nope&query=%20peanut%20&page=2',
    );
    expect(calls()).toEqual([
      `${API}/admin/inbox?type=ENQUIRY_TO_CHEF&status=OPEN&from=2026-11-01&query=peanut&page=2&size=20`,
    ]);
    expect(result).toMatchObject({ total: 41, items: [ROW], error: null });
    expect(result.filter).toMatchObject({ type: 'ENQUIRY_TO_CHEF', to: '', page: 2 });
    await load('/l/admin/inbox?type=SPAM&status=maybe');
    expect(calls()[1]).toBe(`${API}/admin/inbox?page=0&size=20`);
  });

  it('shows a refusal as the page’s alert instead of failing', async () => {
    api.on(`${API}/admin/inbox`, (_req, res) =>
      json(res, 503, { type: 'about:blank', title: 'Service Unavailable', status: 503 }),
    );
    const result = await load('/l/admin/inbox');
    expect(result.items).toEqual([]);
    expect(result.error).toContain('Service Unavailable');
  });
});
