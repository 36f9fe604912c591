import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

/** The admin home's numbers on /l/admin (issue 18 part 6): the loader's side. */
let api: FakeApi;
let route: typeof import('./_default.l.admin');

const NUMBERS = {
  today: '2026-11-25',
  from: '2026-11-19',
  days: 7,
  kitchens: { pending: 2, approved: 5, blocked: 1 },
  customers: { total: 40, newInWindow: 3, disabled: 1 },
  work: { openEnquiries: 1, unansweredContactMessages: 0, failedSettlements: 2, failedPaymentEvents: 0 },
  currencies: ['USD'],
  totals: [{ currencyCode: 'USD', orders: 3, sales: '49.49', platformFees: '9.90', refunds: '0.00' }],
  perDay: [{ date: '2026-11-25', currencyCode: 'USD', orders: 3, sales: '49.49' }],
};

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
  api.on(`${API}/admin/kitchens`, (_req, res) => json(res, 200, [], { 'X-Total-Count': '0' }));
  api.on(`${API}/admin`, (_req, res) => json(res, 200, NUMBERS));
});

const numberCalls = () => api.requests.map((r) => r.url).filter((u) => u.startsWith(`${API}/admin?`));

describe('/l/admin: the platform numbers', () => {
  it('loads the numbers of the last 30 days by default, beside the kitchen list', async () => {
    const result = await load('/l/admin', 'admin');
    expect(result.platform).toEqual({ days: 30, data: NUMBERS, error: null });
    expect(numberCalls()).toEqual([`${API}/admin?days=30`]);
    expect(result.search).toEqual({ query: '', status: null, page: 0 });
  });

  it('asks for the window of the URL when it is one of the choices, else the default', async () => {
    await load('/l/admin?days=7&status=pending', 'admin');
    await load('/l/admin?days=8', 'admin');
    await load('/l/admin?days=abc', 'admin');
    expect(numberCalls()).toEqual([`${API}/admin?days=7`, `${API}/admin?days=30`, `${API}/admin?days=30`]);
  });

  it('still shows the kitchens when the numbers fail, with the failure text in their section', async () => {
    api.on(`${API}/admin`, (_req, res) => sendProblem(res, 500, 'Internal Server Error'));
    const result = await load('/l/admin', 'admin');
    expect(result.platform.data).toBeNull();
    expect(result.platform.error).toEqual(expect.any(String));
    expect(result.platform.error).not.toBe('');
    expect(result.loadError).toBeNull();
  });

  it('is for admins only: no numbers are asked for on behalf of a chef', async () => {
    expect(await thrownBy(load('/l/admin', 'chef'))).toMatchObject({ status: 403 });
    expect(numberCalls()).toEqual([]);
  });
});
