import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, TIME_ZONE_HEADER, genericErrorMessage } from '@hearth/shared';
import { json, problem, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
// Imported after API_URL points at the fake API (the env is read once, on first use).
let sut: typeof import('./client.server');

const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function browserRequest(headers: Record<string, string> = {}) {
  return new Request('http://hearth.test/some/page', { headers });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  sut = await import('./client.server');
});

afterAll(() => api.close());

beforeEach(() => api.reset());

describe('apiFetch', () => {
  it('prefixes the API path, encodes the query and returns the parsed body', async () => {
    api.on('/services/publisher/api/publisher/findByStatus', (_req, res) =>
      json(res, 200, [{ id: 1 }], { 'X-Total-Count': '42' }),
    );
    const result = await sut.apiFetch<{ id: number }[]>(browserRequest(), 'publisher/findByStatus', {
      query: { status: 'APPROVED', page: 0, size: 24, skipped: undefined },
    });
    expect(result.data).toEqual([{ id: 1 }]);
    expect(sut.totalCount(result.headers)).toBe(42);
    expect(api.requests[0].url).toBe(
      '/services/publisher/api/publisher/findByStatus?status=APPROVED&page=0&size=24',
    );
  });

  it.each(['..', '.', '%2e%2E', '.%2e'])(
    'refuses a %s path segment from any builder, before a request leaves (S-23)',
    async (dots) => {
      const refused = sut.apiFetch(browserRequest(), `item/${dots}/admin/kitchens`);
      await expect(refused).rejects.toMatchObject({ status: 404 });
      expect(api.requests).toHaveLength(0);
    },
  );

  it("forwards the browser's cookies and sends the user's time zone from the tz cookie", async () => {
    api.on('/services/publisher/api/consumer', (_req, res) => json(res, 200, {}));
    await sut.apiFetch(browserRequest({ Cookie: 'hearth_session=abc123; tz=Asia%2FKolkata' }), 'consumer');
    const sent = api.requests[0].headers;
    expect(sent.cookie).toBe('hearth_session=abc123; tz=Asia%2FKolkata');
    expect(sent[TIME_ZONE_HEADER.toLowerCase()]).toBe('Asia/Kolkata');
  });

  it("forwards the browser's Origin, so the API can refuse a cross-site call (S-02)", async () => {
    api.on('/services/publisher/api/consumer', (_req, res) => json(res, 200, {}));
    const post = new Request('http://hearth.test/l/addresses', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: 'hearth_session=abc' },
    });
    await sut.apiFetch(post, 'consumer', { method: 'POST', json: {} });
    expect(api.requests[0].headers.origin).toBe('https://evil.example');
  });

  it("names this site as the Origin when the browser sent none (a page load's GET)", async () => {
    api.on('/services/publisher/api/consumer', (_req, res) => json(res, 200, {}));
    await sut.apiFetch(browserRequest({ Cookie: 'hearth_session=abc' }), 'consumer');
    expect(api.requests[0].headers.origin).toBe('http://hearth.test');
  });

  it("falls back to the server's time zone without a tz cookie or with an invalid one", async () => {
    api.on('/services/publisher/api/consumer', (_req, res) => json(res, 200, {}));
    await sut.apiFetch(browserRequest(), 'consumer');
    await sut.apiFetch(browserRequest({ Cookie: 'tz=Not%2FA_Zone' }), 'consumer');
    expect(api.requests.map((r) => r.headers['x-time-zone'])).toEqual([serverZone, serverZone]);
    expect(api.requests[0].headers.cookie).toBeUndefined();
  });

  it('sends a JSON body', async () => {
    let received = '';
    api.on('/services/publisher/api/contactus', async (req, res) => {
      received = (await readBody(req)).toString();
      json(res, 201, { ok: true });
    });
    const result = await sut.apiFetch(browserRequest(), 'contactus', {
      method: 'POST',
      json: { email: 'a@b.c' },
    });
    expect(result.status).toBe(201);
    expect(JSON.parse(received)).toEqual({ email: 'a@b.c' });
    expect(api.requests[0].headers['content-type']).toBe('application/json');
  });

  it('turns an application/problem+json error into an ApiError carrying the problem', async () => {
    api.on('/services/publisher/api/item/7', (_req, res) => problem(res, 409, 'Sold out', '/item/7'));
    const error = await sut.apiFetch(browserRequest(), 'item/7').catch((e: unknown) => e);
    expect(sut.isApiError(error)).toBe(true);
    const apiError = error as InstanceType<typeof sut.ApiError>;
    expect(apiError.status).toBe(409);
    expect(apiError.problem).toMatchObject({ title: 'Sold out', status: 409 });
    expect(apiError.message).toBe(genericErrorMessage('Sold out', 409));
  });

  it("sends the browser's address (set by server.js) as X-Forwarded-For, and nothing without one", async () => {
    api.on('/services/publisher/api/consumer', (_req, res) => json(res, 200, {}));
    await sut.apiFetch(browserRequest({ [sut.CLIENT_ADDRESS_HEADER]: '203.0.113.7' }), 'consumer');
    await sut.apiFetch(browserRequest(), 'consumer');
    expect(api.requests.map((r) => r.headers['x-forwarded-for'])).toEqual(['203.0.113.7', undefined]);
  });

  it("turns the API's 429 into a 429 route error with its sentence and Retry-After", async () => {
    api.on('/services/publisher/api/_search/items', (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': '42' });
      res.end(
        JSON.stringify({
          type: 'https://hearth.example/problems/too-many-requests',
          title: 'Too Many Requests',
          status: 429,
          detail: 'Too many requests. Try again in 42 seconds.',
          message: 'error.http.429',
          path: '/services/publisher/api/_search/items',
        }),
      );
    });
    const error = await sut.apiFetch(browserRequest(), '_search/items').catch((e: unknown) => e);
    expect(sut.isApiError(error)).toBe(false);
    expect(error).toMatchObject({
      data: 'Too many requests. Try again in 42 seconds.',
      init: { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '42' } },
    });
  });

  it('gives an error without problem data the "no error data" text', async () => {
    api.on('/services/publisher/api/broken', (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = (await sut.apiFetch(browserRequest(), 'broken').catch((e: unknown) => e)) as InstanceType<
      typeof sut.ApiError
    >;
    expect(error.status).toBe(502);
    expect(error.problem).toBeNull();
    expect(error.message).toBe(MESSAGES.invalidRequest);
  });
});

describe('apiFetch when the API is unreachable', () => {
  it('throws an ApiError with status 0 and the spec text for a missing connection', async () => {
    await api.close();
    const error = (await sut
      .apiFetch(browserRequest(), 'publisher/findByStatus')
      .catch((e: unknown) => e)) as InstanceType<typeof sut.ApiError>;
    expect(sut.isApiError(error)).toBe(true);
    expect(error.unreachable).toBe(true);
    expect(error.status).toBe(0);
    expect(error.message).toBe('Invalid Request. Check your internet connection and try again.');
  });
});
