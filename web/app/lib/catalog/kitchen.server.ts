import { data } from '@remix-run/node';
import { addToCartAction } from '../cart/add-to-cart.server';
import { readKitchenCodes, setKitchenCode } from '../http/kitchen-codes.server';
import { UNLOCK_INTENT } from './kitchen-unlock';
import { unlockKitchenAction } from './kitchen-unlock.server';
import { apiFetch, isApiError, timeZoneFor } from '../api/client.server';
import { getUser } from '../session/auth.server';
import { listReviews } from './catalog.server';
import type { KitchenPage } from '../chef/chef-types';
import { displayZone } from '../format/dates';
import { unmatchedRoute } from '../http/http.server';
import { favouriteIds } from '../search/search.server';
import { followedKitchens } from '../subscriptions/subscriptions.server';

/** How many of its latest reviews the kitchen page shows. */
const KITCHEN_REVIEWS = 6;

/**
 * The public kitchen page (`GET kitchen/{idOrName}`: an approved kitchen by id or storefront name, with
 * its upcoming dates). Unknown, pending and blocked kitchens are the API's 404 and so "Page not found";
 * an API that cannot be reached has no page to show either. Server failures stay errors (500 page).
 */
export async function loadKitchenPage(request: Request, idOrName: string): Promise<KitchenPage> {
  try {
    const { data } = await apiFetch<KitchenPage>(request, `kitchen/${encodeURIComponent(idOrName)}`);
    if (!data || typeof data !== 'object' || !Array.isArray(data.dates)) throw unmatchedRoute(request);
    return data;
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.unreachable || (error.status >= 400 && error.status < 500)) {
      if (error.unreachable)
        console.warn(`API unreachable while resolving ${error.path}: ${String(error.cause)}`);
      throw unmatchedRoute(request);
    }
    throw error;
  }
}

/**
 * What the kitchen routes (`/kitchen/{id}`, `/{kitchenName}`) render: the page, its latest reviews,
 * whether the visitor keeps it as a favourite, and the zone its times are written in (the kitchen's:
 * one clock, with JavaScript off too).
 */
export async function kitchenRouteData(request: Request, idOrName: string) {
  const kitchen = await loadKitchenPage(request, idOrName);
  const user = await getUser(request);
  const [reviews, favourites, followed] = await Promise.all([
    listReviews(request, kitchen.id, { size: KITCHEN_REVIEWS }),
    favouriteIds(request, user !== null),
    followedKitchens(request, user !== null),
  ]);
  // A code this browser holds that no longer opens the kitchen (the chef made a new one) is forgotten.
  const held = (await readKitchenCodes(request)).has(kitchen.id);
  const codeReplaced = held && !kitchen.privateMenusUnlocked;
  const headers = new Headers();
  if (codeReplaced) headers.append('Set-Cookie', await setKitchenCode(request, kitchen.id, null));
  return data(
    {
      kitchen,
      reviews,
      favourite: favourites.includes(kitchen.id),
      following: followed.some((s) => s.publisherId === kitchen.id),
      zone: displayZone(kitchen.timeZone, timeZoneFor(request)),
      /** The visitor's code opened the private menus (not just being the chef or an admin). */
      unlockedByCode: held && kitchen.privateMenusUnlocked,
      codeReplaced,
    },
    { headers },
  );
}

/**
 * The kitchen routes' action: one dish's add-to-cart form (the dish is a form field there), or the
 * "Have a code from this kitchen?" form.
 */
export async function kitchenAction(request: Request) {
  const form = await request.formData();
  const back = new URL(request.url).pathname;
  if (form.get('intent') === UNLOCK_INTENT) return unlockKitchenAction(request, form, back);
  const itemId = String(form.get('itemId') ?? '').trim();
  return addToCartAction(request, form, { itemId, back });
}
