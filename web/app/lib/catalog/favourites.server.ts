import { apiFetch } from '../api/client.server';
import type { Schemas } from '../api/schemas';

/** A date a favourite kitchen can be ordered from (`consumer/favourites`). */
export type FavouriteDate = Schemas['FavouriteDateDto'];

/** A kitchen on the customer's favourites list. */
export type FavouriteKitchen = Schemas['FavouriteKitchenDto'];

const PATH = 'consumer/favourites';

export async function listFavourites(request: Request): Promise<FavouriteKitchen[]> {
  const { data } = await apiFetch<FavouriteKitchen[]>(request, PATH);
  return Array.isArray(data) ? data : [];
}

export async function addFavourite(request: Request, kitchenId: string): Promise<void> {
  await apiFetch(request, `${PATH}/${encodeURIComponent(kitchenId)}`, { method: 'POST' });
}

export async function removeFavourite(request: Request, kitchenId: string): Promise<void> {
  await apiFetch(request, `${PATH}/${encodeURIComponent(kitchenId)}`, { method: 'DELETE' });
}
