import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.unsubscribe');

const API = '/services/publisher/api';
const INFO = {
  email: 'sam@example.test',
  scope: 'chef',
  label: "Priya's Kitchen's news",
  publisherId: 'k1',
  kitchenName: "Priya's Kitchen",
  zipcode: null,
  unsubscribed: false,
};

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.unsubscribe');
});
afterAll(() => api.close());
beforeEach(() => api.reset());

describe('/l/unsubscribe', () => {
  it('shows what the link unsubscribes from and changes nothing on GET', async () => {
    api.on(`${API}/unsubscribe`, (req, res) => json(res, req.method === 'GET' ? 200 : 500, INFO));
    const result = await route.loader({
      request: pageRequest('/l/unsubscribe?token=abc.def'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ token: 'abc.def', info: INFO, error: null });
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/unsubscribe?token=abc.def`]);
  });

  it('unsubscribes on POST and comes back to the page to say so', async () => {
    api.on(`${API}/unsubscribe`, (_req, res) => json(res, 200, { ...INFO, unsubscribed: true }));
    const response = (await route.action({
      request: pageRequest('/l/unsubscribe?token=abc.def', undefined, {
        method: 'POST',
        body: new URLSearchParams({ token: 'abc.def', intent: 'unsubscribe' }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${API}/unsubscribe?token=abc.def`,
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/unsubscribe?token=abc.def&done=unsubscribed');
  });

  it("shows the API's sentence for a forged token", async () => {
    api.on(`${API}/unsubscribe`, (_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/problem+json' });
      res.end(
        JSON.stringify({ title: 'Bad Request', status: 400, detail: 'This unsubscribe link is not valid.' }),
      );
    });
    const result = await route.loader({
      request: pageRequest('/l/unsubscribe?token=forged'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({
      data: { info: null, error: 'This unsubscribe link is not valid.' },
      init: { status: 400 },
    });
  });
});
