import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, postForm } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.settlements');

const ID = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3c4d5e6f';
const failed = {
  selectionId: ID,
  kind: 'refund',
  status: 'FAILED',
  amount: '17.98',
  currencyCode: 'USD',
  attempts: 8,
  error: 'Stripe: Refund amount ($17.98) is greater than unrefunded amount on charge ($5.00)',
  reference: null,
  date: '2026-12-03',
  orderNumber: 'HR-7K2F-9Q4M',
  publisherId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  kitchenName: 'priyas-kitchen',
  gateway: 'stripe',
  updatedAt: '2026-12-03T15:00:00.000Z',
};

const load = (url: string, session: 'chef' | 'admin') =>
  route.loader({ request: pageRequest(url, session), params: {}, context: {} });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.settlements');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/settlements`, (_req, res) => json(res, 200, [failed]));
  api.on(`${API}/admin/settlements/${ID}/retry`, (_req, res) =>
    json(res, 200, { ...failed, status: 'DRAFTED', attempts: 0 }),
  );
});

describe('/l/admin/settlements', () => {
  it('is for admins', async () => {
    expect((await thrownBy(load('/l/admin/settlements', 'chef'))) as { status: number }).toMatchObject({
      status: 403,
    });
  });

  it('lists the FAILED refunds and payouts by default, the waiting ones on ?status=DRAFTED', async () => {
    expect(await load('/l/admin/settlements', 'admin')).toMatchObject({
      status: 'FAILED',
      rows: [failed],
      loadError: null,
    });
    expect(api.requests.find((r) => r.url.startsWith(`${API}/admin/settlements?`))?.url).toBe(
      `${API}/admin/settlements?status=FAILED`,
    );
    await load('/l/admin/settlements?status=drafted', 'admin');
    expect(api.requests.some((r) => r.url === `${API}/admin/settlements?status=DRAFTED`)).toBe(true);
  });

  it('retries one with a plain form post and comes back to the list', async () => {
    const res = (await postForm(
      route.action,
      '/l/admin/settlements',
      { intent: 'retry', selectionId: ID },
      'admin',
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/l/admin/settlements');
    expect(
      api.requests.some((r) => r.method === 'POST' && r.url === `${API}/admin/settlements/${ID}/retry`),
    ).toBe(true);
  });
});
