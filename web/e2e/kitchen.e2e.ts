import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatMoney, priceCart } from '@hearth/shared';
import { newVisitorContext, useChromium, watchErrors, WEB_URL } from './browser';

const chromium = useChromium();

/** The demo kitchen of issue 12 (two dishes on eight dates: the old page repeated them per date). */
const KITCHEN = '/dumpling-den';

interface ApiKitchen {
  timeZone: string;
  dates: { date: string; menus: { cutoffAt: string; items: { name: string }[] }[] }[];
}

/** The kitchen page as the API gives it (through the web's proxy), to check the page against. */
async function apiKitchen(name: string): Promise<ApiKitchen> {
  const response = await fetch(`${WEB_URL}/services/publisher/api/kitchen/${name}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ApiKitchen;
}

/** "3:00 AM" of an instant in a zone, with plain spaces. */
function clock(iso: string, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** The date label a chip starts with ("Sat, Nov 28"). */
async function chipDate(chip: Locator): Promise<string> {
  const text = (await chip.locator('xpath=ancestor::label').textContent()) ?? '';
  const m = /^(\w{3}, \w{3} \d{1,2})/.exec(text);
  if (!m) throw new Error(`No date in chip "${text}"`);
  return m[1];
}

function amount(text: string | null): string {
  const m = /\$(\d+(?:\.\d+)?)/.exec(text ?? '');
  if (!m) throw new Error(`No amount in "${text}"`);
  return m[1];
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the kitchen page %s', (_label, javaScriptEnabled) => {
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

  it('shows each dish once with its dates as chips, cut-offs in the kitchen’s zone', async () => {
    const api = await apiKitchen('dumpling-den');
    const names = [...new Set(api.dates.flatMap((d) => d.menus.flatMap((m) => m.items.map((i) => i.name))))];
    expect(api.dates.length).toBeGreaterThan(1);

    await page.goto(KITCHEN, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Dumpling Den' }).waitFor();
    const dishes = page.getByTestId('kitchen-item');
    expect(await dishes.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(names);
    for (const name of names) {
      const chips = page
        .getByRole('form', { name: `Order ${name}` })
        .getByRole('group', { name: 'Dates' })
        .getByRole('checkbox');
      const dates = api.dates.filter((d) => d.menus.some((m) => m.items.some((i) => i.name === name)));
      expect(await chips.count()).toBe(dates.length);
    }
    // Not seven screens: the dishes are not repeated for every date.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(5000);

    // One clock: the first cut-off in New York time, also when the server renders alone (UTC here).
    const first = api.dates[0];
    const chip = page
      .getByRole('form', { name: `Order ${names[0]}` })
      .getByRole('checkbox')
      .first();
    const label = (await chip.locator('xpath=ancestor::label').textContent()) ?? '';
    expect(label).toContain(`order by ${clock(first.menus[0].cutoffAt, api.timeZone)}`);
    expect(api.timeZone).toBe('America/New_York');
    expect(await page.getByText('Times are New York time.').count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'About the chef' }).textContent()).toContain(
      'Handmade dumplings',
    );
    await page.getByRole('region', { name: 'Reviews' }).waitFor();
  });

  it('adds a dish to the cart from the kitchen page and stays there, saying what it added', async () => {
    await page.goto(KITCHEN, { waitUntil: 'load' });
    const form = page.getByRole('form', { name: 'Order Veggie Dumplings' });

    // Nothing ticked: the refusal beside the form, still on the kitchen page.
    await form.getByRole('button', { name: /Add to cart/ }).click();
    await form.getByText('Choose at least one date and time slot.').waitFor();
    expect(new URL(page.url()).pathname).toBe(KITCHEN);

    const again = page.getByRole('form', { name: 'Order Veggie Dumplings' });
    const chip = again.getByRole('checkbox').nth(1);
    const date = await chipDate(chip);
    await chip.check();
    await again.getByRole('radio', { name: 'Pickup' }).check();
    await again.getByRole('button', { name: /Add to cart/ }).click();
    const message = `Added Veggie Dumplings for ${date} to your cart`;
    await page.getByText(message).first().waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(KITCHEN);
    // Without JavaScript the browser came back to the dish itself.
    if (!javaScriptEnabled) expect(url.hash).toMatch(/^#dish-/);
    else expect(url.hash).toBe('');
    await page.getByRole('heading', { level: 1, name: 'Dumpling Den' }).waitFor();

    await page.goto('/l/cart', { waitUntil: 'load' });
    const line = page.getByTestId('cart-line').filter({ hasText: 'Veggie Dumplings' });
    expect(await line.textContent()).toContain(date);
    expect(await page.getByTestId('cart-chef').first().textContent()).toContain(
      'Dates and times are New York time.',
    );
  });

  it('the item page picks dates as chips; with JavaScript a running total by the shared rules', async () => {
    await page.goto(KITCHEN, { waitUntil: 'load' });
    await page
      .getByRole('article', { name: 'Pork & Cabbage Dumplings' })
      .getByRole('link', { name: 'Pork & Cabbage Dumplings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Pork & Cabbage Dumplings' }).waitFor();
    const itemPath = new URL(page.url()).pathname;
    const form = page.getByRole('form', { name: 'Order Pork & Cabbage Dumplings' });
    const price = amount(
      await form.getByRole('group', { name: 'Portion' }).locator('label').first().textContent(),
    );
    const fee = amount(
      await page
        .getByText(/per trip/)
        .first()
        .textContent(),
    );
    const chips = form.getByRole('group', { name: 'Dates' }).getByRole('checkbox');
    expect(await chips.count()).toBeGreaterThan(1);
    const values = await chips.evaluateAll((els) =>
      els.slice(0, 2).map((e) => (e as HTMLInputElement).value),
    );
    await chips.nth(0).check();
    await chips.nth(1).check();
    await form.getByLabel('Quantity').fill('3');

    if (javaScriptEnabled) {
      const priced = (deliveryOption: 'DELIVERY' | 'PICKUP') =>
        priceCart([
          {
            orderQuantity: 3,
            userSelectedPricingOption: { chefPrice: price },
            dates: values.map((v) => ({
              date: v.split('|')[0],
              timeSlots: [v.split('|')[1] as 'PM_3_5'],
              deliveryOption,
            })),
            item: {
              id: 'i',
              name: 'Pork & Cabbage Dumplings',
              publisherId: 'k',
              deliveryFees: fee,
              currencyCode: 'USD',
            },
          },
        ]).totals[0];
      const total = form.getByTestId('running-total-amount');
      await expect.poll(() => total.textContent()).toBe(formatMoney(priced('DELIVERY').cartTotal, 'USD'));
      expect(await form.getByTestId('running-total').textContent()).toContain(
        `$${price} × 3 × 2 dates = ${formatMoney(priced('DELIVERY').itemsTotal, 'USD')}`,
      );
      await form.getByRole('radio', { name: 'Pickup' }).check();
      await expect.poll(() => total.textContent()).toBe(formatMoney(priced('PICKUP').cartTotal, 'USD'));
    } else {
      expect(await form.getByTestId('total-rule').textContent()).toContain(
        'Your cart shows the exact total.',
      );
    }

    await form.getByRole('button', { name: /Add to cart/ }).click();
    await page
      .getByText(/Added 3 × Pork & Cabbage Dumplings for .+ and .+ to your cart/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(itemPath);
  });
});
