import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn } from './identity';
import { FROM_THE_SITE } from './shop';

const chromium = useChromium();

const API = '/services/publisher/api';

/** An amount as the page shows it ("$22.98", "−$17.98") in cents. */
function cents(text: string | null): number {
  const digits = (text ?? '').replace(/\D/g, '');
  if (!digits) throw new Error(`No amount in "${text}"`);
  return (/^\s*[−-]/.test(text ?? '') ? -1 : 1) * Number(digits);
}

async function amounts(scope: Locator, kind: string): Promise<number[]> {
  return (await scope.locator(`[data-amount="${kind}"]`).allTextContents()).map(cents);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Puts Priya's Kitchen's Butter Chicken (delivery) and Dal Tadka (delivery, two dates) in the signed-in
 * customer's cart, on the kitchen's next two dates: the two dishes share the first date's delivery trip.
 * Filling the cart goes through the API as the browser's session: what is under test here is how the
 * checkout and order pages add up (buy.e2e.ts goes through the item pages).
 */
async function fillCart(page: Page): Promise<void> {
  const kitchen = await (
    await page.request.get(`${API}/publisher/find-by-kitchen-name?kitchenName=priyas-kitchen`)
  ).json();
  const week = await (await page.request.get(`${API}/kitchen/${kitchen.id}`)).json();
  type Menu = { orderable: boolean; timeSlots: { slot: string }[]; items: { id: string; name: string }[] };
  const dates = (week.dates as { date: string; menus: Menu[] }[])
    .map((d) => ({
      date: d.date,
      menu: d.menus.find((m) => m.orderable && m.items.some((i) => i.name === 'Dal Tadka')),
    }))
    .filter((d): d is { date: string; menu: Menu } => Boolean(d.menu))
    .slice(0, 2);
  expect(dates.length, "Priya's Kitchen cooks Dal Tadka on two coming dates").toBe(2);
  const add = async (name: string, on: typeof dates) => {
    const id = on[0]?.menu.items.find((i) => i.name === name)?.id;
    expect(id, `${name} is on the menu`).toBeTruthy();
    const item = await (await page.request.get(`${API}/item/${id}`)).json();
    const response = await page.request.post(`${API}/cart/items`, {
      headers: FROM_THE_SITE,
      data: {
        itemId: id,
        userSelectedPricingOption: { id: item.pricingOptions[0].id },
        orderQuantity: 1,
        dates: on.map((d) => ({
          date: d.date,
          timeSlots: [d.menu.timeSlots[0]?.slot],
          deliveryOption: 'DELIVERY',
        })),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await add('Butter Chicken', dates.slice(0, 1));
  await add('Dal Tadka', dates);
}

/** The order's totals: date rows → items and fees; items + fees − cancelled = total = due + paid. */
async function expectOrderAddsUp(scope: Locator) {
  const rows = scope.getByTestId('date-amounts');
  const [items] = await amounts(scope, 'items');
  const [fees] = await amounts(scope, 'fees');
  const [total] = await amounts(scope, 'total');
  const [cancelled = 0] = await amounts(scope, 'cancelled');
  expect(sum(await amounts(rows, 'item'))).toBe(items);
  expect(sum(await amounts(rows, 'fee'))).toBe(fees);
  const cancelledRows = rows.and(scope.locator('[data-cancelled="true"]'));
  expect(0 - cancelled).toBe(
    sum([...(await amounts(cancelledRows, 'item')), ...(await amounts(cancelledRows, 'fee'))]),
  );
  expect(items + fees + cancelled).toBe(total);
  const [due = 0] = await amounts(scope, 'due');
  const [paid = 0] = await amounts(scope, 'paid');
  expect(due + paid).toBe(total);
  expect(cents(await scope.getByTestId('order-total').first().textContent())).toBe(total);
  return { items, fees, total, cancelled };
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('money that adds up %s', (_label, javaScriptEnabled) => {
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

  it('the cart, the checkout summary and the order pages show rows that add up to their totals, before and after a cancel', async () => {
    await signIn(page, 'customer', '/l/find-items');
    await fillCart(page);

    // The cart: per chef and in all, item rows + fee rows = totals.
    await page.goto('/l/cart', { waitUntil: 'load' });
    const totals = page.getByTestId('cart-totals');
    const [cartTotal] = await amounts(totals, 'total');
    for (const chef of await page.getByTestId('cart-chef').all()) {
      const [chefTotal] = await amounts(chef, 'total');
      expect(sum(await amounts(chef, 'item')) + sum(await amounts(chef, 'fee'))).toBe(chefTotal);
    }
    expect(sum(await amounts(totals, 'items')) + sum(await amounts(totals, 'fees'))).toBe(cartTotal);

    // The checkout summary: each line without its fee, each fee once, adding up to the cart's total.
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check out' }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Your order' });
    const [checkoutTotal] = await amounts(summary, 'total');
    expect(checkoutTotal).toBe(cartTotal);
    expect(sum(await amounts(summary, 'item')) + sum(await amounts(summary, 'fee'))).toBe(checkoutTotal);
    // The two dishes travel together on the first date: one fee for them, one for Dal Tadka's second date.
    expect(await summary.getByText('Delivery fee').count()).toBeGreaterThanOrEqual(2);

    await page.getByLabel('Phone').fill('+1 201 555 0100');
    const address = page.getByRole('radiogroup', { name: 'Delivery address' });
    if (!(await address.getByRole('radio', { checked: true }).count()))
      await address.getByRole('radio').first().check();
    await page
      .getByRole('group', { name: 'Payment' })
      .getByRole('radio', { name: /Cash on pickup\/delivery/ })
      .check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/l/orders/order-status' && url.searchParams.has('orderNumber'),
    );
    const orderNumber = new URL(page.url()).searchParams.get('orderNumber') ?? '';
    await page.getByText(`Order ${orderNumber} placed`).first().waitFor();

    // The order status page: what was in the cart, every date due, adding up.
    const main = page.getByRole('main');
    const placed = await expectOrderAddsUp(main);
    expect(placed.total).toBe(cartTotal);
    expect(placed.cancelled).toBe(0);
    expect(await main.getByTestId('settlement').allTextContents()).not.toContain('Nothing due');

    // Cancel the Butter Chicken: it owes nothing now, the trip's fee stays with the Dal Tadka still coming.
    const chicken = main
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: /Butter Chicken/ }) });
    const selection = chicken.getByTestId('date-selection').first();
    await selection.locator('summary', { hasText: /^Cancel / }).click();
    await selection.getByRole('button', { name: /^Cancel this date/ }).click();
    await selection.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await selection.getByTestId('settlement').textContent()).toBe('Nothing due');
    const after = await expectOrderAddsUp(main);
    expect(after.fees).toBe(placed.fees);
    expect(after.total).toBe(placed.total + after.cancelled);
    expect(after.cancelled).toBeLessThan(0);

    // The orders list agrees.
    await page.goto('/l/orders', { waitUntil: 'load' });
    const card = page.getByTestId('order').filter({ hasText: `Order ${orderNumber}` });
    const listed = await expectOrderAddsUp(card);
    expect(listed).toEqual(after);
  }, 120_000);
});
