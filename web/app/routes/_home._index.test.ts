import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let loader: typeof import('./_home._index').loader;
const FIND = '/services/publisher/api/publisher/findByStatus';

function load() {
  return loader({ request: new Request('http://hearth.test/'), params: {}, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader } = await import('./_home._index'));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

describe('home page kitchens', () => {
  it('lists the first 24 approved chefs with the total from X-Total-Count', async () => {
    api.on(FIND, (_req, res) => json(res, 200, [{ id: 1, kitchenName: 'a' }], { 'X-Total-Count': '31' }));
    const result = await load();
    expect(result).toMatchObject({ chefs: [{ id: 1 }], total: 31, error: null });
    expect(api.requests[0].url).toBe(`${FIND}?status=APPROVED&page=0&size=24`);
  });

  it('renders a notice with the generic failure text when the API fails', async () => {
    api.on(FIND, (_req, res) => problem(res, 503, 'Service Unavailable', FIND));
    expect(await load()).toEqual({
      chefs: [],
      total: 0,
      error: 'Error: Service Unavailable - 503 - Logout and Login Again, If Required. Or Contact Support.',
    });
  });

  it('renders a notice when the API is unreachable', async () => {
    await api.close();
    expect(await load()).toMatchObject({ chefs: [], error: 'Invalid Request. Check your internet connection and try again.' });
  });
});
