import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';

const chromium = useChromium();

/** The demo chef's kitchen, whose "Office lunch club" menu is private (api/src/database/seed/demo-secret.ts). */
const KITCHEN = '/kitchen/priyas-kitchen';
const PRIVATE_MENU = 'Office lunch club';
const PRIVATE_DISH = 'Office Thali Box';
/**
 * The code the demo seed gives that kitchen on a fresh database (the e2e database always is one; the chef's
 * settings page shows it, and a chef who generates a new one there would have to tell the tests).
 */
const DEMO_CODE = 'LUNCHCLB';
/** A code no kitchen has (the same one every run: one wrong guess, however often the suite runs). */
const WRONG_CODE = 'WRONG234';
const WRONG = "That code does not open this kitchen's private menus. Check it with the kitchen.";

/**
 * Private menus (issue 18 part 7), as a guest would meet one: the kitchen page does not show the private
 * menu; a wrong code is refused beside the field and stays typed; the kitchen's code (typed in lower case)
 * shows the menu and its dish's order form.
 */
describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('private menus %s', (_label, javaScriptEnabled) => {
  let contexts: BrowserContext[];
  let errors: string[][];

  beforeEach(() => {
    contexts = [];
    errors = [];
    return async () => {
      for (const e of errors) expect(e).toEqual([]);
      for (const c of contexts) await c.close();
    };
  });

  async function visitor(): Promise<Page> {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  }

  it('a guest sees the private menu only after entering the kitchen’s code, and its dish', async () => {
    const code = DEMO_CODE;
    const page = await visitor();
    await page.goto(KITCHEN, { waitUntil: 'load' });
    const menu = page.locator('#menu');
    await menu.getByRole('heading', { name: 'Have a code from this kitchen?' }).waitFor();
    expect(await menu.textContent()).not.toContain(PRIVATE_MENU);
    expect(await page.getByRole('form', { name: `Order ${PRIVATE_DISH}` }).count()).toBe(0);

    // A wrong code: the reason beside the field, the code still typed.
    const field = page.getByLabel('Kitchen code');
    await field.fill(WRONG_CODE);
    await page.getByRole('button', { name: 'Show private menus' }).click();
    await page.getByText(WRONG).waitFor();
    expect(await page.getByLabel('Kitchen code').inputValue()).toBe(WRONG_CODE);
    expect(await page.getByLabel('Kitchen code').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#menu').textContent()).not.toContain(PRIVATE_MENU);

    // The right code, typed in lower case.
    await page.getByLabel('Kitchen code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Show private menus' }).click();
    await page.getByText(/Your code from .+ is on/).waitFor();
    const menus = page.getByRole('list', { name: 'Menus' });
    await menus.getByRole('heading', { name: new RegExp(`^${PRIVATE_MENU}`) }).waitFor();
    expect(await menus.getByText('Private', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Have a code from this kitchen?' }).count()).toBe(0);

    // Its dish is on the page with its order form (adding it to the cart: api/test/menu/private-menus.spec.ts).
    await page.getByRole('form', { name: `Order ${PRIVATE_DISH}` }).waitFor();

    // Another browser without the code still sees nothing of it.
    const other = await visitor();
    await other.goto(KITCHEN, { waitUntil: 'load' });
    await other.getByRole('heading', { name: 'Have a code from this kitchen?' }).waitFor();
    expect(await other.locator('#menu').textContent()).not.toContain(PRIVATE_DISH);
  }, 180_000);
});
