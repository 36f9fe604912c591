import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { BRANDS, cartDto } from '~/test/cart-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.cart');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith('hearth_toast='))
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast?.text;
}

const API = '/services/publisher/api';

function post(fields: Record<string, string>) {
  const request = pageRequest('/l/cart', undefined, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Cookie: 'hearth_cart=guest-token' },
  });
  return route.action({ request, params: {}, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.cart');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/publisher/find-by-kitchen-name`, (req, res) => {
    const name = new URL(req.url ?? '', 'http://x').searchParams.get('kitchenName') ?? '';
    json(res, 200, {
      kitchenName: name,
      brandDisplayName: BRANDS[name] ?? name,
      timeZoneId: 'America/New_York',
    });
  });
});

describe('/l/cart', () => {
  it("shows a guest's cart as the API priced it, kitchens by their brand names, passing the cart cookie on", async () => {
    api.on(`${API}/cart`, (req, res) => {
      expect(req.headers.cookie).toContain('hearth_cart=guest-token');
      json(res, 200, cartDto, { 'Set-Cookie': 'hearth_cart=guest-token; Path=/; HttpOnly' });
    });
    const result = (await route.loader({
      request: pageRequest('/l/cart', undefined, { headers: { Cookie: 'hearth_cart=guest-token' } }),
      params: {},
      context: {},
    })) as unknown as {
      data: {
        cart: {
          cartItems: { item: { kitchenName: string; timeZone?: string | null } }[];
          totalsByPublisher: { kitchenName: string }[];
          isValid: boolean;
        };
        signedIn: boolean;
      };
      init: ResponseInit;
    };
    expect(result.data.signedIn).toBe(false);
    expect(result.data.cart.isValid).toBe(false);
    expect(result.data.cart.cartItems.map((l) => l.item.kitchenName)).toEqual([
      "Priya's Kitchen",
      "Priya's Kitchen",
      'Hoboken Harvest',
    ]);
    // One clock: each line knows its kitchen's zone, for the page to name it.
    expect(result.data.cart.cartItems.map((l) => l.item.timeZone)).toEqual([
      'America/New_York',
      'America/New_York',
      'America/New_York',
    ]);
    expect(result.data.cart.totalsByPublisher.map((t) => t.kitchenName)).toEqual([
      "Priya's Kitchen",
      'Hoboken Harvest',
    ]);
    expect(new Headers(result.init.headers).getSetCookie()).toEqual([
      'hearth_cart=guest-token; Path=/; HttpOnly',
    ]);
  });

  // Issue 12 item 4: the messages say what happened ('Operation Success!' before).
  it('changes the quantity of a line (PUT cart/items/{id}) and comes back to the cart, saying so', async () => {
    let body: unknown;
    api.on(`${API}/cart/items/line-dal`, async (req, res) => {
      expect(req.method).toBe('PUT');
      body = JSON.parse((await readBody(req)).toString());
      json(res, 200, cartDto, { 'Set-Cookie': 'hearth_cart=guest-token; Path=/' });
    });
    const response = (await post({
      intent: 'update',
      cartItemId: 'line-dal',
      orderQuantity: '3',
    })) as Response;
    expect(body).toEqual({ orderQuantity: 3 });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/cart');
    expect(response.headers.getSetCookie()).toContain('hearth_cart=guest-token; Path=/');
    expect(await toastOf(response)).toBe('Quantity of Dal Tadka updated to 3');
  });

  it('removes a line (DELETE cart/items/{id}) and says which', async () => {
    api.on(`${API}/cart/items/line-salad`, (req, res) => {
      expect(req.method).toBe('DELETE');
      json(res, 200, {
        ...cartDto,
        cartItems: cartDto.cartItems.filter((l) => l.cartItemId !== 'line-salad'),
      });
    });
    const response = (await post({
      intent: 'remove',
      cartItemId: 'line-salad',
      itemName: 'Greek Salad',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/cart');
    // The answer no longer has the line: its name comes from the form.
    expect(await toastOf(response)).toBe('Removed Greek Salad from your cart');
  });

  it("shows a refused change beside its line, with the API's sentence and status", async () => {
    api.on(`${API}/cart/items/line-dal`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/sold-out',
        title: 'Sold out',
        status: 409,
        detail: 'Only 2 portions of "Dal Tadka" are left for Tue, Nov 24.',
        message: 'error.soldout',
        path: '/x',
      }),
    );
    const result = (await post({
      intent: 'update',
      cartItemId: 'line-dal',
      orderQuantity: '9',
    })) as unknown as {
      data: unknown;
      init: ResponseInit;
    };
    expect(result.init.status).toBe(409);
    expect(result.data).toEqual({
      cartItemId: 'line-dal',
      intent: 'update',
      orderQuantity: '9',
      error: 'Only 2 portions of "Dal Tadka" are left for Tue, Nov 24.',
    });
  });

  it('refuses a quantity that is not a whole number from 1 to 100 without calling the API', async () => {
    const result = (await post({
      intent: 'update',
      cartItemId: 'line-dal',
      orderQuantity: '1.5',
    })) as unknown as { init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(api.requests.some((r) => r.url.includes('cart/items'))).toBe(false);
  });
});
