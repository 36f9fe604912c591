/**
 * The origin's page cache (server/page-cache.js, server/cache.js; docs/decisions/023-public-caching.md): the
 * built app behind the real Express server with a one-second window, and a real HTTP server standing in for
 * the API, which counts what the pages ask. A public page is rendered once per variant and window and the
 * copies are the same page; anything personal is rendered for its own request every time.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartCountCookieValue } from '@hearth/shared';
import { PRIVATE_NO_STORE, PUBLIC_CACHE_CONTROL } from '../server/cache.js';
import { fakeMe } from './test/auth-fixtures';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const WINDOW_SECONDS = 1;

let kitchenName = 'Stored Kitchen';
let apiCount = 5;

function kitchen() {
  return {
    id: 'k-1',
    kitchenName: 'stored-kitchen',
    brandDisplayName: kitchenName,
    brandType: 'HOME_KITCHEN',
    speciality: 'Soups',
    profileDescription: 'Cooked with care.',
    logo: null,
    rating: { value: 4.5, count: 12 },
    city: 'Austin',
    state: 'TX',
    country: 'United States',
    currencyCode: 'USD',
  };
}

let api: FakeApi;
let web: WebServer;

beforeAll(async () => {
  api = await startFakeApi();
  // One process: the copies are each process's own, and the test's requests must all reach the same one.
  web = await startWebServer({
    API_URL: api.url,
    WEB_PAGE_CACHE_SECONDS: String(WINDOW_SECONDS),
    WEB_WORKERS: '1',
  });
});
afterAll(async () => {
  await web?.stop();
  await api?.close();
});
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/cart/count`, (_req, res) =>
    json(res, 200, { count: apiCount }, { 'Set-Cookie': 'hearth_cart_count=from-the-api; Path=/' }),
  );
  api.on(`${API}/publisher/findByStatus`, (_req, res) =>
    json(res, 200, [kitchen()], { 'X-Total-Count': '1' }),
  );
  api.on(`${API}/order/recent-ordered-gallery`, (_req, res) => json(res, 200, []));
});

/** How many times the page's own data (the kitchen list) was asked of the API. */
const listReads = () => api.requests.filter((r) => r.url.includes('/publisher/findByStatus')).length;
const countReads = () => api.requests.filter((r) => r.url.includes('/cart/count')).length;
/** A distinct page of the home page per test, so that no test sees another's stored copy. */
let pageNumber = 0;
const freshHome = () => `/?page=${++pageNumber}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A guest cart's cookies: its token and the count the API told the browser for it. */
function guestCart(count: number, token = `token-${Math.random().toString(36).slice(2)}`) {
  const sha = createHash('sha256').update(token).digest('hex');
  return `hearth_cart=${token}; hearth_cart_count=${cartCountCookieValue(count, sha)}`;
}

describe('the origin page cache', () => {
  it('renders a public page once per window and serves the copy meanwhile, then renders the change', async () => {
    kitchenName = 'Stored Kitchen';
    const path = freshHome();
    const first = await web.fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Page-Cache')).toBe('MISS');
    expect(await first.text()).toContain('Stored Kitchen');
    expect(listReads()).toBe(1);

    kitchenName = 'Renamed Kitchen';
    const second = await web.fetch(path);
    expect(second.headers.get('X-Page-Cache')).toBe('HIT');
    expect(second.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(await second.text()).toContain('Stored Kitchen');
    expect(listReads()).toBe(1);

    // The stated window: the change shows once it has passed (polled, never timed).
    const deadline = Date.now() + WINDOW_SECONDS * 1000 + 5_000;
    let html = '';
    while (Date.now() < deadline && !html.includes('Renamed Kitchen')) {
      await sleep(250);
      html = await (await web.fetch(path)).text();
    }
    expect(html).toContain('Renamed Kitchen');
    expect(listReads()).toBe(2);
  });

  it('serves each copy with its own nonce in the Content-Security-Policy, gzip when asked, and the same ETag', async () => {
    const path = freshHome();
    const first = await web.fetch(path, { headers: { 'Accept-Encoding': 'gzip' } });
    const stored = await web.fetch(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(stored.headers.get('X-Page-Cache')).toBe('HIT');
    expect(stored.headers.get('Content-Encoding')).toBe('gzip');
    const html = await stored.text();
    const inPage = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(inPage.length).toBeGreaterThan(0);
    const policy = stored.headers.get('Content-Security-Policy') ?? '';
    for (const nonce of new Set(inPage)) expect(policy).toContain(`'nonce-${nonce}'`);
    expect(stored.headers.get('ETag')).toBe(first.headers.get('ETag'));
    const revalidated = await web.fetch(path, { headers: { 'If-None-Match': stored.headers.get('ETag')! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('Content-Security-Policy')).toBeNull();
  });

  it('keeps a copy per remembered place and time zone', async () => {
    const path = freshHome();
    for (const cookie of ['hearth_where=10001%7CUS', 'hearth_where=07302%7CUS', 'tz=Asia/Kolkata']) {
      const response = await web.fetch(path, { headers: { Cookie: cookie } });
      expect(response.headers.get('X-Page-Cache'), cookie).toBe('MISS');
      await response.text();
    }
    const again = await web.fetch(path, { headers: { Cookie: 'hearth_where=07302%7CUS' } });
    expect(again.headers.get('X-Page-Cache')).toBe('HIT');
    expect(listReads()).toBe(3);
  });

  it('shares a page among guest carts of the same count, without asking the API, and never with shared caches', async () => {
    const path = freshHome();
    const first = await web.fetch(path, { headers: { Cookie: guestCart(2) } });
    expect(first.headers.get('X-Page-Cache')).toBe('MISS');
    expect(first.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    expect(first.headers.get('ETag')).toBeNull();
    expect(await first.text()).toContain('Cart, 2 items');

    const sameCount = await web.fetch(path, { headers: { Cookie: guestCart(2) } });
    expect(sameCount.headers.get('X-Page-Cache')).toBe('HIT');
    expect(sameCount.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    expect(await sameCount.text()).toContain('Cart, 2 items');

    const other = await web.fetch(path, { headers: { Cookie: guestCart(1) } });
    expect(other.headers.get('X-Page-Cache')).toBe('MISS');
    expect(await other.text()).toContain('Cart, 1 item');
    expect(countReads()).toBe(0);
    // Only an anonymous visitor's copy is for shared caches.
    const anonymous = await web.fetch(path);
    expect(anonymous.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(await anonymous.text()).not.toContain('Cart, 2 items');
  });

  it('asks the API for a count whose cookie belongs to another cart, and passes its cookie on', async () => {
    apiCount = 5;
    const path = freshHome();
    const stale = guestCart(2, 'token-old').replace('hearth_cart=token-old', 'hearth_cart=token-new');
    const response = await web.fetch(path, { headers: { Cookie: stale } });
    expect(countReads()).toBe(1);
    expect(await response.text()).toContain('Cart, 5 items');
    expect(response.headers.getSetCookie()).toContain('hearth_cart_count=from-the-api; Path=/');
    expect(response.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    // The next guest of five lines gets the copy, and the cookie is not part of it.
    const next = await web.fetch(path, { headers: { Cookie: guestCart(5) } });
    expect(next.headers.get('X-Page-Cache')).toBe('HIT');
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('stores a search that remembers its zip code, and sends the cookie again with every copy', async () => {
    api.on(`${API}/_search/07302/US/items`, (_req, res) =>
      json(res, 200, [], {
        'X-Total-Count': '0',
        'X-Distance-Unit': 'miles',
        'X-Search-Distance': '15',
        'X-Search-Zip': '07302',
        'X-Search-Location-Source': 'zip',
      }),
    );
    const path = `/l/find-items?zip=07302&country=US&query=stored${++pageNumber}`;
    for (const state of ['MISS', 'HIT']) {
      const response = await web.fetch(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Page-Cache')).toBe(state);
      expect(response.headers.getSetCookie().some((c) => c.startsWith('hearth_where=07302%7CUS;'))).toBe(
        true,
      );
      // A page that sets a cookie is for this browser only.
      expect(response.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
      await response.text();
    }
    expect(api.requests.filter((r) => r.url.includes('/_search/')).length).toBe(1);
  });

  it.each([
    ['a session', { Cookie: 'hearth_session=customer' }],
    ['private-menu codes', { Cookie: 'hearth_kitchen_codes=e30%3D' }],
    ['credentials', { Authorization: 'Bearer token' }],
  ])('renders every request with %s for that request alone', async (_what, headers) => {
    const path = freshHome();
    for (let i = 1; i <= 3; i++) {
      const response = await web.fetch(path, { headers });
      expect(response.headers.get('X-Page-Cache')).toBeNull();
      expect(response.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
      await response.text();
      expect(listReads()).toBe(i);
    }
  });

  it('stores no page that sets a cookie of its own (the sign-on check), nor an error', async () => {
    const path = freshHome();
    const firstVisit = await web.fetch(path, { firstVisit: true });
    expect(firstVisit.status).toBe(302);
    expect(firstVisit.headers.get('X-Page-Cache')).toBeNull();
    const missing = await web.fetch('/resources/no-such-page');
    expect(missing.status).toBe(404);
    const again = await web.fetch('/resources/no-such-page');
    expect(again.headers.get('X-Page-Cache')).toBeNull();
  });
});
