import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

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
 * A browser context as a visitor would have it. Headless Chromium says "HeadlessChrome" in its user
 * agent, which the site (rightly) treats as a bot and answers errors with a bare status; tests play a
 * person, so they send the ordinary Chrome user agent of the same version.
 */
export async function newVisitorContext(
  browser: Browser,
  javaScriptEnabled: boolean,
  serviceWorkers: 'block' | 'allow' = 'block',
): Promise<BrowserContext> {
  const version = browser.version();
  return browser.newContext({
    javaScriptEnabled,
    baseURL: WEB_URL,
    viewport: { width: 1280, height: 900 },
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`,
    serviceWorkers,
  });
}

/** Collects uncaught page errors (hydration crashes and the like) for the test to assert on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The browser logs every non-2xx document as "Failed to load resource"; 404 pages are expected here.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}
