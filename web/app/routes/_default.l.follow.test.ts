import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.follow');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const API = '/services/publisher/api';

function post(fields: Record<string, string>, session: 'customer' | null = 'customer') {
  const request = pageRequest('/l/follow', session ?? undefined, {
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
  route = await import('./_default.l.follow');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/follow', () => {
  it('follows a kitchen without JavaScript and goes back to its page with a notification', async () => {
    api.on(`${API}/subscriptions/subscribe/consumer/k1`, (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const response = (await post({
      intent: 'follow',
      kitchenId: 'k1',
      kitchenName: "Priya's Kitchen",
      redirectTo: '/priyas-kitchen',
    })) as Response;
    expect(api.requests.find((r) => r.url === `${API}/subscriptions/subscribe/consumer/k1`)?.method).toBe(
      'POST',
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/priyas-kitchen');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: "You follow Priya's Kitchen: its new menus come to your inbox",
    });
  });

  it('answers a fetcher in place when unfollowing', async () => {
    api.on(`${API}/subscriptions/unsubscribe/consumer/k1`, (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const result = await post({ intent: 'unfollow', kitchenId: 'k1', kitchenName: 'Chez K', inPlace: '1' });
    expect(result).toEqual({ ok: true, following: false, text: 'You no longer follow Chez K' });
  });

  it('sends a guest to sign in before following', async () => {
    const response = (await post(
      { intent: 'follow', kitchenId: 'k1', redirectTo: '/kitchen/k1' },
      null,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toContain('login');
    expect(api.requests.some((r) => r.url.includes('subscriptions/'))).toBe(false);
  });

  it("passes a guest's e-mail on and says to check the inbox; a refused address says why", async () => {
    api.on(`${API}/subscriptions/subscribe/guest`, (_req, res) =>
      json(res, 202, { message: 'Check your inbox to confirm.' }),
    );
    const ok = (await post(
      { intent: 'guest', kitchenId: 'k1', email: 'sam@example.test', redirectTo: '/kitchen/k1' },
      null,
    )) as Response;
    expect(await toastOf(ok)).toMatchObject({ kind: 'positive', text: 'Check your inbox to confirm.' });

    api.on(`${API}/subscriptions/location`, (_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          title: 'Bad Request',
          status: 400,
          detail: 'zipcode must be a zip code of 3 to 12 letters, digits, spaces or hyphens',
          fieldErrors: [
            {
              field: 'zipcode',
              message: 'zipcode must be a zip code of 3 to 12 letters, digits, spaces or hyphens',
            },
          ],
        }),
      );
    });
    const refused = await post(
      { intent: 'location', email: 'sam@example.test', zipcode: '!', country: 'US', inPlace: '1' },
      null,
    );
    expect(refused).toMatchObject({
      data: { ok: false, error: 'zipcode must be a zip code of 3 to 12 letters, digits, spaces or hyphens' },
    });
  });
});
