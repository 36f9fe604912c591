/**
 * Whole-document tests: the built app behind the real Express server (server.js, production mode), with
 * a real HTTP server standing in for the API.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAGLINE } from '@hearth/shared';
import { json, problem, readBody, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { BOT_UA, startWebServer, titleOf } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';

const chefs = Array.from({ length: 6 }, (_, i) => ({
  id: i + 1,
  kitchenName: `kitchen-${i + 1}`,
  brandDisplayName: `Kitchen Number ${i + 1}`,
  brandType: 'HOME_KITCHEN',
  speciality: `Speciality ${i + 1}`,
  profileDescription: 'Cooked with care.',
  logo: i === 0 ? '/services/publisher/api/files/logo-1.png' : null,
  rating: { value: 4.5, count: 12 },
  city: 'Austin',
  state: 'TX',
  country: 'United States',
  currencyCode: 'USD',
}));

let api: FakeApi;
let web: WebServer;

async function page(pathname: string, init?: RequestInit) {
  const response = await web.fetch(pathname, init);
  return { response, html: await response.text() };
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`${API}/publisher/findByStatus`, (_req, res) => json(res, 200, chefs, { 'X-Total-Count': '6' }));
  api.on(`${API}/publisher/find-by-kitchen-name`, (req, res) => {
    const name = new URL(req.url ?? '', 'http://x').searchParams.get('kitchenName');
    if (name === 'exploding-kitchen')
      return problem(res, 500, 'Internal Server Error', '/publisher/find-by-kitchen-name');
    const chef = chefs.find((c) => c.kitchenName === name);
    if (chef) return json(res, 200, chef);
    problem(res, 404, 'Not Found', '/publisher/find-by-kitchen-name');
  });
  // The storefront /{kitchenName} is the kitchen page (`kitchen/{id or name}`); unknown names are the API's 404.
  for (const chef of chefs) {
    api.on(`${API}/kitchen/${chef.kitchenName}`, (_req, res) =>
      json(res, 200, {
        ...chef,
        id: String(chef.id),
        pickupLocations: [],
        timeZone: 'America/Chicago',
        today: '2025-01-01',
        dates: [],
      }),
    );
  }
  api.on(`${API}/kitchen/exploding-kitchen`, (_req, res) =>
    problem(res, 500, 'Internal Server Error', '/kitchen/exploding-kitchen'),
  );
  api.on(`${API}/contactus`, (_req, res) =>
    json(res, 201, { id: 'c1', receivedAt: new Date().toISOString() }),
  );
  web = await startWebServer({ API_URL: api.url });
});

afterAll(async () => {
  await web?.stop();
  await api?.close();
});

describe('pages', () => {
  it('renders the home page with the tagline, a search form and the approved kitchens', async () => {
    const { response, html } = await page('/');
    expect(response.status).toBe(200);
    expect(html).toContain(TAGLINE);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/l\/find-items"/);
    expect(html).toContain('name="zip"');
    expect(html).toContain('name="country"');
    expect(html).toContain('Kitchens on Hearth');
    for (const chef of chefs) expect(html).toContain(`href="/kitchen/${chef.id}"`);
    expect(html).toContain('src="/services/publisher/api/files/logo-1.png"');
  });

  it('renders an informational page with the default layout', async () => {
    const { response, html } = await page('/resources/about');
    expect(response.status).toBe(200);
    expect(titleOf(html)).toBe('About Hearth — Hearth');
    expect(html).toMatch(/<h1[^>]*>About Hearth<\/h1>/);
    expect(html).toContain('href="/resources/terms-of-service"');
    expect(html).toContain('href="/services/publisher/api/auth/login?redirect=%2Fresources%2Fabout"');
  });

  it('shows the storefront of a kitchen found by name', async () => {
    const { response, html } = await page('/kitchen-2');
    expect(response.status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Kitchen Number 2<\/h1>/);
  });
});

describe('error pages', () => {
  it.each(['/x.html', '/robots.txt', '/app.js.map', '/logo-min.png'])(
    'answers %s with the 404 page titled "404 - Page Not Found"',
    async (path) => {
      const { response, html } = await page(path);
      expect(response.status).toBe(404);
      expect(titleOf(html)).toBe('404 - Page Not Found');
      expect(html).toContain(`Page Not Found: ${path}`);
      expect(html).toContain('href="/resources/privacy-policy"');
    },
  );

  it('answers an unknown path with the 404 page', async () => {
    const { response, html } = await page('/no/such/page');
    expect(response.status).toBe(404);
    expect(titleOf(html)).toBe('404 - Page Not Found');
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(html).toContain('Page not found: /no/such/page');
  });

  it('answers a kitchen name the API does not know with the 404 page', async () => {
    const { response, html } = await page('/no-such-kitchen');
    expect(response.status).toBe(404);
    expect(titleOf(html)).toBe('404 - Page Not Found');
  });

  it('answers a failing API with the 500 page titled "500 - Internal Server Error"', async () => {
    const { response, html } = await page('/exploding-kitchen');
    expect(response.status).toBe(500);
    expect(titleOf(html)).toBe('500 - Internal Server Error');
    expect(html).toMatch(/<h1[^>]*>Internal Server Error<\/h1>/);
  });

  it('gives bots the status code with a tiny plain body instead of the error page', async () => {
    for (const path of ['/x.html', '/no/such/page']) {
      const response = await web.fetch(path, { headers: { 'User-Agent': BOT_UA } });
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
      const body = await response.text();
      expect(body.trim()).toBe('404');
    }
    // Ordinary pages are still rendered for bots.
    const home = await web.fetch('/', { headers: { 'User-Agent': BOT_UA } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(TAGLINE);
  });
});

describe('contact form without JavaScript', () => {
  it('shows field errors beside the fields with status 400', async () => {
    const { response, html } = await page('/resources/contact-us', {
      method: 'POST',
      body: new URLSearchParams({ legalName: 'Ada', email: 'nope', message: 'Hello there, Hearth team!' }),
    });
    expect(response.status).toBe(400);
    expect(html).toContain('Please enter a valid email address, like name@example.com.');
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="email"/);
  });

  it('redirects after sending and shows the success notification on the next page, once', async () => {
    const posted = await web.fetch('/resources/contact-us', {
      method: 'POST',
      body: new URLSearchParams({
        legalName: 'Ada',
        email: 'ada@example.com',
        message: 'Hello there, Hearth team!',
      }),
    });
    expect(posted.status).toBe(302);
    const cookie = posted.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const first = await page('/resources/contact-us', { headers: { Cookie: cookie } });
    expect(first.html).toContain('Operation Success!');
    expect(first.html).toContain('type="checkbox"');
    const cleared = first.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const second = await page('/resources/contact-us', { headers: { Cookie: cleared } });
    expect(second.html).not.toContain('Operation Success!');
  });
});

describe('static files', () => {
  it('serves the silent single-sign-on check page before Remix', async () => {
    const { response, html } = await page('/silent-check-sso.html');
    expect(response.status).toBe(200);
    expect(html).toContain('parent.postMessage(location.href, location.origin)');
  });

  it('serves the web manifest with its icons', async () => {
    const response = await web.fetch('/manifest.webmanifest');
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { name: string; icons: { src: string }[] };
    expect(manifest.name).toContain('Hearth');
    for (const icon of manifest.icons) expect((await web.fetch(icon.src)).status).toBe(200);
  });

  it('serves build metadata fresh, and the service worker', async () => {
    const meta = await web.fetch('/build-meta.json');
    expect(meta.headers.get('Cache-Control')).toContain('no-cache');
    expect(await meta.json()).toMatchObject({ buildId: 'test-build', builtAt: expect.any(String) });
    const sw = await web.fetch('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('Cache-Control')).toContain('no-cache');
  });
});

describe('API reverse proxy', () => {
  it('passes method, path, query, body, cookies, status and headers through unchanged', async () => {
    api.on(`${API}/echo`, async (req, res) => {
      const body = await readBody(req);
      res.writeHead(201, {
        'Content-Type': 'application/json',
        'Set-Cookie': ['hearth_session=xyz; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/'],
        'X-Request-Id': 'req-42',
      });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          cookie: req.headers.cookie,
          host: req.headers.host,
          length: body.length,
        }),
      );
    });
    const payload = Buffer.alloc(3 * 1024 * 1024, 'a');
    const response = await web.fetch(`${API}/echo?x=1&y=two`, {
      method: 'PUT',
      body: payload,
      headers: { Cookie: 'tz=UTC; hearth_session=abc', 'Content-Type': 'application/octet-stream' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Request-Id')).toBe('req-42');
    expect(response.headers.getSetCookie()).toEqual([
      'hearth_session=xyz; Path=/; HttpOnly; SameSite=Lax',
      'other=1; Path=/',
    ]);
    const echoed = await response.json();
    expect(echoed).toMatchObject({
      method: 'PUT',
      url: `${API}/echo?x=1&y=two`,
      cookie: 'tz=UTC; hearth_session=abc',
      length: payload.length,
    });
    // The browser's Host is kept, so the API builds links and cookies for the public origin.
    expect(echoed.host).toBe(new URL(web.url).host);
  });

  it('passes redirects through (login) instead of following them', async () => {
    api.on(`${API}/auth/login`, (_req, res) => {
      res.writeHead(302, { Location: 'http://idp.test/authorize?client_id=web' });
      res.end();
    });
    const response = await web.fetch(`${API}/auth/login?redirect=%2F`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('http://idp.test/authorize?client_id=web');
  });

  it('streams a response as it is produced', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    api.on(`${API}/stream`, async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first;');
      await released;
      res.end('second');
    });
    const response = await web.fetch(`${API}/stream`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('second');
  });

  it('passes API errors through as they are', async () => {
    const response = await web.fetch(`${API}/missing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('application/problem+json');
  });
});

describe('maintenance mode and an unreachable API', () => {
  let down: WebServer;

  beforeAll(async () => {
    down = await startWebServer({
      API_URL: `http://127.0.0.1:${await deadPort()}`,
      MAINTENANCE_MODE: 'true',
    });
  });
  afterAll(() => down?.stop());

  it('shows the maintenance page with status 503 for every page', async () => {
    for (const path of ['/', '/resources/about', '/x.html', '/no/such/page']) {
      const response = await down.fetch(path);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain('down for scheduled maintenance');
      expect(html).not.toContain('Kitchens on Hearth');
    }
  });

  it('answers API requests with a 502 problem when the API is down', async () => {
    const response = await down.fetch(`${API}/publisher/findByStatus`);
    expect(response.status).toBe(502);
    expect(response.headers.get('Content-Type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 502, title: 'Bad Gateway' });
  });
});

describe('an unreachable API outside maintenance', () => {
  let lonely: WebServer;

  beforeAll(async () => {
    lonely = await startWebServer({ API_URL: `http://127.0.0.1:${await deadPort()}` });
  });
  afterAll(() => lonely?.stop());

  it('still renders the home page, with a notice instead of the kitchens', async () => {
    const response = await lonely.fetch('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(TAGLINE);
    expect(html).toContain('We couldn’t load the kitchens just now.');
    expect(html).toContain('Invalid Request. Check your internet connection and try again.');
  });

  it('answers /{id} with the 404 page, not a crash', async () => {
    const response = await lonely.fetch('/some-kitchen');
    expect(response.status).toBe(404);
    expect(titleOf(await response.text())).toBe('404 - Page Not Found');
  });
});
