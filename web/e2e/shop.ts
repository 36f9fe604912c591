import type { Page } from 'playwright-core';
import { WEB_URL } from './browser';

const API = '/services/publisher/api';

/** What a browser sends with a post from the site's own pages: the site's origin (the same-origin check). */
export const FROM_THE_SITE = { Origin: new URL(WEB_URL).origin };

interface ItemBody {
  id: string;
  pricingOptions: { id: string }[];
  deliveryTimeSlots: string[];
  menuDates: string[];
}

/** Adds one dish for its first date and slot still open for orders (a date near its cut-off is refused). */
async function addFirstOpenDate(page: Page, itemId: string): Promise<boolean> {
  const item = (await (await page.request.get(`${API}/item/${itemId}`)).json()) as ItemBody;
  for (const date of item.menuDates) {
    for (const slot of item.deliveryTimeSlots) {
      const response = await page.request.post(`${API}/cart/items`, {
        headers: FROM_THE_SITE,
        data: {
          itemId,
          userSelectedPricingOption: { id: item.pricingOptions[0].id },
          dates: [{ date, timeSlots: [slot] }],
        },
      });
      if (response.ok()) return true;
    }
  }
  return false;
}

/**
 * Puts `lines` different dishes near Jersey City in the visitor's cart through the site's own API proxy
 * (the browser's cookies: a guest's cart or the signed-in customer's). For tests about other pages than
 * the item page: whatever the item page's form looks like, this fills the cart the same way. Returns the
 * names of the dishes added.
 */
export async function putInCart(page: Page, lines: number): Promise<string[]> {
  const search = await page.request.get(`${API}/_search/items?zip=07302&country=US&size=20`);
  const found = (await search.json()) as { id: string; name: string }[];
  const added: string[] = [];
  for (const { id, name } of found) {
    if (added.length === lines) break;
    if (await addFirstOpenDate(page, id)) added.push(name);
  }
  if (added.length < lines) throw new Error(`Could put only ${added.length} of ${lines} dishes in the cart`);
  return added;
}

/**
 * Empties the visitor's cart. Tests that fill a demo account's cart call it when done: other tests
 * (buying) expect that account to start with an empty cart, whatever order the files run in.
 */
export async function emptyCart(page: Page): Promise<void> {
  const response = await page.request.delete(`${API}/cart`, { headers: FROM_THE_SITE });
  if (!response.ok()) throw new Error(`Emptying the cart answered ${response.status()}`);
}

/**
 * Puts Priya's Kitchen dishes in the cart on one date that has them all, each `{ name, quantity, deliveryOption }`
 * as its own line; returns the date and slot. By default the LAST orderable date of the kitchen's week (the demo
 * customer may order at most 10 portions per kitchen and date, so suites keep apart); `from: 'first'` takes the
 * first.
 */
export async function fillPriyaCart(
  page: Page,
  lines: Array<{ name: string; quantity: number; deliveryOption: 'PICKUP' | 'DELIVERY' }>,
  { from = 'last' }: { from?: 'first' | 'last' } = {},
): Promise<{ date: string; slot: string }> {
  const kitchen = await (
    await page.request.get(`${API}/publisher/find-by-kitchen-name?kitchenName=priyas-kitchen`)
  ).json();
  const week = await (await page.request.get(`${API}/kitchen/${kitchen.id}`)).json();
  type Menu = { orderable: boolean; timeSlots: { slot: string }[]; items: { id: string; name: string }[] };
  const dates = [...(week.dates as { date: string; menus: Menu[] }[])];
  if (from === 'last') dates.reverse();
  dates: for (const d of dates) {
    const menu = d.menus.find(
      (m) => m.orderable && lines.every((l) => m.items.some((i) => i.name === l.name)),
    );
    const slot = menu?.timeSlots[0]?.slot;
    if (!menu || !slot) continue;
    for (const line of lines) {
      const id = menu.items.find((i) => i.name === line.name)?.id as string;
      const item = (await (await page.request.get(`${API}/item/${id}`)).json()) as ItemBody;
      const response = await page.request.post(`${API}/cart/items`, {
        headers: FROM_THE_SITE,
        data: {
          itemId: id,
          userSelectedPricingOption: { id: item.pricingOptions[0].id },
          orderQuantity: line.quantity,
          dates: [{ date: d.date, timeSlots: [slot], deliveryOption: line.deliveryOption }],
        },
      });
      if (response.status() !== 201) {
        await emptyCart(page);
        continue dates;
      }
    }
    return { date: d.date, slot };
  }
  throw new Error(`Priya's Kitchen offers no date with ${lines.map((l) => l.name).join(' and ')} to order`);
}

/** Who places an order at checkout, and what comes with it. */
export interface CashOrderDetails {
  name: string;
  email?: string;
  phone?: string;
  note?: string;
  /** For carts with deliveries: an address typed at checkout (this one has no coordinates). */
  deliveryAddress?: { addressLine1: string; city: string; state: string; zipcode: string };
}

/** Places the cart's order, cash on pickup/delivery, through the API as the browser's session; returns its number. */
export async function placeCashOrder(page: Page, details: CashOrderDetails): Promise<string> {
  const { name, email = 'shop@example.test', phone = '+1 201 555 0177', note, deliveryAddress } = details;
  const response = await page.request.post(`${API}/order`, {
    headers: FROM_THE_SITE,
    data: {
      contact: { name, email, phone },
      ...(deliveryAddress ? { deliveryAddress } : {}),
      ...(note ? { note } : {}),
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  if (response.status() !== 201) throw new Error(`placing the order failed: ${await response.text()}`);
  return (await response.json()).orderNumber;
}

/** Checks out the cart on the checkout page, cash, to the customer's saved address; returns the order number. */
export async function checkOutCash(page: Page): Promise<string> {
  await page.goto('/l/cart', { waitUntil: 'load' });
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check out' }).waitFor();
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
  return new URL(page.url()).searchParams.get('orderNumber') ?? '';
}

/**
 * Cancels every date of the order the customer still may (the demo customer's open orders are capped: leave none
 * behind); each of those cancels must succeed.
 */
export async function cancelOpenDates(page: Page, orderNumber: string, reason: string): Promise<void> {
  const order = await (await page.request.get(`${API}/order/${orderNumber}`)).json();
  for (const line of order.cartItems as Array<{
    cartItemId: string;
    dates: Array<{ id: string; canCancel: boolean }>;
  }>)
    for (const d of line.dates.filter((x) => x.canCancel)) {
      const response = await page.request.post(
        `${API}/order/${orderNumber}/cartItem/${line.cartItemId}/dateSelection/${d.id}/cancel`,
        { headers: FROM_THE_SITE, data: { reason } },
      );
      if (response.status() !== 200)
        throw new Error(`cancelling ${orderNumber} failed: ${await response.text()}`);
    }
}
