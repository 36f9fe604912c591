import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@hearth/shared';
import { CLEAR_SESSION_COOKIE, fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let sut: typeof import('./guards.server');
let toasts: typeof import('../ui/toast.server');

const API = '/services/publisher/api';

/** What a guard threw: a Response (redirect) — fails when it returned or threw something else. */
async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => {
      throw new Error('expected the guard to throw, but it returned');
    },
    (e: unknown) => e,
  );
  if (!(thrown instanceof Response)) throw thrown;
  return thrown;
}

async function toastAfter(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await toasts.getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  sut = await import('./guards.server');
  toasts = await import('../ui/toast.server');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('requireUser', () => {
  it('sends an anonymous visitor to sign in, coming back to the same path and query', async () => {
    const response = await thrownResponse(sut.requireUser(pageRequest('/l/orders?page=2')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Forders%3Fpage%3D2',
    );
    // The login route is not a page of the app: a client-side navigation must load it as a document.
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
  });

  it('returns the signed-in user', async () => {
    expect(await sut.requireUser(pageRequest('/l/orders', 'customer'))).toMatchObject({
      name: 'Casey Customer',
    });
  });

  it('after a failed token refresh: clears the session cookie and says "Failed to refresh token" on the way to sign in', async () => {
    const response = await thrownResponse(sut.requireUser(pageRequest('/l/favs', 'expired')));
    expect(response.headers.get('Location')).toBe('/services/publisher/api/auth/login?redirect=%2Fl%2Ffavs');
    expect(response.headers.getSetCookie()).toContain(CLEAR_SESSION_COOKIE);
    expect(await toastAfter(response)).toMatchObject({ kind: 'negative', text: 'Failed to refresh token' });
  });

  it('shows an error page (503) instead of a sign-in loop when the API cannot tell who is signed in', async () => {
    api.on(`${API}/auth/me`, (_req, res) => problem(res, 500, 'Internal Server Error', `${API}/auth/me`));
    const thrown = await thrownBy(sut.requireUser(pageRequest('/l/orders', 'customer')));
    expect(thrown.status).toBe(503);
  });
});

describe('requireRole', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const response = await thrownResponse(sut.requireRole(pageRequest('/l/admin'), Role.ADMIN));
    expect(response.headers.get('Location')).toBe('/services/publisher/api/auth/login?redirect=%2Fl%2Fadmin');
  });

  it('answers 403 naming the role and the account when the signed-in user lacks the role', async () => {
    expect(await thrownBy(sut.requireRole(pageRequest('/l/admin', 'customer'), Role.ADMIN))).toEqual({
      status: 403,
      data: 'This page is for admins. You are signed in as Casey Customer, who is not an admin.',
    });
    expect(await thrownBy(sut.requireRole(pageRequest('/l/settings', 'admin'), Role.CHEF))).toEqual({
      status: 403,
      data: 'This page is for chefs. You are signed in as Alex Admin, who is not a chef.',
    });
  });

  it('lets a user with the role through', async () => {
    expect(await sut.requireRole(pageRequest('/l/admin', 'admin'), Role.ADMIN)).toMatchObject({
      name: 'Alex Admin',
    });
    expect(await sut.requireRole(pageRequest('/l/manage-menus', 'chef'), Role.CHEF)).toMatchObject({
      name: 'Priya Raman',
    });
  });
});

describe('requireNonEmptyCart', () => {
  it('sends the visitor to find food with "Your cart is empty." while the API has no cart (404)', async () => {
    const response = await thrownResponse(sut.requireNonEmptyCart(pageRequest('/l/cart')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/find-items');
    expect(await toastAfter(response)).toMatchObject({ kind: 'info', text: 'Your cart is empty.' });
    expect(api.requests.map((r) => r.url)).toContain(`${API}/cart`);
  });

  it('does the same for a cart without lines, keeping the cookies the API set', async () => {
    api.on(`${API}/cart`, (_req, res) =>
      json(
        res,
        200,
        { id: null, cartItems: [], removed: [] },
        { 'Set-Cookie': 'hearth_cart=; Path=/; Max-Age=0' },
      ),
    );
    const response = await thrownResponse(sut.requireNonEmptyCart(pageRequest('/l/cart', 'customer')));
    expect(response.headers.get('Location')).toBe('/l/find-items');
    expect(response.headers.getSetCookie()).toContain('hearth_cart=; Path=/; Max-Age=0');
  });

  it('says which lines the API just removed when that emptied the cart', async () => {
    api.on(`${API}/cart`, (_req, res) =>
      json(res, 200, {
        id: 'c1',
        cartItems: [],
        removed: [
          {
            cartItemId: 'a',
            reason: 'PAST_DATE',
            message: '"Apple Pie" was removed from your cart: its date 2026-11-20 has passed.',
          },
        ],
      }),
    );
    const response = await thrownResponse(sut.requireNonEmptyCart(pageRequest('/l/cart', 'customer')));
    expect(await toastAfter(response)).toMatchObject({
      kind: 'info',
      text: '"Apple Pie" was removed from your cart: its date 2026-11-20 has passed. Your cart is empty.',
    });
  });

  it("returns a cart that has lines (the API's cartItems), with the cookies the API set", async () => {
    api.on(`${API}/cart`, (_req, res) =>
      json(
        res,
        200,
        {
          id: 'c1',
          cartItems: [{ cartItemId: 'a' }, { cartItemId: 'b' }],
          totals: [],
          isValid: true,
          removed: [],
        },
        { 'Set-Cookie': 'hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax' },
      ),
    );
    const cart = await sut.requireNonEmptyCart(pageRequest('/l/cart', 'customer'));
    expect(cart.items).toHaveLength(2);
    expect(cart.body).toMatchObject({ id: 'c1', isValid: true });
    expect(cart.headers.getSetCookie()).toEqual(['hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax']);
  });
});
