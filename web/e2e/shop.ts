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
