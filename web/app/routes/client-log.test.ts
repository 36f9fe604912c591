import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./client-log');
const API = '/services/publisher/api';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
let received: unknown[] = [];

function post(body: string, headers: Record<string, string> = {}) {
  const request = new Request('http://hearth.test/client-log', {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      Origin: 'http://hearth.test',
      'User-Agent': CHROME,
      'x-hearth-client-address': '198.51.100.7',
      ...headers,
    },
  });
  return route.action({ request, params: {}, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./client-log');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  received = [];
  api.on(`${API}/log`, async (req, res) => {
    received.push(JSON.parse((await readBody(req)).toString('utf8')));
    res.writeHead(204).end();
  });
});

describe('/client-log', () => {
  it("forwards a report's allowed fields to the API's log, with the browser and its address", async () => {
    const response = await post(
      JSON.stringify({
        message: 'TypeError: x is undefined',
        stack: 'at a (b.js:1:2)',
        source: 'error',
        path: '/l/orders/order-status?orderNumber=HX7K2M9QPA',
        email: 'someone@example.com',
      }),
    );
    expect(response.status).toBe(204);
    expect(received).toEqual([
      {
        level: 'error',
        message: 'TypeError: x is undefined',
        stack: 'at a (b.js:1:2)',
        source: 'error',
        path: '/l/orders/order-status',
        release: 'test',
        userAgent: CHROME,
      },
    ]);
    const forwarded = api.requests.find((r) => r.url === `${API}/log`);
    expect(forwarded?.headers['x-forwarded-for']).toBe('198.51.100.7');
  });

  it('cuts an oversize message and stack to the bounds the API accepts', async () => {
    await post(JSON.stringify({ message: 'm'.repeat(900), stack: 's'.repeat(5000) }));
    const [body] = received as Array<{ message: string; stack: string }>;
    expect(body.message).toHaveLength(500);
    expect(body.stack).toHaveLength(4096);
  });

  it('refuses what is not a report, and too large a body, without calling the API', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post(JSON.stringify({ stack: 'no message' }))).status).toBe(400);
    expect((await post(JSON.stringify({ message: 'x'.repeat(20_000) }))).status).toBe(413);
    expect(received).toHaveLength(0);
  });

  it("passes the API's rate limit on as 429", async () => {
    api.on(`${API}/log`, (_req, res) =>
      json(
        res,
        429,
        { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Too many requests.' },
        { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
      ),
    );
    expect((await post(JSON.stringify({ message: 'Boom' }))).status).toBe(429);
  });
});
