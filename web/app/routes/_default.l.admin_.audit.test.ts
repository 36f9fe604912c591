import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.audit');

const ENTRY = {
  id: 'e1',
  createdAt: '2026-11-25T06:02:00.000Z',
  actorConsumerId: 'a1',
  actorName: 'Ada Admin',
  actorEmail: 'ada@hearth.test',
  actorRole: 'ROLE_ADMIN',
  action: 'publisher.approve',
  targetType: 'publisher',
  targetId: 'k1',
  before: { status: 'PENDING' },
  after: { status: 'APPROVED' },
  requestId: 'req-1',
  ip: '127.0.0.1',
};

function load(url: string, session?: 'customer' | 'chef' | 'admin') {
  return route.loader({ request: pageRequest(url, session), params: {}, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.audit');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/audit-log`, (_req, res) => json(res, 200, [ENTRY], { 'X-Total-Count': '26' }));
  api.on(`${API}/admin/audit-log/actions`, (_req, res) =>
    json(res, 200, [{ action: 'publisher.approve', count: 1 }]),
  );
});

describe('/l/admin/audit', () => {
  it('passes the filters of the URL to the API and answers a page with the total', async () => {
    const result = await load(
      '/l/admin/audit?actor=ada%40hearth.test&action=publisher.&targetType=publisher&from=2026-11-01&to=2026-11-30&page=1',
      'admin',
    );
    expect(result).toMatchObject({ entries: [ENTRY], total: 26, error: null, fieldErrors: {} });
    expect(result.actions).toEqual([{ action: 'publisher.approve', count: 1 }]);
    const call = api.requests.map((r) => r.url).find((u) => u.startsWith(`${API}/admin/audit-log?`));
    expect(call).toBe(
      `${API}/admin/audit-log?actor=ada%40hearth.test&action=publisher.&targetType=publisher&from=2026-11-01&to=2026-11-30&page=1&size=25`,
    );
  });

  it('shows the API’s refusal of a filter beside that field and keeps what was typed', async () => {
    api.on(`${API}/admin/audit-log`, (_req, res) =>
      sendProblem(res, 400, 'actor must be an account id or an e-mail address', [
        { field: 'actor', message: 'actor must be an account id or an e-mail address' },
      ]),
    );
    const result = await load('/l/admin/audit?actor=nobody&action=order.', 'admin');
    expect(result.fieldErrors).toEqual({ actor: 'actor must be an account id or an e-mail address' });
    expect(result.error).toBe('Please correct the marked filters.');
    expect(result.filters).toMatchObject({ actor: 'nobody', action: 'order.' });
  });

  it('is for admins only', async () => {
    expect(await thrownBy(load('/l/admin/audit', 'chef'))).toMatchObject({ status: 403 });
    expect(api.requests.some((r) => r.url.includes('audit-log'))).toBe(false);
  });
});
