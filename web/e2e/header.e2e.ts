import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULTS } from '@hearth/shared';
import { newVisitorContext, phoneViewport, useChromium, watchErrors } from './browser';
import { DEMO, headerAccount, onSite, signInAtProvider } from './identity';
import { putInCart } from './shop';

const chromium = useChromium();

const DESKTOP = { width: 1280, height: 900 };

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the header %s', (_label, javaScriptEnabled) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const open = async (viewport = DESKTOP) => {
    context = await newVisitorContext(chromium(), javaScriptEnabled, 'block', viewport);
    page = await context.newPage();
    errors = watchErrors(page);
  };
  beforeEach(() => async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  it.each([
    ['on a desktop', DESKTOP],
    ['on a phone', phoneViewport(390)],
  ])(
    'takes the demo chef to the incoming orders in one click from any page, %s',
    async (_where, viewport) => {
      await open(viewport);
      // Signed in through a guarded page (on a phone "Sign in" sits in the menu), then anywhere else.
      await page.goto('/l/favs', { waitUntil: 'load' });
      await signInAtProvider(page, DEMO.chef.email, '/l/favs');
      await page.goto('/resources/about', { waitUntil: 'load' });
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('link', { name: 'Become a chef' }).count()).toBe(0);
      const myKitchen = banner.getByRole('link', { name: 'My kitchen' });
      expect(await myKitchen.isVisible()).toBe(true);
      await myKitchen.click();
      await page.waitForURL(onSite('/l/orders/kitchen'));
      await page.getByRole('heading', { level: 1, name: 'Kitchen orders' }).waitFor();
      // The kitchen's other pages are beside the orders.
      const kitchenNav = page.getByRole('navigation', { name: 'Your kitchen' });
      for (const name of ['Orders to cook', 'Menus and items', 'Settings']) {
        expect(await kitchenNav.getByRole('link', { name }).isVisible(), name).toBe(true);
      }
      // The chef's own purchases stay in the account menu, under "My orders".
      if (viewport === DESKTOP) {
        await headerAccount(page, DEMO.chef.name).click();
        const account = page.getByRole('navigation', { name: 'Account', exact: true });
        expect(await account.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/l/orders');
      }
    },
  );

  it("shows the cart's lines in the header, and follows a removal", async () => {
    await open();
    await page.goto('/resources/about', { waitUntil: 'load' });
    await page.waitForURL(onSite('/resources/about'));
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Cart', exact: true }).count()).toBe(1);
    await putInCart(page, 2);
    await page.goto('/l/cart', { waitUntil: 'load' });
    await banner.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    expect(await banner.getByTestId('cart-count').textContent()).toBe('2');
    // An action on the page (here: removing a line) refreshes the count in the header too.
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Remove/ })
      .first()
      .click();
    await banner.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
  });

  it('shows a guest what becoming a chef means, then brings them back to the form after signing in', async () => {
    await open();
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForURL(onSite('/'));
    await page.getByRole('banner').getByRole('link', { name: 'Become a chef' }).first().click();
    await page.waitForURL(onSite('/l/chef-registration'));
    await page
      .getByRole('heading', { level: 1, name: 'Sell what you cook, from your own kitchen' })
      .waitFor();
    for (const name of ['How it works', 'Fees', 'What you need']) {
      expect(await page.getByRole('heading', { level: 2, name }).isVisible(), name).toBe(true);
    }
    const share = `${Math.round(Number(DEFAULTS.vsFees) * 10_000) / 100}%`;
    expect(await page.getByRole('main').textContent()).toContain(
      `Hearth keeps ${share} of what customers pay`,
    );
    expect(await page.getByRole('main').textContent()).toContain(
      'An admin may set a different percentage for your kitchen',
    );
    expect(await page.getByRole('main').textContent()).toContain('food handler permit');
    expect(await page.getByRole('link', { name: 'Create an account to start' }).getAttribute('href')).toBe(
      '/services/publisher/api/auth/register?redirect=%2Fl%2Fchef-registration',
    );
    await page.getByRole('link', { name: 'I have an account: sign in' }).click();
    await signInAtProvider(page, DEMO.customer.email, '/l/chef-registration');
    await page.getByRole('heading', { name: 'Register your kitchen' }).waitFor();
  });
});
