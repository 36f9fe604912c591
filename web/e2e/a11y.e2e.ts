import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertStackIsUp, launchChromium, newVisitorContext, WEB_URL } from './browser';
import { describeViolations, seriousViolations } from './axe';
import { sendTestMessage } from './bulk';
import { DEMO, signInAtProvider, uniqueEmail } from './identity';
import { emptyCart, putInCart } from './shop';

/*
 * Accessibility: axe-core on every page of the app, signed out and as the demo customer, chef and admin;
 * no serious or critical violation anywhere. "Every page" comes from the route files in app/routes: each
 * role crawls the site from a few starting pages, following links to one URL per route (real ids from
 * the demo data), and the test fails when some route was never visited by anyone. The guest checks the
 * public pages; each signed-in person checks their own pages, their starting pages (the header and the
 * page differ once signed in) and any route not checked yet.
 */

const ROUTES_DIR = join(__dirname, '..', 'app', 'routes');

interface Route {
  file: string;
  pattern: RegExp;
  /** Fewer dynamic segments first: `/l/cart` wins over `/:kitchenName`, which wins over the splat. */
  rank: number;
}

/** Remix flat routes → URL patterns (`_default.l.manage-menus.$id.edit.tsx` → `/l/manage-menus/[^/]+/edit`). */
function pageRoutes(): Route[] {
  return readdirSync(ROUTES_DIR)
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((file) => file.replace(/\.tsx$/, ''))
    .filter((name) => name !== '_default' && name !== '_home')
    .map((name) => {
      const segments = name
        .split('.')
        .filter((s) => !s.startsWith('_'))
        .map((s) => s.replace(/_$/, ''));
      let rank = 0;
      const source = segments
        .map((s) => {
          if (s === '$') {
            rank += 100;
            return '.*';
          }
          if (s.startsWith('$')) {
            rank += 1;
            return '[^/]+';
          }
          return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
        })
        .join('/');
      return { file: `${name}.tsx`, pattern: new RegExp(`^/${source}/?$`), rank };
    });
}

const ROUTES = pageRoutes().sort((a, b) => a.rank - b.rank);
const routeOf = (path: string) => ROUTES.find((r) => r.pattern.test(path))?.file;

type Who = 'signed out' | keyof typeof DEMO;

const SEARCH = 'zip=07302&country=US';
const START: Record<Who, string[]> = {
  'signed out': [
    '/',
    `/l/find-items?${SEARCH}`,
    `/l/find-chefs?${SEARCH}`,
    '/priyas-kitchen',
    '/resources/about',
    '/resources/careers',
    '/resources/contact-us',
    '/l/cart',
    '/l/chef-registration',
    '/no/such/page',
    // Reached from e-mails only (issue 16): a link with a token that is not valid shows the error page.
    '/l/unsubscribe?token=not-a-token',
    '/l/subscriptions/confirm?token=not-a-token',
  ],
  // The first starting page of each signed-in person needs them: it leads to the provider's sign-in.
  customer: [
    '/l/orders',
    '/l/cart',
    '/l/cart/checkout',
    '/l/addresses',
    '/l/favs',
    '/l/chef-registration',
    '/',
  ],
  chef: [
    '/l/orders/kitchen',
    '/l/manage-menus',
    '/l/manage-menus/new',
    '/l/manage-menus/items/new',
    '/l/settings',
  ],
  // The demo chef's profile links to her dishes' picture moderation pages (issue 18).
  admin: ['/l/admin', '/', '/l/admin/users?searchBy=email&q=chef%40hearth.test'],
};

/** Pages reached only by a form (GET), not a link: built from a link the crawl found. */
function formPages(path: string, search = ''): string[] {
  const menu = /^\/l\/manage-menus\/([^/]+)\/edit$/.exec(path);
  if (menu) return [`/l/manage-menus/${menu[1]}/confirm?change=pause`];
  // The kitchen page's question form posts to its own page (where a refused question comes back).
  if (path === '/priyas-kitchen') return ['/kitchen/priyas-kitchen/ask'];
  // The payment page, reached from the gateways (and an unpaid online order's "Pay now").
  if (path === '/l/orders/order-status' && search) return [`/l/orders/payment${search}`];
  return [];
}

let browser: Browser;
/** Routes visited so far, by anyone: signed-in crawls skip public routes the guest crawl already checked. */
const visited = new Set<string>();

