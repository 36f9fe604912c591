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
 * Puts Priya's Kitchen dishes in the cart on one date, the LAST orderable one of its week that has them all
 * (the other suites order the first dates; the demo customer may order at most 10 portions per kitchen and
 * date): each `{ name, quantity, deliveryOption }` as its own line. Returns the date and slot.
 */
export async function fillPriyaCart(
  page: Page,
  lines: Array<{ name: string; quantity: number; deliveryOption: 'PICKUP' | 'DELIVERY' }>,
): Promise<{ date: string; slot: string }> {
  const kitchen = await (
    await page.request.get(`${API}/publisher/find-by-kitchen-name?kitchenName=priyas-kitchen`)
  ).json();
  const week = await (await page.request.get(`${API}/kitchen/${kitchen.id}`)).json();
  type Menu = { orderable: boolean; timeSlots: { slot: string }[]; items: { id: string; name: string }[] };
  dates: for (const d of [...(week.dates as { date: string; menus: Menu[] }[])].reverse()) {
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

/** Places the cart's order, cash, through the API as the browser's session (with an address for deliveries). */
export async function placeCashOrder(page: Page, contactName: string): Promise<string> {
  const response = await page.request.post(`${API}/order`, {
    headers: FROM_THE_SITE,
    data: {
      contact: { name: contactName, email: 'board@example.test', phone: '+1 201 555 0177' },
      deliveryAddress: { addressLine1: '77 Hudson St', city: 'Jersey City', state: 'NJ', zipcode: '07302' },
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  if (response.status() !== 201) throw new Error(`placing the order failed: ${await response.text()}`);
  return (await response.json()).orderNumber;
}

/** Cancels every date of the order the customer still may (the demo customer's open orders are capped). */
export async function cancelOpenDates(page: Page, orderNumber: string, reason: string): Promise<void> {
  const order = await (await page.request.get(`${API}/order/${orderNumber}`)).json();
  for (const line of order.cartItems as Array<{
    cartItemId: string;
    dates: Array<{ id: string; canCancel: boolean }>;
  }>)
    for (const d of line.dates.filter((x) => x.canCancel))
      await page.request.post(
        `${API}/order/${orderNumber}/cartItem/${line.cartItemId}/dateSelection/${d.id}/cancel`,
        { headers: FROM_THE_SITE, data: { reason } },
      );
}
