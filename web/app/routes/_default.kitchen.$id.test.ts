import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, ITEM_ID, jsonBody, kitchenPage, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let loader: typeof import('./_default.kitchen.$id').loader;
let action: typeof import('./_default.kitchen.$id').action;
let getToast: typeof import('~/lib/ui/toast.server').getToast;

function load(id: string) {
  return loader({ request: new Request(`http://hearth.test/kitchen/${id}`), params: { id }, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader, action } = await import('./_default.kitchen.$id'));
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

describe('/kitchen/{id}', () => {
  it('shows the kitchen page of the API, for anyone', async () => {
    api.on(`${API}/kitchen/${kitchenPage.id}`, (_req, res) => json(res, 200, kitchenPage));
    const result = await load(kitchenPage.id);
    expect(result.kitchen.brandDisplayName).toBe("Robin's Kitchen");
    expect(result.kitchen.dates).toHaveLength(2);
  });

  it('answers "Page not found" for an unknown, pending or blocked kitchen (the API says 404)', async () => {
    api.on(`${API}/kitchen/pending-one`, (_req, res) =>
      sendProblem(res, 404, 'No kitchen is called "pending-one".'),
    );
    expect(await thrownBy(load('pending-one'))).toEqual({
      status: 404,
      data: 'Page not found: /kitchen/pending-one',
    });
  });

  it('lets a server failure through as an error', async () => {
    api.on(`${API}/kitchen/broken`, (_req, res) => sendProblem(res, 500, 'boom'));
    const thrown = await load('broken').catch((e: unknown) => e);
    expect((thrown as { status?: number }).status).toBe(500);
  });

  it('adds a dish from its form and comes back to the dish on the kitchen page, saying what was added', async () => {
    let body: unknown;
    api.on(`${API}/cart/items`, async (req, res) => {
      body = await jsonBody(req);
      json(
        res,
        201,
        { cartItems: [{ cartItemId: 'c1', itemId: ITEM_ID, item: { id: ITEM_ID, name: 'Tomato soup' } }] },
        {
          'Set-Cookie': 'hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax',
        },
      );
    });
    const post = (redirectTo: string) =>
      action({
        request: new Request(`http://hearth.test/kitchen/${kitchenPage.id}`, {
          method: 'POST',
          body: new URLSearchParams([
            ['intent', 'add-to-cart'],
            ['itemId', ITEM_ID],
            ['pricingOption', 'p-1'],
            ['slot', '2030-01-04|PM_5_7'],
            ['deliveryOption', 'PICKUP'],
            ['orderQuantity', '1'],
            ['redirectTo', redirectTo],
          ]),
        }),
        params: { id: kitchenPage.id },
        context: {},
      }) as Promise<Response>;
    const response = await post(`/kitchen/${kitchenPage.id}#dish-${ITEM_ID}`);
    expect(body).toMatchObject({
      itemId: ITEM_ID,
      dates: [{ date: '2030-01-04', timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' }],
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/kitchen/${kitchenPage.id}#dish-${ITEM_ID}`);
    expect(response.headers.getSetCookie()).toContain('hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax');
    const toast = response.headers
      .getSetCookie()
      .filter((c) => c.startsWith('hearth_toast='))
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(
      (await getToast(new Request('http://hearth.test/', { headers: { Cookie: toast } }))).toast?.text,
    ).toBe('Added Tomato soup for Fri, Jan 4 to your cart');
    // Not a path of this site: back to the kitchen page itself.
    expect((await post('/\\evil.example')).headers.get('Location')).toBe(`/kitchen/${kitchenPage.id}`);
  });
});
