import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToast } from '~/lib/ui/toast.server';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.settings_.stripe-return');

const PAGE = '/l/settings/stripe-return';

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

const load = (who: 'chef' | 'customer') =>
  thrownBy(route.loader({ request: pageRequest(PAGE, who), params: {}, context: {} }));

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.settings_.stripe-return');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/settings/stripe-return', () => {
  it('is for chefs', async () => {
    expect((await load('customer')).status).toBe(403);
  });

  it('records the finished onboarding and goes back to the settings with "Card payments enabled"', async () => {
    api.on(`${API}/settings/connect-stripe-account`, (req, res) =>
      json(res, req.method === 'POST' ? 200 : 405, {
        state: 'ENABLED',
        accountId: 'acct_1',
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
      }),
    );
    const response = await route.loader({ request: pageRequest(PAGE, 'chef'), params: {}, context: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/settings#getting-paid');
    expect(await toastOf(response)).toMatchObject({ kind: 'positive', text: 'Card payments enabled' });
  });

  it('says so when onboarding is not finished, and passes on the API refusal', async () => {
    api.on(`${API}/settings/connect-stripe-account`, (_req, res) =>
      json(res, 200, { state: 'ONBOARDING', accountId: 'acct_1', chargesEnabled: false }),
    );
    const unfinished = await route.loader({ request: pageRequest(PAGE, 'chef'), params: {}, context: {} });
    expect(await toastOf(unfinished)).toMatchObject({
      kind: 'warning',
      text: expect.stringContaining('not finished'),
    });

    api.reset();
    api.on(`${API}/auth/me`, fakeMe);
    api.on(`${API}/settings/connect-stripe-account`, (_req, res) =>
      sendProblem(res, 409, 'Set up card payments with Stripe first.'),
    );
    const refused = await route.loader({ request: pageRequest(PAGE, 'chef'), params: {}, context: {} });
    expect(refused.headers.get('Location')).toBe('/l/settings#getting-paid');
    expect(await toastOf(refused)).toMatchObject({
      kind: 'negative',
      text: 'Set up card payments with Stripe first.',
    });
  });
});
