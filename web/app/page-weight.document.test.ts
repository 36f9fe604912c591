/**
 * Page weight budgets (issue 19): every page's first JavaScript stays within its budget in
 * test/page-budgets.ts, and the home page's HTML within its own. Reads the build the test run makes
 * (test/global-setup.ts, the production build's configuration); fails when that build is missing.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { DEFAULT_JS_BUDGET_KB, HOME_HTML_BUDGET_KB, JS_BUDGET_KB } from './test/page-budgets';
import { kb, pageRoutes, pageWeight, readManifest } from './test/page-weight';
import { TEST_BUILD_DIR, WEB_ROOT } from './test/paths';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const CLIENT_DIR = path.join(WEB_ROOT, TEST_BUILD_DIR, 'client');
const APP_DIR = path.join(WEB_ROOT, 'app');

describe('first JavaScript of each page', () => {
  it('reads the build, and refuses to pass without one', () => {
    expect(() => readManifest(path.join(WEB_ROOT, 'no-such-build'))).toThrow(
      /No client build at .*pnpm -r build/,
    );
    const manifest = readManifest(CLIENT_DIR);
    expect(pageRoutes(manifest, APP_DIR)).toContain('routes/_home._index');
  });

  it('stays within its budget (test/page-budgets.ts)', () => {
    const manifest = readManifest(CLIENT_DIR);
    const pages = pageRoutes(manifest, APP_DIR);
    for (const route of Object.keys(JS_BUDGET_KB))
      expect(pages, `budget for a missing page`).toContain(route);
    const weights = pages.map((route) => pageWeight(manifest, CLIENT_DIR, route));
    const over = weights
      .map((w) => ({ ...w, budget: (JS_BUDGET_KB[w.route] ?? DEFAULT_JS_BUDGET_KB) * 1024 }))
      .filter((w) => w.gzip > w.budget)
      .map(
        (w) =>
          `${w.route}: ${kb(w.gzip)} gzipped, over its budget of ${kb(w.budget)} by ${kb(w.gzip - w.budget)}` +
          ` (files: ${w.files.join(', ')})`,
      );
    const home = weights.find((w) => w.route === 'routes/_home._index');
    console.info(`home page first JavaScript: ${kb(home?.gzip ?? 0)} gzipped (${kb(home?.raw ?? 0)} raw)`);
    expect(over, `Pages over their JavaScript budget (test/page-budgets.ts):\n${over.join('\n')}`).toEqual(
      [],
    );
  });
});

describe('the home page HTML', () => {
  const API = '/services/publisher/api';
  let api: FakeApi;
  let web: WebServer;

  // The demo data's shape: eight kitchens on the first page (of 22) and twelve dishes in the gallery.
  const kitchens = Array.from({ length: 8 }, (_, i) => ({
    id: `3bac0c9c-0a77-40da-a10c-68813276e5${String(i).padStart(2, '0')}`,
    kitchenName: `kendall-cake-studio-${i}`,
    brandDisplayName: `Kendall Cake Studio ${i}`,
    brandType: 'HOME_KITCHEN',
    status: 'APPROVED',
    speciality: 'Celebration cakes and pies',
    profileDescription: 'Layer cakes and pies baked to order in a Cambridge home kitchen, every weekend.',
    logo: `${API}/files/public/seed/logos/kendall-cake-studio-${i}.webp`,
    rating: { value: 4.9, count: 120 + i },
    city: 'Cambridge',
    state: 'MA',
    country: 'United States',
    currencyCode: 'USD',
    timeZoneId: 'America/New_York',
  }));
  const gallery = Array.from({ length: 12 }, (_, i) => ({
    itemId: `e2a17c6f-5bee-418a-a032-782457a81c${String(i).padStart(2, '0')}`,
    itemName: `Hyderabadi Chicken Biryani ${i}`,
    picture: `${API}/files/public/seed/dishes/chicken-biryani-${i}.webp`,
    kitchen: {
      id: kitchens[i % 8].id,
      kitchenName: kitchens[i % 8].kitchenName,
      brandDisplayName: kitchens[i % 8].brandDisplayName,
      logo: kitchens[i % 8].logo,
    },
  }));

  beforeAll(async () => {
    api = await startFakeApi();
    api.on(`${API}/publisher/findByStatus`, (_req, res) =>
      json(res, 200, kitchens, { 'X-Total-Count': '22' }),
    );
    api.on(`${API}/order/recent-ordered-gallery`, (_req, res) => json(res, 200, gallery));
    web = await startWebServer({ API_URL: api.url, WEB_ORIGIN: 'http://localhost:3382' });
  });
  afterAll(async () => {
    await web?.stop();
    await api?.close();
  });

  it('stays within its budget, with every kitchen and dish on it', async () => {
    const res = await web.fetch('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    // The page is all there in place (no section streamed in after the document, which only a script
    // would show), and the kitchens' data carries only what their cards show.
    const body = html.slice(0, html.indexOf('</body>'));
    for (const k of kitchens) expect(body).toContain(`href="/kitchen/${k.id}"`);
    for (const g of gallery) expect(body).toContain(g.itemName);
    expect(html).not.toContain('timeZoneId');
    const raw = Buffer.byteLength(html);
    const gzip = gzipSync(html).length;
    console.info(`home page HTML: ${kb(raw)} raw, ${kb(gzip)} gzipped`);
    expect(raw, `home HTML ${kb(raw)} is over its budget`).toBeLessThanOrEqual(
      HOME_HTML_BUDGET_KB.raw * 1024,
    );
    expect(gzip, `home HTML ${kb(gzip)} gzipped is over its budget`).toBeLessThanOrEqual(
      HOME_HTML_BUDGET_KB.gzip * 1024,
    );
  });
});
