import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, kitchenPage, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let loader: typeof import('./_default.kitchen.$id').loader;

function load(id: string) {
  return loader({ request: new Request(`http://hearth.test/kitchen/${id}`), params: { id }, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader } = await import('./_default.kitchen.$id'));
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
    api.on(`${API}/kitchen/pending-one`, (_req, res) => sendProblem(res, 404, 'No kitchen is called "pending-one".'));
    expect(await thrownBy(load('pending-one'))).toEqual({ status: 404, data: 'Page not found: /kitchen/pending-one' });
  });

  it('lets a server failure through as an error', async () => {
    api.on(`${API}/kitchen/broken`, (_req, res) => sendProblem(res, 500, 'boom'));
    const thrown = await load('broken').catch((e: unknown) => e);
    expect((thrown as { status?: number }).status).toBe(500);
  });
});
