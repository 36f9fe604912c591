import { apiFetch } from './api.server';
import type { OrderableDate } from './search';

/** A date a favourite kitchen can be ordered from (`consumer/favourites`). */
export interface FavouriteDate extends OrderableDate {
  menus: string[];
}

/** A kitchen on the customer's favourites list. */
export interface FavouriteKitchen {
  id: string;
  kitchenName: string;
  brandDisplayName: string;
  speciality: string | null;
  logo: string | null;
  /** The kitchen's IANA zone: its dates and cut-offs are shown in it. */
  timeZone?: string | null;
  rating: { value: number; count: number };
  city: string | null;
  state: string | null;
  favouritedAt: string;
  nextDates: FavouriteDate[];
}

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
