import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLEAR_SESSION_COOKIE, fakeMe, pageRequest } from './test/auth-fixtures';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { BROWSER_UA } from './test/web-server';

let api: FakeApi;
let loader: typeof import('./root').loader;
let getToast: typeof import('./lib/ui/toast.server').getToast;

interface RootData {
  data: {
    user: { name: string } | null;
    cartCount: number | null;
    notifications: { kind: string; text: string }[];
  };
  init: ResponseInit | null;
}

/** A browser's page request; by default one that already went through the silent check. */
function visit(
  path: string,
  session?: 'customer' | 'expired',
  { cookie = 'hearth_sso=1', dataRequest = false } = {},
) {
  const request = pageRequest(path, session, {
    headers: { 'User-Agent': BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return loader({ request, params: {}, context: { dataRequest } });
}

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => new Error('expected the loader to throw a redirect'),
    (e: unknown) => e,
  );
  if (!(thrown instanceof Response)) throw thrown;
  return thrown;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader } = await import('./root'));
  ({ getToast } = await import('./lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on('/services/publisher/api/auth/me', fakeMe);
});

describe('root loader: who is signed in', () => {
  it('gives every route the signed-in user', async () => {
    const result = (await visit('/', 'customer')) as unknown as RootData;
    expect(result.data.user).toMatchObject({ name: 'Casey Customer', roles: ['ROLE_USER'] });
    expect(result.data.notifications).toEqual([]);
  });

  it('is anonymous on a 401', async () => {
    const result = (await visit('/')) as unknown as RootData;
    expect(result.data.user).toBeNull();
  });

  it('forwards the Set-Cookie that clears the session and shows "Failed to refresh token"', async () => {
    const result = (await visit('/resources/about', 'expired')) as unknown as RootData;
    expect(result.data.user).toBeNull();
    expect(new Headers(result.init?.headers).getSetCookie()).toContain(CLEAR_SESSION_COOKIE);
    expect(result.data.notifications).toEqual([
      expect.objectContaining({ kind: 'negative', text: 'Failed to refresh token' }),
    ]);
  });
});

describe('root loader: a failed sign-in (?authError=)', () => {
  it('redirects to the same URL without the parameter and flashes the reason', async () => {
    const response = await thrownResponse(visit('/resources/about?tab=2&authError=denied'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/resources/about?tab=2');
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { toast } = await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({
      kind: 'negative',
      text: 'We could not sign you in: access was denied at the sign-in page.',
    });
  });

  it('counts as the silent check of this browser session (no bounce through the provider afterwards)', async () => {
    const response = await thrownResponse(visit('/?authError=state', undefined, { cookie: '' }));
    expect(response.headers.get('Location')).toBe('/');
    expect(response.headers.getSetCookie()).toContain('hearth_sso=1; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe('root loader: silent single sign-on on a first visit', () => {
  it('sends a first visit through check-sso, returning to the page', async () => {
    const response = await thrownResponse(visit('/resources/about?x=1', undefined, { cookie: '' }));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      '/services/publisher/api/auth/check-sso?redirect=%2Fresources%2Fabout%3Fx%3D1',
    );
    expect(response.headers.getSetCookie()).toEqual(['hearth_sso=1; Path=/; HttpOnly; SameSite=Lax']);
  });

  it('never for _sso=0, a data request, a signed-in user, or once hearth_sso is set', async () => {
    for (const result of [
      await visit('/?_sso=0', undefined, { cookie: '' }),
      await visit('/', undefined, { cookie: '', dataRequest: true }),
      await visit('/', 'customer', { cookie: '' }),
      await visit('/'),
    ]) {
      expect((result as unknown as RootData).data).toHaveProperty('notifications');
    }
  });
});

describe('root loader: the cart count in the header', () => {
  const COUNT_PATH = '/services/publisher/api/cart/count';
  const countRequests = () => api.requests.filter((r) => r.url.startsWith(COUNT_PATH));

  it("asks cart/count for a signed-in customer's cart, with their cookies", async () => {
    api.on(COUNT_PATH, (_req, res) => json(res, 200, { count: 3 }));
    const result = (await visit('/resources/about', 'customer')) as unknown as RootData;
    expect(result.data.cartCount).toBe(3);
    expect(countRequests()).toHaveLength(1);
    expect(countRequests()[0].headers.cookie).toContain('hearth_session=customer');
  });

  it("asks for a guest's cart by its cookie, and passes on a cookie the API sets", async () => {
    api.on(COUNT_PATH, (_req, res) =>
      json(
        res,
        200,
        { count: 1 },
        { 'Set-Cookie': 'hearth_cart=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT' },
      ),
    );
    const result = (await visit('/', undefined, {
      cookie: 'hearth_sso=1; hearth_cart=abc',
    })) as unknown as RootData;
    expect(result.data.cartCount).toBe(1);
    expect(new Headers(result.init?.headers).getSetCookie()).toContain(
      'hearth_cart=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });

  it('asks nothing of a visitor who can have no cart (no session, no guest cart cookie): 0', async () => {
    api.on(COUNT_PATH, (_req, res) => json(res, 200, { count: 9 }));
    const result = (await visit('/')) as unknown as RootData;
    expect(result.data.cartCount).toBe(0);
    expect(countRequests()).toHaveLength(0);
  });

  it('shows no number, and still renders the page, when the API cannot say', async () => {
    api.on(COUNT_PATH, (_req, res) => json(res, 500, { title: 'Internal Server Error', status: 500 }));
    const result = (await visit('/', 'customer')) as unknown as RootData;
    expect(result.data.user).toMatchObject({ name: 'Casey Customer' });
    expect(result.data.cartCount).toBeNull();
  });
});
