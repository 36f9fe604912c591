import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** The stack under test; another script starts it. */
export const WEB_URL = (process.env.WEB_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** Fails the run at once, with one clear line, when nothing answers at WEB_URL. */
export async function assertStackIsUp(): Promise<void> {
  try {
    const response = await fetch(`${WEB_URL}/build-meta.json`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
  } catch (error) {
    throw new Error(
      `Nothing answers at WEB_URL=${WEB_URL} (${error instanceof Error ? error.message : String(error)}). ` +
        'Start the stack first, or set WEB_URL to where it runs.',
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The Chromium of a test file: launched before its tests (once the stack answers) and closed after them.
 * Call it at the top of the file; the function it returns gives the running browser inside the tests.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    await assertStackIsUp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useChromium() at the top of the test file');
    return browser;
  };
}

/**
 * A browser context as a visitor would have it. Headless Chromium says "HeadlessChrome" in its user
 * agent, which the site (rightly) treats as a bot and answers errors with a bare status; tests play a
 * person, so they send the ordinary Chrome user agent of the same version.
 */
export async function newVisitorContext(
  browser: Browser,
  javaScriptEnabled: boolean,
  serviceWorkers: 'block' | 'allow' = 'block',
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const version = browser.version();
  const context = await browser.newContext({
    javaScriptEnabled,
    baseURL: WEB_URL,
    viewport,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`,
    serviceWorkers,
  });
  if (javaScriptEnabled) context.on('page', waitForScriptsAfterNavigations);
  return context;
}

/**
 * With JavaScript, a page's module scripts start after its first paint (docs/decisions/024), which on this loopback
 * can come after the `load` event that `goto`, `reload` and `waitForURL` wait for. Tests act as soon as those
 * return, as they did when `load` meant the app's scripts had run; so on a page of this app these now also wait for
 * Remix's router (created when hydration starts). Other pages (the identity provider's, a download) return at once.
 */
function waitForScriptsAfterNavigations(page: Page): void {
  const scriptsStarted = async (waitUntil: string | undefined) => {
    if ((waitUntil ?? 'load') !== 'load') return;
    await page.waitForFunction(() => !('__remixContext' in window) || '__remixRouter' in window, undefined, {
      timeout: 15_000,
    });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await scriptsStarted(options?.waitUntil);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await scriptsStarted(options?.waitUntil);
    return response;
  };
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options);
    await scriptsStarted(options?.waitUntil);
  };
}

/** Collects uncaught page errors (hydration crashes and the like) for the test to assert on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The browser logs every non-2xx document as "Failed to load resource"; 404 pages are expected here.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** A phone's screen: 390 px is today's common iPhone width, 320 px the narrowest still in use. */
export function phoneViewport(width: number): { width: number; height: number } {
  return { width, height: 844 };
}

/**
 * Null when the page does not scroll sideways (`scrollWidth <= innerWidth`); else a sentence naming the
 * elements that stick out: the outermost ones wider than the screen whose parent still fits, e.g.
 * `scrollWidth 430 > 390: <li class="…"> "Priya's Kitchen North Indian…"`.
 */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const outside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
    };
    const culprits = [...document.body.querySelectorAll('*')].filter(
      (el) =>
        outside(el) &&
        (!el.parentElement || el.parentElement === document.body || !outside(el.parentElement)),
    );
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const classes = [...el.classList].slice(0, 6).join(' ');
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes ? ` class="${classes}"` : ''}> ${Math.round(r.left)}–${Math.round(r.right)} px "${text}"`;
    };
    return `scrollWidth ${scrollWidth} > ${width}: ${culprits.slice(0, 3).map(describe).join('; ') || 'no single element found'}`;
  });
}

/**
 * How long a change may take to reach a visitor whose pages the web server serves from its stored copies
 * (web/server/page-cache.js: WEB_PAGE_CACHE_SECONDS, 5 by default), with room for one render and a loaded
 * machine. Signed-in visitors' pages are always rendered for them.
 */
export const PAGE_CACHE_WINDOW_MS = (Number(process.env.WEB_PAGE_CACHE_SECONDS || 5) + 3) * 1000;

/**
 * Opens `path` as `page`'s visitor until `seen` says the page shows what the test waits for, within the page
 * cache's window (a guest may be served the copy from before a change until then); returns the last response.
 */
export async function gotoWithinWindow(
  page: Page,
  path: string,
  seen: (response: Awaited<ReturnType<Page['goto']>>) => Promise<boolean>,
): Promise<Awaited<ReturnType<Page['goto']>>> {
  const deadline = Date.now() + PAGE_CACHE_WINDOW_MS;
  for (;;) {
    const response = await page.goto(path, { waitUntil: 'load' });
    if ((await seen(response)) || Date.now() > deadline) return response;
    await page.waitForTimeout(500);
  }
}
