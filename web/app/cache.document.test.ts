/**
 * HTTP caching of whole documents (server/cache.js, docs/decisions/023-public-caching.md): the built app
 * behind the real Express server, with a real HTTP server standing in for the API. Anonymous public pages
 * are cacheable by shared caches and revalidate with an ETag; a request with a session or a cart never is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRIVATE_NO_STORE,
  PRIVATE_REVALIDATE,
  PUBLIC_CACHE_CONTROL,
  isPublicPage,
  matchesETag,
  pageETag,
  requestKind,
} from '../server/cache.js';
import { fakeMe } from './test/auth-fixtures';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';

const chef = {
  id: 'k-1',
  kitchenName: 'cached-kitchen',
  brandDisplayName: 'Cached Kitchen',
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

let api: FakeApi;
let web: WebServer;

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/cart/count`, (_req, res) => json(res, 200, { count: 2 }));
  api.on(`${API}/publisher/findByStatus`, (_req, res) => json(res, 200, [chef], { 'X-Total-Count': '1' }));
  api.on(`${API}/order/recent-ordered-gallery`, (_req, res) => json(res, 200, []));
  api.on(`${API}/kitchen/${chef.kitchenName}`, (_req, res) =>
    json(res, 200, {
      ...chef,
      pickupLocations: [],
      timeZone: 'America/Chicago',
      today: '2025-01-01',
      dates: [],
    }),
  );
  web = await startWebServer({ API_URL: api.url });
});
afterAll(async () => {
  await web?.stop();
  await api?.close();
});

const PUBLIC_PAGES = ['/', '/resources/about', `/kitchen/${chef.kitchenName}`, `/${chef.kitchenName}`];

describe('anonymous public pages', () => {
  it.each(PUBLIC_PAGES)('%s is cacheable by shared caches, with a stable ETag and a 304', async (path) => {
    const first = await web.fetch(path);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(first.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.get('Vary')).toMatch(/Cookie/);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    // Each response has its own CSP nonce, yet the same page has the same tag.
    const again = await web.fetch(path);
    expect(await again.text()).not.toBe(html);
    expect(again.headers.get('ETag')).toBe(etag);

    const revalidated = await web.fetch(path, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('ETag')).toBe(etag);
    expect(revalidated.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    // The stored copy keeps the policy whose nonce is in its HTML.
    expect(revalidated.headers.get('Content-Security-Policy')).toBeNull();

    const changed = await web.fetch(path, { headers: { 'If-None-Match': 'W/"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it('caches the single-fetch data of a public page too', async () => {
    const data = await web.fetch('/resources/about.data');
    expect(data.status).toBe(200);
    expect(data.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(data.headers.get('ETag')).toBeTruthy();
  });

  it('lets only the browser keep a page that a remembered place or time zone changes', async () => {
    for (const cookie of ['hearth_where=10001%7CUS', 'tz=America/Chicago']) {
      const res = await web.fetch('/', { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe(PRIVATE_REVALIDATE);
      const etag = res.headers.get('ETag')!;
      const again = await web.fetch('/', { headers: { Cookie: cookie, 'If-None-Match': etag } });
      expect(again.status).toBe(304);
    }
  });
});

describe('personal requests', () => {
  const personal: Array<[string, string]> = [
    ['a session', 'hearth_session=customer'],
    ['a secure session', '__Host-hearth_session=customer'],
    ['a guest cart', 'hearth_cart=cart-1'],
    ['private-menu codes', 'hearth_kitchen_codes=e30%3D'],
  ];

  it.each(personal)('with %s no page is ever cacheable, and nothing answers 304', async (_what, cookie) => {
    for (const path of [...PUBLIC_PAGES, '/resources/about.data']) {
      const first = await web.fetch(path, { headers: { Cookie: cookie } });
      expect(first.headers.get('Cache-Control'), path).toBe(PRIVATE_NO_STORE);
      expect(first.headers.get('ETag'), path).toBeNull();
      const anonymous = await web.fetch(path);
      const tagged = await web.fetch(path, {
        headers: { Cookie: cookie, 'If-None-Match': anonymous.headers.get('ETag')! },
      });
      expect(tagged.status, path).not.toBe(304);
      expect(tagged.headers.get('Cache-Control'), path).toBe(PRIVATE_NO_STORE);
    }
  });

  it('keeps signed-in-only pages private', async () => {
    const res = await web.fetch('/l/orders', { headers: { Cookie: 'hearth_session=customer' } });
    expect(res.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
  });

  it('classifies requests and paths', () => {
    expect(requestKind({})).toBe('public');
    expect(requestKind({ cookie: 'hearth_sso=1' })).toBe('public');
    expect(requestKind({ cookie: 'hearth_sso=1; hearth_cart=x' })).toBe('personal');
    expect(requestKind({ cookie: 'tz=UTC' })).toBe('varying');
    expect(requestKind({ authorization: 'Bearer x' })).toBe('personal');
    for (const path of ['/', '/l/find-items', '/l/find-chefs.data', '/items/1', '/resources/careers/cook'])
      expect(isPublicPage(path), path).toBe(true);
    for (const path of ['/l/orders', '/l/cart', '/kitchen/1/ask', '/l/admin', '/services/publisher/api/x'])
      expect(isPublicPage(path), path).toBe(false);
  });

  it('tags a page without its nonce and compares tags weakly', () => {
    const a = pageETag(Buffer.from('<script nonce="abc">x</script>'), 'abc');
    const b = pageETag(Buffer.from('<script nonce="xyz">x</script>'), 'xyz');
    expect(a).toBe(b);
    expect(matchesETag(`"other", ${a.slice(2)}`, a)).toBe(true);
    expect(matchesETag('W/"nope"', a)).toBe(false);
    expect(matchesETag(undefined, a)).toBe(false);
  });
});
