import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors, WEB_URL } from './browser';
import { onSite, uniqueEmail } from './identity';

const chromium = useChromium();

/** Priya's Kitchen, the demo chef's (30 Montgomery St, Jersey City 07302). */
const PRIYA = { latitude: 40.7178, longitude: -74.0431 };

/** Registers a new customer at the provider from the header of a public page, back on it signed in. */
async function registerCustomer(page: Page, path: string, name: [string, string]) {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForURL(onSite(path));
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  const heading = page.getByRole('heading', { name: /Create your account|Sign in/ });
  await heading.waitFor();
  if ((await heading.textContent()) === 'Sign in')
    await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('First name').fill(name[0]);
  await page.getByLabel('Last name').fill(name[1]);
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.getByLabel('Repeat password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(onSite(path));
}

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('a customer %s saves an address without coordinates', (_label, javaScriptEnabled) => {
  it('is asked only for the address; the zip code (or, with JavaScript, the browser) places it, and search by the saved address uses it', async () => {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    try {
      if (javaScriptEnabled) {
        await context.grantPermissions(['geolocation'], { origin: WEB_URL });
        await context.setGeolocation(PRIYA);
      }
      const page = await context.newPage();
      const errors = watchErrors(page);
      await registerCustomer(page, '/resources/about', ['Sam', javaScriptEnabled ? 'Scripted' : 'Plain']);
      await page.goto('/l/addresses', { waitUntil: 'load' });

      const form = page.getByRole('form', { name: 'Add an address' });
      // No coordinates to type: no latitude or longitude on the form.
      expect(await form.getByLabel('Latitude').count()).toBe(0);
      expect(await form.getByLabel('Longitude').count()).toBe(0);
      await form.getByLabel('Address line 1').fill('40 Newark Ave');
      await form.getByLabel('City').fill('Jersey City');
      await form.getByLabel('State').fill('NJ');
      await form.getByLabel('Zip code').fill('07302');
      await form.getByLabel('Country').selectOption('United States');
      if (javaScriptEnabled) {
        await form.getByRole('button', { name: 'Use my location' }).click();
        await form
          .getByText('Your position (40.717800, -74.043100) will be saved with this address.')
          .waitFor();
      } else {
        // The button needs JavaScript: without it there is none.
        expect(await form.getByRole('button', { name: 'Use my location' }).count()).toBe(0);
      }
      await form.getByRole('button', { name: 'Add address' }).click();
      await page
        .getByText(/Address( “[^”]*”)? added/)
        .first()
        .waitFor();
      const saved = page.getByRole('listitem').filter({ hasText: '40 Newark Ave' });
      expect(await saved.textContent()).toContain('40 Newark Ave, Jersey City, NJ 07302, United States');

      // Saved with a point: the zip code's centre, or the browser's position when it gave one.
      const addresses = (await (
        await page.request.get('/services/publisher/api/consumer/delivery/address')
      ).json()) as Array<{
        lat: number | null;
        lng: number | null;
      }>;
      expect(addresses).toHaveLength(1);
      if (javaScriptEnabled)
        expect(addresses[0]).toMatchObject({ lat: PRIYA.latitude, lng: PRIYA.longitude });
      else {
        expect(addresses[0].lat).toBeCloseTo(40.72, 1);
        expect(addresses[0].lng).toBeCloseTo(-74.05, 1);
      }

      // Search with no zip code: it starts from the saved address and finds the kitchens near it.
      await page.goto('/l/find-items', { waitUntil: 'load' });
      expect(await page.getByTestId('search-summary').textContent()).toContain(
        'of your saved address (07302)',
      );
      await page.getByTestId('item-result').filter({ hasText: "Priya's Kitchen" }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
