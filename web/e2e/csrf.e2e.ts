/**
 * Cross-site request forgery (S-02), in a real browser: a page on another origin of the same site (another
 * port of the same host: the sibling-subdomain case, where SameSite=Lax cookies ARE sent) auto-submits
 * forms to a web action and to the API while the victim is signed in. Both are refused and nothing
 * changes; the same forms from the site itself work, with JavaScript off.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WEB_URL, assertStackIsUp, launchChromium, newVisitorContext } from './browser';
import { DEMO, headerAccount, signIn, signOut } from './identity';

const API = '/services/publisher/api';
/** Inside the session helper's port range (3390-3399). */
const EVIL_PORT = Number(process.env.E2E_EVIL_PORT || 3395);
const site = new URL(WEB_URL);
const EVIL = `${site.protocol}//${site.hostname}:${EVIL_PORT}`;

let browser: Browser;
let evil: Server;
let kitchenId: string;

/** An attacker's page: a hidden form that submits itself to `action` as soon as it loads. */
function autoSubmit(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><title>You won!</title></head><body>
    <form id="f" method="post" action="${action}">${inputs}</form>
    <script>document.getElementById('f').submit()</script></body></html>`;
}

beforeAll(async () => {
  await assertStackIsUp();
  browser = await launchChromium();
  const kitchen = (await (await fetch(`${WEB_URL}${API}/kitchen/priyas-kitchen`)).json()) as { id: string };
  kitchenId = kitchen.id;
  evil = createServer((req, res) => {
    const pages: Record<string, string> = {
      '/favourite': autoSubmit(`${WEB_URL}/l/favs`, { intent: 'add', kitchenId, redirectTo: '/l/favs' }),
      '/api-favourite': autoSubmit(`${WEB_URL}${API}/consumer/favourites/${kitchenId}`, {}),
      '/logout': autoSubmit(`${WEB_URL}${API}/auth/logout`, {}),
    };
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body ?? 'Not found');
  });
  await new Promise<void>((resolve, reject) =>
    evil.listen(EVIL_PORT, site.hostname, resolve).on('error', reject),
  );
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => evil?.close(resolve));
});

/** The victim's favourites, asked with the victim's own cookies. */
async function favourites(context: BrowserContext): Promise<string[]> {
  const res = await context.request.get(`${WEB_URL}${API}/consumer/favourites`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ id: string }>).map((k) => k.id);
}

describe('a signed-in customer visiting another origin of the same site', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The attacker's page runs its own script, whatever the victim's site would do.
    context = await newVisitorContext(browser, true);
    page = await context.newPage();
    await signIn(page, 'customer', '/resources/about');
    await headerAccount(page, DEMO.customer.name).waitFor();
    // Start from a known state: not a favourite.
    await context.request.delete(`${WEB_URL}${API}/consumer/favourites/${kitchenId}`, {
      headers: { Origin: site.origin },
    });
    expect(await favourites(context)).not.toContain(kitchenId);
  });

  afterAll(() => context?.close());

  it('cannot make a web action add a favourite', async () => {
    await page.goto(`${EVIL}/favourite`);
    await page.waitForURL(`${WEB_URL}/l/favs`);
    await page.getByRole('heading', { name: 'Request refused' }).waitFor();
    expect(await favourites(context)).not.toContain(kitchenId);
  });

  it('cannot post to the API with the session cookie', async () => {
    await page.goto(`${EVIL}/api-favourite`);
    await page.waitForURL(`${WEB_URL}${API}/consumer/favourites/${kitchenId}`);
    expect(await page.textContent('body')).toContain('Cross-site request refused.');
    expect(await favourites(context)).not.toContain(kitchenId);
  });

  it('cannot sign the victim out', async () => {
    await page.goto(`${EVIL}/logout`);
    await page.waitForURL(`${WEB_URL}${API}/auth/logout`);
    const me = await context.request.get(`${WEB_URL}${API}/auth/me`);
    expect(me.status()).toBe(200);
  });
});

describe('the same forms from the site itself, without JavaScript', () => {
  it('add a favourite and sign out', { timeout: 90_000 }, async () => {
    const context = await newVisitorContext(browser, false);
    try {
      const page = await context.newPage();
      await signIn(page, 'customer', '/resources/about');
      await context.request.delete(`${WEB_URL}${API}/consumer/favourites/${kitchenId}`, {
        headers: { Origin: site.origin },
      });
      await page.goto('/kitchen/priyas-kitchen', { waitUntil: 'load' });
      await page
        .getByRole('button', { name: /^Favourite: /, pressed: false })
        .first()
        .click();
      await page
        .getByRole('button', { name: /^Favourite: /, pressed: true })
        .first()
        .waitFor();
      expect(await favourites(context)).toContain(kitchenId);
      // A page without the "added" notification, which (without JavaScript) stays over the header.
      await page.goto('/resources/about', { waitUntil: 'load' });
      await signOut(page, DEMO.customer.name, false);
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