beforeAll(async () => {
  await assertStackIsUp();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Same-site links on the page (path and query), without fragments. */
async function links(page: Page): Promise<string[]> {
  const origin = new URL(WEB_URL).origin;
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((h) => new URL(h))
    .filter((u) => u.origin === origin && !u.pathname.startsWith('/services/'))
    .map((u) => `${u.pathname}${u.search}`);
}

/** Visits one URL per route reachable from `start`, running axe on each; returns the failures. */
async function crawl(page: Page, who: Who, start: string[], limit = 40): Promise<string[]> {
  const failures: string[] = [];
  // Routes this crawl has seen, starting with those checked before (the starting pages are visited anyway:
  // they are this person's own view of the page).
  const seenRoutes = new Set<string>(visited);
  const seenUrls = new Set<string>();
  const queue = [...start];
  let pages = 0;
  while (queue.length && pages < limit) {
    const url = queue.shift()!;
    const route = routeOf(new URL(url, WEB_URL).pathname);
    if (!route || seenUrls.has(url)) continue;
    if (seenRoutes.has(route) && !start.includes(url)) continue;
    seenRoutes.add(route);
    seenUrls.add(url);
    // Server-rendered: the document is the page (pictures need not have arrived).
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    // A page that needs someone sends a guest to the provider's sign-in (not this site's page); a signed-in
    // person must never be sent there.
    if (new URL(page.url()).origin !== new URL(WEB_URL).origin) {
      if (who !== 'signed out') failures.push(`${who} ${url}: left the site for ${page.url()}`);
      continue;
    }
    pages++;
    visited.add(route);
    const t0 = Date.now();
    const waived = WAIVED_RULES[new URL(url, WEB_URL).pathname] ?? [];
    const violations = (await seriousViolations(page)).filter((v) => !waived.includes(v.rule));
    failures.push(...describeViolations(`${who} ${url}`, violations));
    if (process.env.A11Y_VERBOSE) console.log(`${who} ${url}: axe ${Date.now() - t0} ms`);
    for (const link of [
      ...(await links(page)),
      ...formPages(new URL(url, WEB_URL).pathname, new URL(url, WEB_URL).search),
    ]) {
      const r = routeOf(new URL(link, WEB_URL).pathname);
      if (r && !seenRoutes.has(r) && !seenUrls.has(link)) queue.push(link);
    }
  }
  return failures;
}

async function signedIn(who: keyof typeof DEMO): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newVisitorContext(browser, true);
  const page = await context.newPage();
  await page.goto(START[who][0], { waitUntil: 'load' });
  await signInAtProvider(page, DEMO[who].email, START[who][0]);
  return { context, page };
}

/**
 * Rules waived on one page, each with its reason. The gateways' return page refreshes itself while a payment is
 * being confirmed: issue 15 asks for exactly that without JavaScript, and a `<meta http-equiv="refresh">` is the
 * only way. axe's meta-refresh rule (WCAG 2.2.1) is waived there alone: the page says it refreshes, the loader
 * has already waited several seconds for the confirmation, and the refreshing stops once the payment is settled.
 */
const WAIVED_RULES: Record<string, string[]> = { '/l/orders/payment': ['meta-refresh'] };

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it('on every page signed out', async () => {
    const context = await newVisitorContext(browser, true);
    const page = await context.newPage();
    try {
      const failures = await crawl(page, 'signed out', START['signed out']);
      expect(failures, failures.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it.each(['customer', 'chef', 'admin'] as const)(
    'on every page signed in as the demo %s',
    async (who) => {
      const { context, page } = await signedIn(who);
      try {
        // A cart with something in it: the cart and checkout pages show their forms.
        if (who === 'customer') await putInCart(page, 1);
        // A message sent: the admin's message history links to its progress page.
        if (who === 'admin') await sendTestMessage(page, uniqueEmail());
        const failures = await crawl(page, who, START[who]);
        expect(failures, failures.join('\n')).toEqual([]);
      } finally {
        if (who === 'customer') await emptyCart(page);
        await context.close();
      }
    },
    300_000,
  );

  it('visited every route of the app', () => {
    const missing = ROUTES.map((r) => r.file).filter((f) => !visited.has(f));
    expect(missing).toEqual([]);
  });
});
