import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLEAR_SESSION_COOKIE, ME, fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let sut: typeof import('./auth.server');

const ME_PATH = '/services/publisher/api/auth/me';

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  sut = await import('./auth.server');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(ME_PATH, fakeMe);
});

describe('getUser', () => {
  it("returns the signed-in user from auth/me, forwarding the browser's cookie", async () => {
    const user = await sut.getUser(pageRequest('/l/orders', 'chef'));
    expect(user).toMatchObject({
      name: 'Priya Raman',
      email: 'chef@hearth.test',
      roles: ['ROLE_USER', 'ROLE_CHEF'],
      isChef: true,
      subject: ME.chef.subject,
    });
    expect(api.requests[0].headers.cookie).toBe('hearth_session=chef');
  });

  it('is anonymous (null) when the API answers 401', async () => {
    expect(await sut.getUser(pageRequest('/'))).toBeNull();
    const auth = await sut.getAuth(pageRequest('/'));
    expect(auth).toMatchObject({ user: null, sessionEnded: false, unavailable: false });
  });

  it('asks the API once per request, however many loaders want to know', async () => {
    const request = pageRequest('/l/admin', 'admin');
    const [a, b, c] = await Promise.all([sut.getUser(request), sut.getUser(request), sut.getAuth(request)]);
    expect(a?.name).toBe('Alex Admin');
    expect(b).toBe(a);
    expect(c.user).toBe(a);
    expect(api.requests.filter((r) => r.url === ME_PATH)).toHaveLength(1);
  });

  it('reports a session that ended because the token could not be refreshed, with the cookie that clears it', async () => {
    const auth = await sut.getAuth(pageRequest('/', 'expired'));
    expect(auth.user).toBeNull();
    expect(auth.sessionEnded).toBe(true);
    expect(auth.headers.getSetCookie()).toEqual([CLEAR_SESSION_COOKIE]);
  });

  it('passes on cookies the API sets on a successful answer too (a refreshed session)', async () => {
    api.on(ME_PATH, (_req, res) =>
      json(res, 200, ME.customer, { 'Set-Cookie': 'hearth_session=rolled; Path=/; HttpOnly' }),
    );
    const auth = await sut.getAuth(pageRequest('/', 'customer'));
    expect(auth.user?.name).toBe('Casey Customer');
    expect(auth.headers.getSetCookie()).toEqual(['hearth_session=rolled; Path=/; HttpOnly']);
  });

  it('ignores roles it does not know and falls back to the e-mail for a missing name', async () => {
    api.on(ME_PATH, (_req, res) =>
      json(res, 200, { ...ME.customer, name: '', userName: null, roles: ['ROLE_USER', 'ROLE_ROOT'] }),
    );
    const user = await sut.getUser(pageRequest('/', 'customer'));
    expect(user).toMatchObject({ name: 'customer@hearth.test', roles: ['ROLE_USER'], isChef: false });
  });

  it('is anonymous when the API has no auth routes yet (404)', async () => {
    api.reset();
    expect(await sut.getAuth(pageRequest('/'))).toMatchObject({ user: null, unavailable: false });
  });

  it('says "cannot tell" when the API fails', async () => {
    api.on(ME_PATH, (_req, res) => problem(res, 500, 'Internal Server Error', ME_PATH));
    expect(await sut.getAuth(pageRequest('/', 'customer'))).toMatchObject({
      user: null,
      unavailable: true,
      sessionEnded: false,
    });
  });
});
