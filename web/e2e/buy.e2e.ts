import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatMoney, priceCart } from '@hearth/shared';
import type { PricingCartItemInput } from '@hearth/shared';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, headerAccount, onSite, signIn, signInAtProvider } from './identity';
import { canReadMail, waitForMail } from './mail';

const chromium = useChromium();

const SEARCH = '/l/find-items?zip=07302&country=US';

/** A 1×1 PNG, enough for the API to take as a picture. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** What the test put in the cart, as the item pages showed it: enough to price it by the shared rules. */
interface Added {
  name: string;
  kitchen: string;
  price: string;
  fee: string;
  dates: string[];
}

function amount(text: string | null): string {
  const m = /\$(\d+(?:\.\d+)?)/.exec(text ?? '');
  if (!m) throw new Error(`No amount in "${text}"`);
  return m[1];
}

/**
 * From the search results, opens `name` of `kitchen`, ticks the first time slot of the given dates (or
 * of the first `count` dates), keeps delivery and adds it to the cart.
 */
async function addToCart(
  page: Page,
  name: string,
  kitchen: string,
  pick: { count?: number; dates?: string[] },
): Promise<Added> {
  await page.goto(SEARCH, { waitUntil: 'load' });
  const card = page
    .getByTestId('item-result')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .filter({ hasText: kitchen });
  await card.getByRole('heading', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const form = page.getByRole('form', { name: `Order ${name}` });
  const firstPortion = form.getByRole('group', { name: 'Portion' }).locator('label').first();
  const price = amount(await firstPortion.textContent());
  const fee = amount(
    await page
      .getByText(/Delivery fee/)
      .first()
      .locator('..')
      .textContent(),
  );
  // The dates are chips (checkboxes named `YYYY-MM-DD|SLOT`); the first slot of each date is ticked.
  const chips = form.getByRole('group', { name: 'Dates' }).getByRole('checkbox');
  const values = await chips.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const available = [...new Set(values.map((v) => v.split('|')[0]))];
  const dates = pick.dates ?? available.slice(0, pick.count ?? 1);
  expect(
    dates.every((d) => available.includes(d)),
    `${name} is offered on ${dates.join(', ')}`,
  ).toBe(true);
  for (const date of dates) await chips.nth(values.findIndex((v) => v.startsWith(`${date}|`))).check();
  expect(await form.getByRole('radio', { name: 'Delivery' }).isChecked()).toBe(true);
  const itemPage = new URL(page.url()).pathname;
  await form.getByRole('button', { name: 'Add to cart' }).click();
  // Issue 12 item 6: it stays on the item page and says what it added (it went to the cart before).
  await page.getByText(`Added ${name} for `).first().waitFor();
  expect(new URL(page.url()).pathname).toBe(itemPage);
  return { name, kitchen, price, fee, dates };
}

/** The cart the shared rules expect for what was added (one slot per date, delivery, quantity 1). */
function expectedPricing(added: Added[]) {
  const items: PricingCartItemInput[] = added.map((a, i) => ({
    tempId: String(i),
    orderQuantity: 1,
    userSelectedPricingOption: { chefPrice: a.price },
    // The slot is the first of each date; every date here has PM_5_7 or LUNCH_12PM first — the key only
    // needs to be the same for items of one chef on one date, which the pages guarantee.
    dates: a.dates.map((date) => ({ date, timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' })),
    item: { id: String(i), name: a.name, publisherId: a.kitchen, deliveryFees: a.fee, currencyCode: 'USD' },
  }));
  return priceCart(items);
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('buying %s', (_label, javaScriptEnabled) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await newVisitorContext(chromium(), javaScriptEnabled);
    page = await context.newPage();
    errors = watchErrors(page);
    return async () => {
      expect(errors).toEqual([]);
      await context.close();
    };
  });

  it('a guest finds food by zip, fills a cart from two chefs on two dates, signs in, pays cash, follows the order and cancels a date', async () => {
    // Search from the home page.
    await page.goto('/', { waitUntil: 'load' });
    const search = page.getByRole('search', { name: 'Find food near you' });
    await search.getByLabel('Zip or postal code').fill('07302');
    await search.getByRole('button', { name: 'Find food' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/l/find-items' && url.searchParams.get('zip') === '07302',
    );
    expect(await page.getByTestId('search-summary').textContent()).toMatch(/within 15 miles of 07302/);
    expect(await page.getByTestId('item-result').count()).toBeGreaterThan(3);

    // Two dates of one dish, a second dish of the same chef on the first of them, a dish of another chef.
    const dal = await addToCart(page, 'Dal Tadka', "Priya's Kitchen", { count: 2 });
    const chicken = await addToCart(page, 'Butter Chicken', "Priya's Kitchen", { dates: [dal.dates[0]] });
    const salad = await addToCart(page, 'Greek Salad', 'Hoboken Harvest', { count: 1 });
    const added = [dal, chicken, salad];
    await page.goto('/l/cart', { waitUntil: 'load' });

    // The cart: by chef and date, one delivery fee per chef, date and slot, totals of the shared rules.
    const chefs = page.getByTestId('cart-chef');
    expect(await chefs.count()).toBe(2);
    const priya = chefs.filter({ hasText: "Priya's Kitchen" });
    const priyaDates = priya.getByTestId('cart-date');
    expect(await priyaDates.count()).toBe(2);
    const shared = priyaDates.filter({ hasText: 'Butter Chicken' });
    expect(await shared.locator('tbody tr').count()).toBe(3); // two dishes and one fee
    expect(await shared.getByTestId('delivery-fee').count()).toBe(1);
    expect(await priyaDates.nth(1).getByTestId('delivery-fee').count()).toBe(1);
    expect(await chefs.filter({ hasText: 'Hoboken Harvest' }).getByTestId('delivery-fee').count()).toBe(1);
    expect(
      await priya
        .getByTestId('cart-line')
        .filter({ hasText: 'Dal Tadka' })
        .getByTestId('line-formula')
        .textContent(),
    ).toBe(
      `$${dal.price} × 1 × 1 slot × 2 dates = ${formatMoney(Math.round(Number(dal.price) * 200), 'USD')}`,
    );
    if (process.env.E2E_SHOTS)
      await page.screenshot({
        path: `${process.env.E2E_SHOTS}/cart-${javaScriptEnabled}.png`,
        fullPage: true,
      });
    const expected = expectedPricing(added);
    expect(expected.deliveryFees).toHaveLength(3);
    expect(await page.getByTestId('cart-total').textContent()).toBe(
      formatMoney(expected.totals[0].cartTotal, 'USD'),
    );

    // Check out: sign in first; the guest cart comes along.
    await page.getByRole('link', { name: 'Check out' }).click();
    await signInAtProvider(page, DEMO.customer.email, '/l/cart/checkout');
    await page.getByRole('heading', { level: 1, name: 'Check out' }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Your order' });
    for (const a of added) expect(await summary.getByText(a.name).count()).toBeGreaterThan(0);

    if (process.env.E2E_SHOTS)
      await page.screenshot({
        path: `${process.env.E2E_SHOTS}/checkout-${javaScriptEnabled}.png`,
        fullPage: true,
      });
    await page.getByLabel('Phone').fill('+1 201 555 0100');
    // The demo kitchens take cards and PayPal too (paid online in checkout-payments.e2e.ts); this order is cash.
    const payment = page.getByRole('group', { name: 'Payment' });
    expect(await payment.getByRole('radio').count()).toBeGreaterThan(1);
    await payment.getByRole('radio', { name: /Cash on pickup\/delivery/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/l/orders/order-status' && url.searchParams.has('orderNumber'),
    );
    const orderNumber = new URL(page.url()).searchParams.get('orderNumber') ?? '';
    await page.getByText(`Order ${orderNumber} placed`).first().waitFor();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    const selections = page.getByTestId('date-selection');
    expect(await selections.count()).toBe(4);
    expect(await selections.first().getByTestId('timeline').textContent()).toContain('Order placed');
    // The confirmation really went out by SMTP (to the stack's mail catcher) and names the order.
    if (canReadMail) {
      const confirmation = await waitForMail(DEMO.customer.email, (m) => m.text.includes(orderNumber));
      expect(confirmation.from).toBeTruthy();
    }

    // The orders page lists it first.
    await page.goto('/l/orders', { waitUntil: 'load' });
    expect(await page.getByTestId('order').first().getByRole('heading', { level: 2 }).textContent()).toBe(
      `Order ${orderNumber}`,
    );
    await page.getByRole('link', { name: `Follow this order ${orderNumber}` }).click();
    await page.waitForURL((url) => url.pathname === '/l/orders/order-status');

    // Cancel one date, with a reason.
    const first = page.getByTestId('date-selection').first();
    await first.locator('summary', { hasText: /^Cancel / }).click();
    await first.getByLabel('Reason (optional)').fill('Plans changed');
    await first.getByRole('button', { name: /^Cancel this date/ }).click();
    await page
      .getByText(/Cancelled .+ for .+ — the chef has been told/)
      .first()
      .waitFor();
    if (process.env.E2E_SHOTS)
      await page.screenshot({
        path: `${process.env.E2E_SHOTS}/status-${javaScriptEnabled}.png`,
        fullPage: true,
      });
    const cancelled = page.getByTestId('date-selection').first();
    await cancelled.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await cancelled.getByTestId('status-history').textContent()).toContain('Plans changed');
    expect(await cancelled.locator('summary', { hasText: /^Cancel / }).count()).toBe(0);
    expect(await page.getByTestId('date-selection').nth(1).getByTestId('order-status').textContent()).toBe(
      'Order placed',
    );
  }, 120_000);

  it('the chef moves a pickup order along to picked up, the customer follows it and rates it with a picture', async () => {
    // The customer buys one Dal Tadka for pickup from Priya's Kitchen (the demo chef's kitchen).
    await signIn(page, 'customer', '/l/find-items?zip=07302&country=US');
    const card = page
      .getByTestId('item-result')
      .filter({ hasText: "Priya's Kitchen" })
      .filter({ has: page.getByRole('heading', { name: 'Dal Tadka', exact: true }) });
    await card.getByRole('heading', { name: 'Dal Tadka', exact: true }).click();
    const form = page.getByRole('form', { name: 'Order Dal Tadka' });
    await form.getByRole('group', { name: 'Dates' }).getByRole('checkbox').first().check();
    await form.getByRole('radio', { name: 'Pickup' }).check();
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added Dal Tadka for ').first().waitFor();
    await page.goto('/l/cart', { waitUntil: 'load' });
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.waitForURL(onSite('/l/cart/checkout'));
    await page.getByLabel('Phone').fill('+1 201 555 0100');
    await page
      .getByRole('group', { name: 'Payment' })
      .getByRole('radio', { name: /Cash on pickup\/delivery/ })
      .check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.pathname === '/l/orders/order-status');
    const orderNumber = new URL(page.url()).searchParams.get('orderNumber') ?? '';
    const statusPage = page.url();

    // The chef, in another browser, moves it: confirmed, being prepared, ready for pickup, picked up.
    const chefContext = await newVisitorContext(chromium(), javaScriptEnabled);
    try {
      const chef = await chefContext.newPage();
      const chefErrors = watchErrors(chef);
      // A guarded page: the provider first, then back to it.
      await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
      await signInAtProvider(chef, DEMO.chef.email, '/l/orders/kitchen');
      for (const step of ['Confirmed by the chef', 'Being prepared', 'Ready for pickup', 'Picked up']) {
        const fulfilment = chef.getByTestId('fulfilment').filter({ hasText: `Order ${orderNumber}` });
        await fulfilment.getByRole('button', { name: step, exact: true }).click();
        // Each move shows on the card; the last one takes it off the to-do list.
        if (step === 'Picked up') await fulfilment.waitFor({ state: 'detached' });
        else await fulfilment.getByTestId('order-status').filter({ hasText: step }).waitFor();
      }
      // Delivered leaves the to-do list for the delivered one.
      await chef.goto('/l/orders/kitchen?list=archived', { waitUntil: 'load' });
      await chef
        .getByTestId('fulfilment')
        .filter({ hasText: `Order ${orderNumber}` })
        .waitFor();
      expect(chefErrors).toEqual([]);
    } finally {
      await chefContext.close();
    }

    // The customer sees every step and rates it: 4 stars, words and a picture.
    await page.goto(statusPage, { waitUntil: 'load' });
    const selection = page.getByTestId('date-selection').first();
    // A pickup: "Picked up" on the badge, the progress bar's last step and the history alike.
    expect(await selection.getByTestId('order-status').textContent()).toBe('Picked up');
    expect(await selection.getByTestId('timeline').textContent()).toContain('Picked up');
    const history = await selection.getByTestId('status-history').textContent();
    for (const step of [
      'Order placed',
      'Confirmed by the chef',
      'Being prepared',
      'Ready for pickup',
      'Picked up',
    ])
      expect(history).toContain(step);
    expect(history).not.toContain('Delivered');
    const review = `Warm and homely (${javaScriptEnabled ? 'js' : 'html'} ${Date.now().toString(36)})`;
    const rate = selection.getByRole('form', { name: /^Rate Dal Tadka/ });
    await rate.getByRole('radio', { name: '4 stars' }).check();
    await rate.getByLabel('Your review').fill(review);
    await rate
      .getByLabel(/^Pictures/)
      .setInputFiles({ name: 'dal.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await rate.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you — your review of Dal Tadka is posted').first().waitFor();

    // The review is on the dish's page, with its picture.
    await page.goto('/l/find-items?zip=07302&country=US', { waitUntil: 'load' });
    await page
      .getByTestId('item-result')
      .filter({ hasText: "Priya's Kitchen" })
      .getByRole('heading', { name: 'Dal Tadka', exact: true })
      .click();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    const mine = reviews.getByRole('listitem').filter({ hasText: review });
    await mine.waitFor();
    expect(await mine.getByRole('img', { name: /Picture 1 of the review/ }).count()).toBe(1);
    expect(await headerAccount(page, DEMO.customer.name).count()).toBe(1);
  }, 120_000);

  it('a customer keeps a favourite chef from the search and finds it on /l/favs', async () => {
    const search = '/l/find-chefs?zip=07302&country=US';
    await signIn(page, 'customer', search);
    const toggle = page
      .getByTestId('kitchen-result')
      .filter({ hasText: "Priya's Kitchen" })
      .getByRole('button', { name: "Favourite: Priya's Kitchen" });
    // An earlier run may have left it a favourite.
    if ((await toggle.getAttribute('aria-pressed')) === 'true') {
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
    }
    await toggle.click();
    await page.getByText("Priya's Kitchen added to your favourites").first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(page.url()).toContain(search);

    await page.goto('/l/favs', { waitUntil: 'load' });
    const favourite = page.getByTestId('favourite-kitchen').filter({ hasText: "Priya's Kitchen" });
    await favourite.waitFor();
    expect(await favourite.getByText(/Cooking:/).count()).toBeGreaterThan(0);
    await favourite.getByRole('button', { name: "Favourite: Priya's Kitchen" }).click();
    await page
      .getByTestId('favourite-kitchen')
      .filter({ hasText: "Priya's Kitchen" })
      .waitFor({ state: 'detached' });
  });
});
