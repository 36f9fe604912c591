/**
 * Cross-site request forgery (S-02): the real web server (server.js) in front of a fake API refuses every
 * unsafe request that does not come from a page of this site, for Remix actions and the API proxy alike.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const CONTACT = {
  legalName: 'Ada',
  email: 'ada@example.com',
  message: 'Hello there, Hearth team!',
};

let api: FakeApi;
let web: WebServer;

beforeAll(async () => {
  api = await startFakeApi();
  web = await startWebServer({ API_URL: api.url, WEB_ORIGIN: 'https://hearth.example' });
});

afterAll(async () => {
  await web?.stop();
  await api?.close();
});

beforeEach(() => {
  api.reset();
  api.on(`${API}/contactus`, (_req, res) => json(res, 201, { id: 'c1' }));
  api.on(`${API}/auth/logout`, (_req, res) => {
    res.writeHead(303, { Location: '/' }).end();
  });
});

const contact = (headers: Record<string, string>) =>
  web.fetch('/resources/contact-us', {
    method: 'POST',
    headers: { Accept: 'text/html', ...headers },
    body: new URLSearchParams(CONTACT),
  });
const reachedApi = () => api.requests.filter((r) => r.method === 'POST').map((r) => r.url);

describe('unsafe requests to a Remix action', () => {
  it.each([
    ['another origin', { Origin: 'https://evil.example' }],
    ['a sibling subdomain', { Origin: 'https://user-content.hearth.example' }],
    ['Origin: null (sandboxed frame)', { Origin: 'null' }],
    ['no Origin and a foreign Referer', { Referer: 'https://evil.example/page' }],
    ['neither Origin nor Referer', {}],
    [
      'a foreign Origin even with a Referer of this site',
      { Origin: 'https://evil.example', Referer: 'SELF' },
    ],
  ])('refuses %s with 403 and changes nothing', async (_name, given: Record<string, string>) => {
    const headers = new Headers({ Accept: 'text/html', 'User-Agent': 'Mozilla/5.0 Chrome/130' });
    for (const [k, v] of Object.entries(given))
      headers.set(k, v === 'SELF' ? `${web.url}/resources/contact-us` : v);
    // Plain fetch: Node sends no Origin of its own, so each case is exactly the headers above.
    const response = await fetch(`${web.url}/resources/contact-us`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(CONTACT),
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request refused');
    expect(reachedApi()).toEqual([]);
  });

  it('accepts the same post from a page of this site (Origin: the request host)', async () => {
    const response = await contact({ Origin: web.url });
    expect(response.status).toBe(302);
    expect(reachedApi()).toEqual([`${API}/contactus`]);
  });

  it('accepts the configured public origin (WEB_ORIGIN, behind a proxy)', async () => {
    // The TLS proxy in front keeps the public host in X-Forwarded-Host.
    const response = await contact({
      Origin: 'https://hearth.example',
      'X-Forwarded-Host': 'hearth.example',
      'X-Forwarded-Proto': 'https',
    });
    expect(response.status).toBe(302);
  });

  it('accepts a Referer of this site when the browser sends no Origin', async () => {
    const response = await contact({ Referer: `${web.url}/resources/contact-us` });
    expect(response.status).toBe(302);
    // The API hears the Origin the web server vouched for.
    expect(api.requests.find((r) => r.method === 'POST')?.headers.origin).toBe(web.url);
  });
});

describe('unsafe requests through the API proxy', () => {
  it('refuses a cross-site sign-out with a 403 problem', async () => {
    const response = await web.fetch(`${API}/auth/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: 'hearth_session=victim' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 403, detail: 'Cross-site request refused.' });
    expect(reachedApi()).toEqual([]);
  });

  it('passes a same-site sign-out on to the API', async () => {
    const response = await web.fetch(`${API}/auth/logout`, {
      method: 'POST',
      headers: { Origin: web.url, Cookie: 'hearth_session=victim' },
    });
    expect(response.status).toBe(303);
    expect(reachedApi()).toEqual([`${API}/auth/logout`]);
  });

  it('lets an app call with a bearer token and no cookies through (the API checks the token)', async () => {
    const response = await web.fetch(`${API}/contactus`, {
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def.ghi', Origin: 'null' },
    });
    expect(response.status).toBe(201);
  });

  it('refuses a bearer call that also carries cookies from another site', async () => {
    const response = await web.fetch(`${API}/contactus`, {
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def.ghi', Cookie: 'hearth_session=victim', Origin: 'null' },
    });
    expect(response.status).toBe(403);
  });

  it('lets an RFC 8058 one-click unsubscribe through from a mail provider, without passing cookies on', async () => {
    api.on(`${API}/unsubscribe`, (req, res) => json(res, 200, { cookie: req.headers.cookie ?? null }));
    const response = await fetch(`${web.url}${API}/unsubscribe?token=abc.def`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://mail.provider.example',
        Cookie: 'hearth_session=victim',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cookie: null });
    expect(reachedApi()).toEqual([`${API}/unsubscribe?token=abc.def`]);
  });

  it('exempts exactly that address: resubscribing cross-site is refused', async () => {
    const response = await web.fetch(`${API}/unsubscribe/resubscribe?token=abc.def`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(reachedApi()).toEqual([]);
  });

  it('leaves safe methods alone', async () => {
    api.on(`${API}/jobs`, (_req, res) => json(res, 200, []));
    const response = await web.fetch(`${API}/jobs`, { headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
  });
});
