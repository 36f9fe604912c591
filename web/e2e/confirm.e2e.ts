import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { dayLabel } from '@hearth/shared';
import { calendarDateLabel } from '../app/lib/format/chef-format';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { DEMO, onSite, signInAtProvider, uniqueEmail } from './identity';
import { FROM_THE_SITE } from './shop';

/*
 * Nothing irreversible happens in one click (issue 12, item 2): the chef's cancel of a customer's date asks
 * for a reason that the customer then reads, and pausing or deleting a menu (or a date) goes through a page
 * that says what will happen, with the database's numbers, before anything changes. The menu and the order
 * are set up through the API (as the browser's session), the steps under test through the pages.
 */

const API = '/services/publisher/api';
const ZONE = 'America/New_York';
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** A date `days` ahead in the demo kitchen's zone, as YYYY-MM-DD. */
function dateAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A call to the API through the web origin's proxy, with the context's session cookie. */
async function call<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await api.fetch(`${API}/${path}`, {
    method,
    data,
    headers: { 'X-Time-Zone': ZONE, ...FROM_THE_SITE },
  });
  if (!response.ok())
    throw new Error(`${method} ${path} gave ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

const chromium = useChromium();

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('confirming before anything irreversible %s', (_label, javaScriptEnabled) => {
  const run = `${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'h'}`;
  const itemName = `Lentil soup ${run}`;
  const menuName = `Sunday soups ${run}`;
  const first = dateAhead(3);
  const dates = [first, addDays(first, 7), addDays(first, 14)];
  let chefContext: BrowserContext;
  let customerContext: BrowserContext;
  let chef: Page;
  let customer: Page;
  let menuId = '';
  let orderNumber = '';

  beforeAll(async () => {
    chefContext = await newVisitorContext(chromium(), javaScriptEnabled);
    customerContext = await newVisitorContext(chromium(), javaScriptEnabled);
    chef = await chefContext.newPage();
    customer = await customerContext.newPage();
    const errors = [...[chef, customer].map(watchErrors)];

    // The demo chef puts a new dish on a new weekly menu (three Sundays, or whichever day comes in 3 days).
    await chef.goto('/l/manage-menus', { waitUntil: 'load' });
    await signInAtProvider(chef, DEMO.chef.email, '/l/manage-menus');
    const item = await call<{ id: string; pricingOptions: Array<{ id: string }> }>(
      chefContext.request,
      'POST',
      'item',
      {
        name: itemName,
        description: 'Red lentils, cumin and lemon.',
      },
    );
    const menu = await call<{ id: string }>(chefContext.request, 'POST', 'menu', {
      name: menuName,
      menuType: 'RECURRING',
      occurrence: 'weeks',
      repeatsEvery: 1,
      repeatsOn: [weekdayOf(first)],
      deliveryDate: first,
      ends: { endsOnOrAfter: 'After', endsAfterOccurrences: 3 },
      items: [item.id],
    });
    menuId = menu.id;
    const published = await call<{ menuDates: Array<{ date: string }> }>(
      chefContext.request,
      'POST',
      `menu/${menuId}/publish`,
    );
    expect(published.menuDates.map((d) => d.date)).toEqual(dates);

    // A new customer orders it for the first date, to pick up.
    await customer.goto('/l/orders', { waitUntil: 'load' });
    await customer.getByRole('heading', { name: 'Sign in' }).waitFor();
    await customer.getByRole('link', { name: 'Create an account' }).click();
    await customer.getByRole('heading', { name: 'Create your account' }).waitFor();
    await customer.getByLabel('First name').fill('Jo');
    await customer.getByLabel('Last name').fill(`Tester ${run}`);
    await customer.getByLabel('Email').fill(uniqueEmail());
    await customer.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await customer.getByLabel('Repeat password').fill('a-long-enough-password');
    await customer.getByRole('button', { name: 'Create account' }).click();
    await customer.waitForURL(onSite('/l/orders'));
    await call(customerContext.request, 'POST', 'cart/items', {
      itemId: item.id,
      userSelectedPricingOption: { id: item.pricingOptions[0].id },
      orderQuantity: 1,
      dates: [{ date: first, timeSlots: ['PM_5_7'], deliveryOption: 'PICKUP' }],
    });
    const order = await call<{ orderNumber: string }>(customerContext.request, 'POST', 'order', {
      contact: { name: `Jo Tester ${run}`, email: uniqueEmail(), phone: '+1 201 555 0100' },
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      idempotencyKey: randomUUID(),
    });
    orderNumber = order.orderNumber;

    return async () => {
      expect(errors.flat()).toEqual([]);
      await chefContext.close();
      await customerContext.close();
    };
  }, 120_000);

  /** The menu's card on /l/manage-menus. */
  async function menuCard(region: RegExp) {
    await chef.goto('/l/manage-menus', { waitUntil: 'load' });
    const card = chef
      .getByRole('region', { name: region })
      .getByRole('listitem')
      .filter({ has: chef.getByRole('heading', { name: menuName }) });
    await card.waitFor();
    return card;
  }

  async function consequences(): Promise<string> {
    return (await chef.getByTestId('menu-consequences').textContent()) ?? '';
  }

  it('takes a date off, pauses and refuses to delete only after a page that says what will happen', async () => {
    const [withOrder, , last] = dates;

    // A date nobody ordered for: the page says so; going back keeps it.
    let card = await menuCard(/^Published/);
    await card
      .getByRole('link', { name: `Remove this date… ${calendarDateLabel(last)} of ${menuName}` })
      .click();
    await chef
      .getByRole('heading', { level: 1, name: `Take ${calendarDateLabel(last)} off ${menuName}?` })
      .waitFor();
    expect(await consequences()).toContain(`No customer has ordered for ${calendarDateLabel(last)}.`);
    await chef.getByRole('link', { name: 'Keep the date' }).click();
    card = await menuCard(/^Published/);
    expect(await card.textContent()).toContain(calendarDateLabel(last));

    // Confirmed, it goes.
    await card
      .getByRole('link', { name: `Remove this date… ${calendarDateLabel(last)} of ${menuName}` })
      .click();
    await chef.getByRole('button', { name: 'Take this date off' }).click();
    await chef
      .getByText(`Took ${calendarDateLabel(last)} off ${menuName} — customers can no longer order it`)
      .first()
      .waitFor();
    card = await menuCard(/^Published/);
    expect(await card.textContent()).not.toContain(calendarDateLabel(last));

    // The date with the customer's order cannot be taken off, and the page says who ordered.
    await card
      .getByRole('link', { name: `Remove this date… ${calendarDateLabel(withOrder)} of ${menuName}` })
      .click();
    await chef.getByRole('heading', { name: 'This cannot be done now' }).waitFor();
    expect(await consequences()).toContain(`1 customer has 1 order on ${calendarDateLabel(withOrder)}`);
    expect(await chef.getByRole('button', { name: 'Take this date off' }).count()).toBe(0);

    // Nor the menu; the page offers to pause it instead, and that page counts the order that stays.
    card = await menuCard(/^Published/);
    await card.getByRole('link', { name: `Delete… ${menuName}` }).click();
    await chef.getByRole('heading', { level: 1, name: `Delete ${menuName}?` }).waitFor();
    expect(await consequences()).toContain(
      `1 customer has 1 order on ${calendarDateLabel(withOrder)}: a menu with orders on upcoming dates cannot be deleted.`,
    );
    expect(await chef.getByRole('button', { name: 'Delete menu' }).count()).toBe(0);
    await chef.getByRole('link', { name: 'Pause it instead' }).click();
    await chef.getByRole('heading', { level: 1, name: `Pause ${menuName}?` }).waitFor();
    const pausing = await consequences();
    expect(pausing).toContain('its 2 upcoming dates');
    expect(pausing).toContain(`1 customer has 1 order on ${calendarDateLabel(withOrder)}. Those orders stay`);
    await chef.getByRole('link', { name: 'Keep it published' }).click();
    await menuCard(/^Published/);

    // Paused only when confirmed.
    card = await menuCard(/^Published/);
    await card.getByRole('link', { name: `Pause… ${menuName}` }).click();
    await chef.getByRole('button', { name: 'Pause menu' }).click();
    await chef.getByText(`${menuName} paused — customers no longer see it`).first().waitFor();
    await menuCard(/^Paused/);
  }, 120_000);

  it("cancels the customer's date only with a reason, which the customer then reads; then the menu can be deleted", async () => {
    const day = dayLabel(dates[0]);
    await chef.goto('/l/orders/kitchen', { waitUntil: 'load' });
    const fulfilment = chef.getByTestId('fulfilment').filter({ hasText: `Order ${orderNumber}` });
    await fulfilment.getByRole('link', { name: `Cancel… ${itemName} on ${day}` }).click();
    const confirm = chef.getByRole('form', { name: `Cancel ${itemName} on ${day}` });
    await confirm.waitFor();
    expect(await fulfilment.textContent()).toContain(`Cancel 1 × ${itemName} on ${day}?`);
    expect(await fulfilment.textContent()).toContain(`Jo Tester ${run} ordered it`);
    // Only the confirm step's buttons: the other moves wait.
    expect(await fulfilment.getByRole('button', { name: 'Confirmed by the chef' }).count()).toBe(0);

    // Blank is not a reason.
    await confirm.getByLabel('Reason for the customer').fill('   ');
    await confirm.getByRole('button', { name: 'Cancel this date' }).click();
    await chef
      .getByText(
        'Say why you are cancelling: the customer reads your reason in their e-mail and on their order page.',
      )
      .waitFor();
    expect(await fulfilment.getByTestId('order-status').textContent()).toBe('Order placed');

    // "Keep it" leaves it as it was.
    await fulfilment.getByRole('link', { name: 'Keep it' }).click();
    await fulfilment.getByRole('button', { name: 'Confirmed by the chef' }).waitFor();

    const reason = `Out of lentils this week (${run})`;
    await fulfilment.getByRole('link', { name: `Cancel… ${itemName} on ${day}` }).click();
    await confirm.getByLabel('Reason for the customer').fill(reason);
    await confirm.getByRole('button', { name: 'Cancel this date' }).click();
    await chef.getByText(`Cancelled ${itemName} for ${day} — the customer has been told`).first().waitFor();
    await fulfilment.waitFor({ state: 'detached' });

    // The customer reads why, above the timeline and in its history.
    await customer.goto(`/l/orders/order-status?orderNumber=${orderNumber}`, { waitUntil: 'load' });
    const selection = customer.getByTestId('date-selection').first();
    expect(await selection.getByTestId('order-status').textContent()).toBe('Cancelled');
    expect(await selection.getByTestId('cancel-reason').textContent()).toBe(
      `Cancelled by the chef: “${reason}”`,
    );
    expect(await selection.getByTestId('status-history').textContent()).toContain(reason);

    // With no order left, the paused menu can be deleted — once confirmed.
    const card = await menuCard(/^Paused/);
    await card.getByRole('link', { name: `Delete… ${menuName}` }).click();
    expect(await consequences()).toContain('No customer has ordered for its');
    await chef.getByRole('button', { name: 'Delete menu' }).click();
    await chef.getByText(`${menuName} deleted`).first().waitFor();
    expect(await chef.getByRole('heading', { name: menuName }).count()).toBe(0);
  }, 120_000);
});
