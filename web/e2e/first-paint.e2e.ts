import { describe, expect, it } from 'vitest';
import { newVisitorContext, useChromium, watchErrors } from './browser';

// Issue 19 (Lighthouse): a page is painted from its HTML and stylesheet before its module scripts are even
// requested (web/app/lib/http/first-paint.ts), and then they load and hydrate it as before.

const chromium = useChromium();

describe('the first paint comes before the JavaScript', () => {
  it('requests no module script before the page has been painted, then hydrates it', async () => {
    const context = await newVisitorContext(chromium(), true);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // When the browser first rendered a frame (it renders none while the stylesheet blocks it): the init
    // script runs before anything of the page, so its frame callback is the first one.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { __firstFrame: number }).__firstFrame = performance.now();
      });
    });
    try {
      for (const path of ['/resources/about', '/l/find-items?zip=07302', '/']) {
        await page.goto(path, { waitUntil: 'load' });
        // Hydrated: Remix's router exists, and the held elements have their own names back.
        await page.waitForFunction(() => '__remixRouter' in window);
        const timing = await page.evaluate(() => {
          const paint = (window as unknown as { __firstFrame?: number }).__firstFrame ?? null;
          const stylesheet = performance
            .getEntriesByType('resource')
            .find((r) => /\/assets\/.*\.css$/.test(r.name)) as PerformanceResourceTiming | undefined;
          const scripts = performance
            .getEntriesByType('resource')
            .filter((r) => /\/assets\/.*\.js$/.test(r.name))
            .map((r) => r.startTime);
          return {
            paint,
            stylesheetEnd: stylesheet?.responseEnd ?? null,
            scripts,
            held: document.querySelectorAll('[rel="hearth-modulepreload"], script[type="hearth/module"]')
              .length,
            preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
          };
        });
        expect(timing.paint, path).not.toBeNull();
        expect(timing.stylesheetEnd, path).not.toBeNull();
        // The frame waited for the stylesheet; the scripts waited for the frame.
        expect(timing.paint!, path).toBeGreaterThanOrEqual(timing.stylesheetEnd!);
        expect(timing.scripts.length, path).toBeGreaterThan(0);
        expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.paint!);
        expect(timing.held, path).toBe(0);
        expect(timing.preloads, path).toBeGreaterThan(0);
      }
      // A link followed after hydration is a client-side navigation: no document request.
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
      await page.waitForURL(/\/resources\/about$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(documents).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
