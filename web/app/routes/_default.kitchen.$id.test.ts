import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, ITEM_ID, jsonBody, kitchenPage, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let loader: typeof import('./_default.kitchen.$id').loader;
let action: typeof import('./_default.kitchen.$id').action;
let getToast: typeof import('~/lib/ui/toast.server').getToast;

async function load(id: string) {
  const result = await loader({
    request: new Request(`http://hearth.test/kitchen/${id}`),
    params: { id },
    context: {},
  });
  return result.data;
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

  it('takes a kitchen code: a wrong one comes back beside the field, kept; a right one is remembered and sent to the API', async () => {
    const KITCHEN = kitchenPage.id;
    let sent: unknown;
    api.on(`${API}/secret-code/verify`, async (req, res) => {
      sent = await jsonBody(req);
      const { code } = sent as { code: string };
      if (code.toUpperCase() !== 'K7M2XQ9P') {
        sendProblem(
          res,
          400,
          "That code does not open this kitchen's private menus. Check it with the kitchen.",
          [
            {
              field: 'code',
              message: "That code does not open this kitchen's private menus. Check it with the kitchen.",
            },
          ],
        );
        return;
      }
      json(res, 200, { kitchenId: KITCHEN, kitchenName: 'robins-kitchen', code: 'K7M2XQ9P' });
    });
    const post = (code: string) =>
      action({
        request: new Request(`http://hearth.test/kitchen/${KITCHEN}`, {
          method: 'POST',
          body: new URLSearchParams([
            ['intent', 'unlock-kitchen'],
            ['kitchenId', KITCHEN],
            ['code', code],
          ]),
        }),
        params: { id: KITCHEN },
        context: {},
      });

    const wrong = (await post('nope')) as unknown as { data: unknown; init: ResponseInit };
    expect(sent).toEqual({ kitchen: KITCHEN, code: 'nope' });
    expect(wrong.init.status).toBe(400);
    expect(wrong.data).toEqual({
      unlock: {
        code: 'nope',
        error: "That code does not open this kitchen's private menus. Check it with the kitchen.",
      },
    });
    const empty = (await post('  ')) as unknown as { data: unknown; init: ResponseInit };
    expect(empty.data).toEqual({ unlock: { code: '  ', error: 'Enter the code the kitchen gave you.' } });

    const right = (await post('k7m2xq9p')) as Response;
    expect(right.status).toBe(302);
    expect(right.headers.get('Location')).toBe(`/kitchen/${KITCHEN}#menu`);
    const codes = right.headers
      .getSetCookie()
      .find((c) => c.startsWith('hearth_kitchen_codes='))!
      .split(';')[0];
    expect(right.headers.getSetCookie().find((c) => c.startsWith('hearth_kitchen_codes='))).toMatch(
      /HttpOnly/i,
    );

    // The next page load sends the code to the API; the page says the code is on.
    api.on(`${API}/kitchen/${KITCHEN}`, (_req, res) =>
      json(res, 200, { ...kitchenPage, hasSecretCode: true, privateMenusUnlocked: true }),
    );
    const page = await loader({
      request: new Request(`http://hearth.test/kitchen/${KITCHEN}`, { headers: { Cookie: codes } }),
      params: { id: KITCHEN },
      context: {},
    });
    expect(api.requests.find((r) => r.url === `${API}/kitchen/${KITCHEN}`)?.headers['x-kitchen-code']).toBe(
      `${KITCHEN}:K7M2XQ9P`,
    );
    expect(page.data).toMatchObject({ unlockedByCode: true, codeReplaced: false });
    expect(page.init?.headers).toBeDefined();

    // Once the chef has made a new code, the page forgets the old one and says so.
    api.on(`${API}/kitchen/${KITCHEN}`, (_req, res) =>
      json(res, 200, { ...kitchenPage, hasSecretCode: true, privateMenusUnlocked: false }),
    );
    const stale = await loader({
      request: new Request(`http://hearth.test/kitchen/${KITCHEN}`, { headers: { Cookie: codes } }),
      params: { id: KITCHEN },
      context: {},
    });
    expect(stale.data).toMatchObject({ unlockedByCode: false, codeReplaced: true });
    expect(new Headers(stale.init?.headers).get('Set-Cookie')).toMatch(/^hearth_kitchen_codes=;.*Max-Age=0/);
  });
});
