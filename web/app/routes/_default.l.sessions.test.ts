import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.sessions');
let deviceLabel: typeof import('~/lib/account/sessions').deviceLabel;

const API = '/services/publisher/api';
const OTHER = '0f8b1a6e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const SESSIONS = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    createdAt: '2026-11-24T10:00:00.000Z',
    lastSeenAt: '2026-11-24T11:00:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0',
    current: true,
  },
  {
    id: OTHER,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-20T10:30:00.000Z',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    current: false,
  },
];

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.sessions');
  ({ deviceLabel } = await import('~/lib/account/sessions'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/auth/sessions`, (_req, res) => json(res, 200, SESSIONS));
});

describe('/l/sessions', () => {
  it("lists the user's signed-in browsers", async () => {
    const data = (await route.loader({
      request: pageRequest('/l/sessions', 'customer'),
      params: {},
      context: {},
    })) as { sessions: typeof SESSIONS };
    expect(data.sessions.map((s) => [deviceLabel(s.userAgent), s.current])).toEqual([
      ['Firefox on Linux', true],
      ['Safari on iPhone or iPad', false],
    ]);
  });

  it('signs another browser out with a plain form post', async () => {
    let deleted: string | undefined;
    api.on(`${API}/auth/sessions/${OTHER}`, (req, res) => {
      deleted = req.method;
      res.writeHead(204).end();
    });
    const request = pageRequest('/l/sessions', 'customer', {
      method: 'POST',
      body: new URLSearchParams({ sessionId: OTHER }),
    });
    const response = (await route.action({ request, params: {}, context: {} })) as Response;
    expect(deleted).toBe('DELETE');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/sessions');
  });

  it('never builds an API path from a session id that is not a UUID (S-23)', async () => {
    const request = pageRequest('/l/sessions', 'customer', {
      method: 'POST',
      body: new URLSearchParams({ sessionId: '../../consumer' }),
    });
    const thrown = await route.action({ request, params: {}, context: {} }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it("says so when the API refuses (someone else's session is not found)", async () => {
    api.on(`${API}/auth/sessions/${OTHER}`, (_req, res) => problem(res, 404, 'Not Found', '/auth/sessions'));
    const request = pageRequest('/l/sessions', 'customer', {
      method: 'POST',
      body: new URLSearchParams({ sessionId: OTHER }),
    });
    const response = (await route.action({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(302);
  });
});
