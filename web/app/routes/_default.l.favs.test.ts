import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.favs');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const API = '/services/publisher/api';
const FAVS = `${API}/consumer/favourites`;

function post(fields: Record<string, string>, session: 'customer' | null = 'customer') {
  const request = pageRequest('/l/favs', session ?? undefined, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return route.action({ request, params: {}, context: {} });
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.favs');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/favs', () => {
  it('lists the favourite kitchens with their next dates', async () => {
    const kitchen = {
      id: 'k1',
      kitchenName: 'priyas-kitchen',
      brandDisplayName: "Priya's Kitchen",
      nextDates: [
        {
          date: '2026-11-24',
          timeSlots: ['PM_5_7'],
          orderBefore: '2026-11-24T10:00:00.000Z',
          menus: ['Weeknight Thali'],
        },
      ],
    };
    api.on(FAVS, (_req, res) => json(res, 200, [kitchen]));
    const result = await route.loader({
      request: pageRequest('/l/favs', 'customer'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ kitchens: [kitchen], loadError: null });
  });

  it('adds a favourite without JavaScript and goes back to the page it came from, saying which kitchen was added', async () => {
    api.on(`${FAVS}/k1`, (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const response = (await post({
      intent: 'add',
      kitchenId: 'k1',
      kitchenName: "Priya's Kitchen",
      redirectTo: '/l/find-chefs?zip=07302',
    })) as Response;
    expect(api.requests.find((r) => r.url === `${FAVS}/k1`)?.method).toBe('POST');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/find-chefs?zip=07302');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: "Priya's Kitchen added to your favourites",
    });
  });

  it('answers a fetcher (JavaScript) in place, and never redirects off the site', async () => {
    api.on(`${FAVS}/k1`, (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(
      await post({ intent: 'remove', kitchenId: 'k1', kitchenName: 'Dumpling Den', inPlace: '1' }),
    ).toEqual({
      ok: true,
      favourite: false,
      text: 'Dumpling Den removed from your favourites',
    });
    expect(api.requests.find((r) => r.url === `${FAVS}/k1`)?.method).toBe('DELETE');
    const response = (await post({
      intent: 'add',
      kitchenId: 'k1',
      redirectTo: '//evil.example/',
    })) as Response;
    expect(response.headers.get('Location')).toBe('/l/favs');
  });

  it('says what went wrong, in place or on the page it came back to', async () => {
    api.on(`${FAVS}/nope`, (_req, res) => problem(res, 404, 'Not Found', `${FAVS}/nope`));
    const inPlace = (await post({ intent: 'add', kitchenId: 'nope', inPlace: '1' })) as unknown as {
      data: { ok: boolean; error: string };
      init: ResponseInit;
    };
    expect(inPlace.init.status).toBe(404);
    expect(inPlace.data).toEqual({
      ok: false,
      error: 'Error: Not Found - 404 - Logout and Login Again, If Required. Or Contact Support.',
    });
    const back = (await post({ intent: 'add', kitchenId: 'nope', redirectTo: '/l/find-chefs' })) as Response;
    expect(back.headers.get('Location')).toBe('/l/find-chefs');
    expect(await toastOf(back)).toMatchObject({ kind: 'negative' });
  });

  it('sends a guest to sign in', async () => {
    const thrown = await post({ intent: 'add', kitchenId: 'k1' }, null).catch((e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toMatch(
      /^\/services\/publisher\/api\/auth\/login\?redirect=/,
    );
  });
});
