import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_ID_FRAGMENTS } from '@hearth/shared';
import { json, problem, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let loader: typeof import('./_default.$id').loader;

const KITCHEN = '/services/publisher/api/kitchen';
const API = '/services/publisher/api';
const page = {
  id: 'k7',
  kitchenName: 'nanis-kitchen',
  brandDisplayName: 'Nani’s Kitchen',
  timeZone: 'America/Chicago',
  dates: [],
};

async function load(id: string) {
  const request = new Request(`http://hearth.test/${id}`);
  return (await loader({ request, params: { id: decodeURIComponent(id) }, context: {} })).data;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader } = await import('./_default.$id'));
});

afterAll(() => api.close());
beforeEach(() => api.reset());

describe('/{id}', () => {
  it.each(FORBIDDEN_ID_FRAGMENTS.map((fragment) => [fragment, `x${encodeURIComponent(fragment)}`]))(
    'answers 404 "Page Not Found: {path}" for an id containing %s, without asking the API',
    async (_fragment, id) => {
      const thrown = await thrownBy(load(id));
      expect(thrown).toEqual({ status: 404, data: `Page Not Found: /${id}` });
      expect(api.requests).toHaveLength(0);
    },
  );

  it('answers 404 for /x.html and /robots.txt', async () => {
    expect(await thrownBy(load('x.html'))).toEqual({ status: 404, data: 'Page Not Found: /x.html' });
    expect(await thrownBy(load('robots.txt'))).toEqual({ status: 404, data: 'Page Not Found: /robots.txt' });
  });

  it('looks the kitchen page up by kitchen name and shows it', async () => {
    api.on(`${KITCHEN}/nanis-kitchen`, (_req, res) => json(res, 200, page));
    const result = await load('nanis-kitchen');
    expect(result).toMatchObject({
      kitchen: { id: 'k7', brandDisplayName: 'Nani’s Kitchen' },
      favourite: false,
    });
    // Its times in the kitchen's zone (one clock), not the server's.
    expect(result.zone).toBe('America/Chicago');
    expect(api.requests[0].url).toBe(`${KITCHEN}/nanis-kitchen`);
    // The page's latest reviews, of the kitchen found (by its id).
    expect(api.requests.some((r) => r.url.startsWith(`${API}/rating/k7/list`))).toBe(true);
  });

  it('answers 404 "Page not found: {path}" when the API says 404 (unknown, pending or blocked kitchen)', async () => {
    api.on(`${KITCHEN}/no-such-kitchen`, (_req, res) => problem(res, 404, 'Not Found', KITCHEN));
    expect(await thrownBy(load('no-such-kitchen'))).toEqual({
      status: 404,
      data: 'Page not found: /no-such-kitchen',
    });
  });

  it('lets a server failure of the API through as an error (500 page)', async () => {
    api.on(`${KITCHEN}/some-kitchen`, (_req, res) => problem(res, 500, 'Internal Server Error', KITCHEN));
    const thrown = await load('some-kitchen').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as { status?: number }).status).toBe(500);
  });

  it('answers 404 (not a crash) when the API is unreachable', async () => {
    // Last test of the file: API_URL now points at a closed port.
    await api.close();
    expect(await thrownBy(load('some-kitchen'))).toEqual({
      status: 404,
      data: 'Page not found: /some-kitchen',
    });
  });
});
