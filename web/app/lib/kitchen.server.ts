import { apiFetch, isApiError } from './api.server';
import type { KitchenPage } from './chef-types';
import { unmatchedRoute } from './http.server';

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
      if (error.unreachable) console.warn(`API unreachable while resolving ${error.path}: ${String(error.cause)}`);
      throw unmatchedRoute(request);
    }
    throw error;
  }
}
