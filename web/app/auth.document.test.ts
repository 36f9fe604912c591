/**
 * Whole-document tests of sign-in state: the built app behind the real Express server, with a real HTTP
 * server standing in for the API (its `auth/me` picks the account from `hearth_session`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLEAR_SESSION_COOKIE, fakeMe } from './test/auth-fixtures';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { BOT_UA, startWebServer, titleOf } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const ME = `${API}/auth/me`;

let api: FakeApi;
let web: WebServer;

async function page(pathname: string, init?: Parameters<WebServer['fetch']>[1]) {
  const response = await web.fetch(pathname, init);
  return { response, html: await response.text() };
}

const as = (session: string) => ({ headers: { Cookie: `hearth_session=${session}` } });

/** The cookies a response sets, as the browser would send them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

beforeAll(async () => {
  api = await startFakeApi();
  web = await startWebServer({ API_URL: api.url });
});
afterAll(async () => {
  await web?.stop();
  await api?.close();
});
beforeEach(() => {
  api.reset();
  api.on(ME, fakeMe);
  api.on(`${API}/publisher/findByStatus`, (_req, res) => json(res, 200, []));
});

describe('silent single sign-on on a first visit', () => {
  it('sends a first visit through check-sso with the hearth_sso session cookie', async () => {
    const response = await web.fetch('/resources/about?x=1', { firstVisit: true });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      `${API}/auth/check-sso?redirect=%2Fresources%2Fabout%3Fx%3D1`,
    );
    expect(response.headers.getSetCookie()).toContain('hearth_sso=1; Path=/; HttpOnly; SameSite=Lax');
  });

  it('renders the page for _sso=0, for bots and once the cookie is set', async () => {
    expect((await web.fetch('/resources/about?_sso=0', { firstVisit: true })).status).toBe(200);
    expect(
      (await web.fetch('/resources/about', { firstVisit: true, headers: { 'User-Agent': BOT_UA } })).status,
    ).toBe(200);
    expect((await web.fetch('/resources/about')).status).toBe(200);
  });

  it('never redirects a client-side navigation (a .data request)', async () => {
    const response = await web.fetch('/resources/about.data', { firstVisit: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Remix-Redirect')).toBeNull();
  });
});

describe('the header and the session', () => {
  it('shows the signed-in name and a Sign out form, asking the API once per page', async () => {
    const { response, html } = await page('/l/orders', as('customer'));
    expect(response.status).toBe(200);
    expect(html).toContain('Casey Customer');
    expect(html).toMatch(/<form method="post" action="\/services\/publisher\/api\/auth\/logout"/);
    expect(html).not.toContain('>Sign in<');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    // The root loader and the page's guard share one auth/me call.
    expect(api.requests.filter((r) => r.url === ME)).toHaveLength(1);
  });

  it('forwards the cookie that clears an ended session and says "Failed to refresh token"', async () => {
    const { response, html } = await page('/resources/about', as('expired'));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContain(CLEAR_SESSION_COOKIE);
    expect(visibleText(html)).toContain('Failed to refresh token');
    expect(html).toContain('>Sign in<');
    // A request with a session cookie is personal even when the session ended (server/cache.js).
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('turns ?authError into a notification on the same page without the parameter', async () => {
    const first = await web.fetch('/resources/about?authError=state');
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/resources/about');
    const { html } = await page('/resources/about', { headers: { Cookie: cookiesOf(first) } });
    expect(visibleText(html)).toContain(
      'We could not sign you in: the sign-in request expired or did not match. Please try again.',
    );
  });
});

describe('guards', () => {
  it('sends an anonymous visitor of /l/admin to sign in and back', async () => {
    const response = await web.fetch('/l/admin');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${API}/auth/login?redirect=%2Fl%2Fadmin`);
  });

  it('answers a customer on /l/admin with the 403 page naming the role', async () => {
    const { response, html } = await page('/l/admin', as('customer'));
    expect(response.status).toBe(403);
    expect(titleOf(html)).toBe('403 - Forbidden');
    expect(visibleText(html)).toContain(
      'This page is for admins. You are signed in as Casey Customer, who is not an admin.',
    );
  });

  it('shows the admin page to an admin, and the chef pages to a chef only', async () => {
    const admin = await page('/l/admin', as('admin'));
    expect(admin.response.status).toBe(200);
    expect(admin.html).toMatch(/<h1[^>]*>Admin<\/h1>/);
    expect((await web.fetch('/l/settings', as('chef'))).status).toBe(200);
    expect((await web.fetch('/l/manage-menus', as('chef'))).status).toBe(200);
    expect((await web.fetch('/l/manage-menus', as('admin'))).status).toBe(403);
  });

  it('sends an empty cart to find food with "Your cart is empty."', async () => {
    const response = await web.fetch('/l/cart');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/find-items');
    const { html } = await page('/l/find-items', { headers: { Cookie: cookiesOf(response) } });
    expect(visibleText(html)).toContain('Your cart is empty.');
  });
});

describe('addresses without JavaScript', () => {
  it('shows the API field errors beside the fields with status 400 and keeps what was typed', async () => {
    api.on(`${API}/consumer/delivery/address`, (req, res) => {
      if (req.method === 'GET') return json(res, 200, []);
      json(
        res,
        400,
        {
          type: 'https://hearth.example/problems/validation',
          title: 'Bad Request',
          status: 400,
          message: 'error.validation',
          path: `${API}/consumer/delivery/address`,
          fieldErrors: [{ field: 'zipcode', message: 'zipcode must be between 3 and 12 characters' }],
        },
        { 'Content-Type': 'application/problem+json' },
      );
    });
    const { response, html } = await page('/l/addresses', {
      method: 'POST',
      headers: { Cookie: 'hearth_session=customer' },
      body: new URLSearchParams({
        intent: 'create',
        formId: 'add',
        name: 'Work',
        addressLine1: '1 Congress Ave',
        city: 'Austin',
        zipcode: '7',
        country: 'Canada',
        locationType: 'BUSINESS',
      }),
    });
    expect(response.status).toBe(400);
    expect(html).toContain('zipcode must be between 3 and 12 characters');
    expect(html).toMatch(
      /<input[^>]*id="add-zipcode"[^>]*aria-invalid="true"[^>]*value="7"|<input[^>]*value="7"[^>]*id="add-zipcode"/,
    );
    expect(html).toMatch(/aria-describedby="add-zipcode-error"/);
    expect(html).toMatch(/value="Canada" selected=""|<option value="Canada" selected/);
    expect(html).toContain('value="1 Congress Ave"');
    // The action and the loaders that render the page again share one auth/me call.
    expect(api.requests.filter((r) => r.url === ME)).toHaveLength(1);
  });
});
