import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, onSite, signInAtProvider, uniqueEmail } from './identity';
import { searchKitchens } from './admin-kitchens';

/** A small valid PNG made here: `size`×`size` pixels of one warm colour. */
function makePng(size = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xc4, 0x4a, 0x1f]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A date `days` ahead in New York (the kitchen's zone), and its weekday's name. */
function dateAhead(days: number): { iso: string; weekday: string } {
  const now = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { iso: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday };
}

const chromium = useChromium();

/** Fills a field found by its exact label within `scope`. */
async function fill(scope: Page | ReturnType<Page['locator']>, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

async function success(page: Page, text = 'Operation Success!') {
  await page.getByText(text).first().waitFor();
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('a new chef %s', (_label, javaScriptEnabled) => {
  let chefContext: BrowserContext;
  let adminContext: BrowserContext;
  let chef: Page;
  let admin: Page;

  beforeAll(async () => {
    chefContext = await newVisitorContext(chromium(), javaScriptEnabled);
    adminContext = await newVisitorContext(chromium(), javaScriptEnabled);
    chef = await chefContext.newPage();
    admin = await adminContext.newPage();
    const chefErrors = watchErrors(chef);
    const adminErrors = watchErrors(admin);
    return async () => {
      expect([...chefErrors, ...adminErrors]).toEqual([]);
      await chefContext.close();
      await adminContext.close();
    };
  });

  it('registers a kitchen, is approved, sells an item on a weekly menu, sees it on the kitchen page and pauses it', async () => {
    const run = `${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'h'}`;
    const kitchenName = `e2e-kitchen-${run}`;
    const brand = `E2E Soups ${run}`;
    const itemName = `Tomato soup ${run}`;
    const menuName = `Weekly soups ${run}`;

    // 1. A new person reads what becoming a chef means and registers at the identity provider from there.
    await chef.goto('/l/chef-registration', { waitUntil: 'load' });
    await chef
      .getByRole('heading', { level: 1, name: 'Sell what you cook, from your own kitchen' })
      .waitFor();
    await chef.getByRole('link', { name: 'Create an account to start' }).click();
    const providerPage = chef.getByRole('heading', { name: /Create your account|Sign in/ });
    await providerPage.waitFor();
    if ((await providerPage.textContent()) === 'Sign in')
      await chef.getByRole('link', { name: 'Create an account' }).click();
    await chef.getByRole('heading', { name: 'Create your account' }).waitFor();
    await chef.getByLabel('First name').fill('Robin');
    await chef.getByLabel('Last name').fill(`Chef ${run}`);
    await chef.getByLabel('Email').fill(uniqueEmail());
    await chef.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await chef.getByLabel('Repeat password').fill('a-long-enough-password');
    await chef.getByRole('button', { name: 'Create account' }).click();
    await chef.waitForURL(onSite('/l/chef-registration'));

    // 2. … and registers a kitchen: it awaits review.
    const form = chef.getByRole('form', { name: 'Register your kitchen' });
    await fill(form, 'Kitchen name', kitchenName);
    await fill(form, 'Brand display name', brand);
    await form.getByLabel('Brand type', { exact: true }).selectOption('HOME_KITCHEN');
    await fill(form, 'Speciality', 'Soups and stews');
    await fill(form, 'Description', 'Slow-cooked soups from a home kitchen.');
    await form.getByLabel('Phone country code', { exact: true }).selectOption('+1');
    await fill(form, 'Phone number', '201 555 0123');
    await form.getByLabel('Country', { exact: true }).selectOption('United States');
    await form.getByLabel('Time zone', { exact: true }).selectOption('America/New_York');
    await fill(form, 'Address line 1', '77 Hudson St');
    await fill(form, 'City', 'Jersey City');
    await fill(form, 'State', 'NJ');
    // No coordinates: the zip code places the kitchen.
    await fill(form, 'Zip code', '07302');
    await form.getByRole('checkbox', { name: /I accept the chef agreement/ }).check();
    if (javaScriptEnabled) expect(await form.locator('output').textContent()).toContain(`/${kitchenName}`);
    await form.getByRole('button', { name: 'Register my kitchen' }).click();
    await chef.getByRole('heading', { name: 'Your kitchen awaits review' }).waitFor();
    await chef.getByText('Your kitchen is submitted for review.').first().waitFor();
    // The header shows the kitchen's state rather than "Become a chef".
    const inReview = chef.getByRole('banner').getByRole('link', { name: 'Kitchen in review' }).first();
    expect(await inReview.getAttribute('href')).toBe('/l/chef-registration');
    expect(await chef.getByRole('banner').getByRole('link', { name: 'Become a chef' }).count()).toBe(0);

    // 3. The admin finds it among the pending kitchens on /l/admin and approves it.
    await admin.goto('/l/admin', { waitUntil: 'load' });
    await signInAtProvider(admin, DEMO.admin.email, '/l/admin');
    await searchKitchens(admin, { query: run, status: 'PENDING' });
    const entry = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: brand }) });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Jersey City');
    await entry.getByText('Review, block or set the fee').click();
    await entry
      .getByRole('form', { name: `Approve ${brand}` })
      .getByLabel('Review comments (optional)')
      .fill('Welcome to Hearth.');
    await entry.getByRole('button', { name: `Approve ${brand}` }).click();
    await admin.getByText(`Kitchen approved — ${brand} is live.`).first().waitFor();
    await searchKitchens(admin, { status: 'APPROVED' });
    await admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: brand }) })
      .waitFor();

    // 4. The new chef, a chef now without any manual step, adds an item with two pricing options and a picture.
    await chef.goto('/l/manage-menus', { waitUntil: 'load' });
    await chef.getByRole('heading', { level: 1, name: 'Manage menus' }).waitFor();
    expect(
      await chef.getByRole('banner').getByRole('link', { name: 'My kitchen' }).getAttribute('href'),
    ).toBe('/l/orders/kitchen');
    await chef.getByRole('link', { name: 'New item' }).first().click();
    await chef.waitForURL(onSite('/l/manage-menus/items/new'));
    const itemForm = chef.getByRole('form', { name: 'Add an item' });
    await fill(itemForm, 'Name', itemName);
    await fill(itemForm, 'Description', 'Roasted tomatoes, basil and cream.');
    await fill(itemForm, 'Measurement of pricing option 1', 'Bowl');
    await fill(itemForm, 'Quantity of pricing option 1', '1');
    await fill(itemForm, 'Price of pricing option 1', '6.50');
    await fill(itemForm, 'Serves of pricing option 1', '1');
    await itemForm.getByRole('button', { name: 'Add another pricing option' }).click();
    await fill(chef.getByRole('form', { name: 'Add an item' }), 'Measurement of pricing option 2', 'Pot');
    // Without JavaScript the page came back with the row added and the first row as typed.
    expect(await chef.getByLabel('Price of pricing option 1', { exact: true }).inputValue()).toBe('6.50');
    await fill(chef.getByRole('form', { name: 'Add an item' }), 'Quantity of pricing option 2', '1');
    await fill(chef.getByRole('form', { name: 'Add an item' }), 'Price of pricing option 2', '18');
    await fill(chef.getByRole('form', { name: 'Add an item' }), 'Serves of pricing option 2', '4');
    await chef.getByRole('button', { name: 'Save item' }).click();
    await chef.waitForURL((url) => /^\/l\/manage-menus\/items\/[0-9a-f-]{36}$/.test(url.pathname));
    await success(chef, `${itemName} added — put it on a menu to sell it`);
    await chef
      .getByLabel('Choose pictures')
      .setInputFiles({ name: 'soup.png', mimeType: 'image/png', buffer: makePng() });
    await chef.getByRole('button', { name: 'Upload pictures' }).click();
    await chef.getByRole('img', { name: `${itemName}, picture 1` }).waitFor();
    const saved = chef.getByRole('form', { name: 'Item details' });
    expect(await saved.getByLabel('Price of pricing option 2', { exact: true }).inputValue()).toBe('18.00');

    // 5. … creates a weekly menu with that item, and publishes it.
    const first = dateAhead(3);
    await chef.goto('/l/manage-menus/new', { waitUntil: 'load' });
    const menuForm = chef.getByRole('form', { name: 'Create a menu' });
    await fill(menuForm, 'Name', menuName);
    await menuForm.getByRole('radio', { name: 'Recurring' }).check();
    await fill(menuForm, 'First date', first.iso);
    await menuForm.getByLabel('Repeat unit', { exact: true }).selectOption('weeks');
    await menuForm.getByRole('checkbox', { name: first.weekday, exact: true }).check();
    await menuForm.getByRole('checkbox', { name: itemName }).check();
    expect(await menuForm.getByRole('checkbox', { name: 'Customers can pick up' }).isChecked()).toBe(true);
    await menuForm.getByRole('button', { name: 'Save menu' }).click();
    await chef.waitForURL((url) => url.pathname === '/l/manage-menus');
    const drafts = chef.getByRole('region', { name: /^Drafts/ });
    await drafts.getByRole('heading', { name: menuName }).waitFor();
    await drafts.getByRole('button', { name: `Publish ${menuName}` }).click();
    const published = chef.getByRole('region', { name: /^Published/ });
    const card = published
      .getByRole('listitem')
      .filter({ has: chef.getByRole('heading', { name: menuName }) });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Order by \w{3} \d{1,2}(:\d\d)? [AP]M/);

    // 6. It is on the kitchen page and on the storefront, with both prices.
    await chef.getByRole('link', { name: 'your kitchen page' }).click();
    await chef.waitForURL((url) => url.pathname.startsWith('/kitchen/'));
    const kitchenPath = new URL(chef.url()).pathname;
    await chef.getByRole('heading', { level: 1, name: brand }).waitFor();
    const onKitchen = chef.getByRole('article', { name: itemName }).first();
    await onKitchen.waitFor();
    expect(await onKitchen.textContent()).toContain('$6.50');
    expect(await onKitchen.textContent()).toContain('$18.00');
    expect(await onKitchen.getByRole('img', { name: itemName }).count()).toBe(1);
    expect(await chef.getByRole('heading', { name: menuName }).count()).toBeGreaterThan(0);
    const storefront = await chef.goto(`/${kitchenName}`, { waitUntil: 'load' });
    expect(storefront?.status()).toBe(200);
    await chef.getByRole('article', { name: itemName }).first().waitFor();

    // 7. Paused (after its confirm step), it disappears from the kitchen page.
    await chef.goto('/l/manage-menus', { waitUntil: 'load' });
    await chef
      .getByRole('region', { name: /^Published/ })
      .getByRole('link', { name: `Pause… ${menuName}` })
      .click();
    await chef.getByRole('heading', { level: 1, name: `Pause ${menuName}?` }).waitFor();
    await chef.getByRole('button', { name: 'Pause menu' }).click();
    await success(chef, `${menuName} paused — customers no longer see it`);
    await chef
      .getByRole('region', { name: /^Paused/ })
      .getByRole('heading', { name: menuName })
      .waitFor();
    await chef.goto(kitchenPath, { waitUntil: 'load' });
    await chef.getByRole('heading', { level: 1, name: brand }).waitFor();
    expect(await chef.getByRole('article', { name: itemName }).count()).toBe(0);
    await chef.getByText(`${brand} has no menus for the coming days.`, { exact: false }).waitFor();
  }, 240_000);
});
