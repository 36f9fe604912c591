import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TAGLINE } from '@hearth/shared';
import { newVisitorContext, useChromium, watchErrors } from './browser';

const chromium = useChromium();

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the site %s', (_label, javaScriptEnabled) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newVisitorContext(chromium(), javaScriptEnabled);
  });
  afterAll(async () => {
    await context?.close();
  });
  beforeEach(async () => {
    page = await context.newPage();
    errors = watchErrors(page);
    return async () => {
      expect(errors).toEqual([]);
      await page.close();
    };
  });

  it('shows the tagline and the demo kitchens on the home page', async () => {
    const response = await page.goto('/', { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await expect(page.getByText(TAGLINE, { exact: true }).first().isVisible()).resolves.toBe(true);
    const kitchens = page.getByRole('region', { name: 'Kitchens on Hearth' }).locator('a[href^="/kitchen/"]');
    expect(await kitchens.count()).toBeGreaterThanOrEqual(5);
    await expect(kitchens.first().isVisible()).resolves.toBe(true);
  });

  it('answers /x.html with the 404 page', async () => {
    const response = await page.goto('/x.html', { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('404 - Page Not Found');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await page.getByText('Page Not Found: /x.html').isVisible()).toBe(true);
  });

  it('renders an informational page', async () => {
    const response = await page.goto('/resources/about', { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About Hearth');
  });

  it('answers an unknown path with the 404 page', async () => {
    const response = await page.goto('/this/page/does-not-exist', { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('404 - Page Not Found');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
  });

  it('reaches an informational page from the footer of the home page', async () => {
    await page.goto('/', { waitUntil: 'load' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'How it works' }).click();
    await page.waitForURL('**/resources/howItWorks');
    await page.getByRole('heading', { level: 1, name: 'How Hearth works' }).waitFor();
    expect(await page.title()).toBe('How Hearth works — Hearth');
  });
});
