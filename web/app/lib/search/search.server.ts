import type { DistanceUnit } from '@hearth/shared';
import { apiFetch, isApiError, totalCount } from '../api/client.server';
import type { ApiQuery } from '../api/client.server';
import { readCookie } from '../http/cookies';
import { mapFieldErrors } from '../forms/field-errors';
import { failureText } from '../ui/notifications';
import {
  DISHES_PER_CHEF_SEARCH,
  SEARCH_FIELDS,
  SEARCH_PAGE_SIZE,
  formUnit,
  hasDishFilters,
  itemSearchRequest,
  kitchenCard,
  kitchenSearchRequest,
  kitchensFromItems,
  searchPlace,
} from './search';
import type {
  ItemResult,
  KitchenResult,
  KitchenSearchResult,
  SearchField,
  SearchForm,
  SearchOutcome,
  SearchWhere,
} from './search';
import type { Schemas } from '../api/schemas';

function unitOf(value: string | null, fallback: DistanceUnit): DistanceUnit {
  return value === 'km' || value === 'miles' ? value : fallback;
}

/** The API's field names that mean a search field of ours. */
const API_FIELD: Record<string, SearchField> = { comingSoonSwitch: 'comingSoon' };

/**
 * Runs a located search (items or menus) for the form. An anonymous visitor without a place is not sent
 * to the API (it would only say "tell us where"); a signed-in one is, so that the API can use their saved
 * address. A zip code the API cannot place (404) becomes the page's message; bad filters (400) their
 * field errors.
 */
export async function runLocatedSearch<T>(
  request: Request,
  form: SearchForm,
  call: { path: string; query: ApiQuery },
  signedIn: boolean,
): Promise<SearchOutcome<T>> {
  const where: SearchWhere = {
    zip: form.zip || null,
    country: form.country,
    source: null,
    distance: Number(form.distance) || 15,
    unit: formUnit(form),
  };
  const empty = {
    results: [] as T[],
    total: 0,
    where,
    needsPlace: false,
    message: null,
    fieldErrors: {},
    status: 200,
  };
  if (searchPlace(form) === 'none' && !signedIn) return { ...empty, needsPlace: true };
  try {
    const { data, headers } = await apiFetch<T[]>(request, call.path, { query: call.query });
    const results = Array.isArray(data) ? data : [];
    return {
      ...empty,
      results,
      total: totalCount(headers) ?? results.length,
      where: {
        zip: headers.get('X-Search-Zip'),
        country: headers.get('X-Search-Country'),
        source: headers.get('X-Search-Location-Source'),
        distance: Number(headers.get('X-Search-Distance')) || where.distance,
        unit: unitOf(headers.get('X-Distance-Unit'), where.unit),
      },
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const problem = error.problem;
    if (error.status === 404 && problem?.detail) return { ...empty, message: problem.detail, status: 404 };
    if (error.status === 400) {
      const fields = (problem?.fieldErrors ?? []).map((f) => ({
        ...f,
        field: API_FIELD[f.field] ?? f.field,
      }));
      // "Tell us where to search" (no place and no saved address) is not a mistake of the visitor's.
      if (searchPlace(form) === 'none' && fields.every((f) => f.field === 'lat' || f.field === 'lng')) {
        return { ...empty, needsPlace: true, message: fields[0]?.message ?? null };
      }
      const mapped = mapFieldErrors({ ...problem!, fieldErrors: fields }, SEARCH_FIELDS);
      return {
        ...empty,
        fieldErrors: mapped.fieldErrors,
        message: mapped.formErrors.join(' ') || null,
        status: 400,
      };
    }
    console.warn(`Search ${call.path} failed (${error.status || 'unreachable'})`);
    return { ...empty, message: failureText(problem), status: error.unreachable ? 503 : error.status };
  }
}

/** Cookie remembering the last zip code searched (`07302|US`), so the home page can show what is near. */
export const WHERE_COOKIE = 'hearth_where';

export function whereCookie(zip: string, country: string): string {
  return `${WHERE_COOKIE}=${encodeURIComponent(`${zip}|${country}`)}; Path=/; Max-Age=${60 * 60 * 24 * 180}; SameSite=Lax; HttpOnly`;
}

/** The zip code and country this browser last searched, if any. */
export function rememberedPlace(request: Request): { zip: string; country: string } | null {
  const raw = readCookie(request.headers.get('Cookie'), WHERE_COOKIE);
  const m = raw ? /^([A-Za-z0-9 -]{3,12})\|([A-Z]{2})$/.exec(raw) : null;
  return m ? { zip: m[1], country: m[2] } : null;
}

/** Ids of the signed-in customer's favourite kitchens (empty for guests, or when the API cannot say). */
export async function favouriteIds(request: Request, signedIn: boolean): Promise<string[]> {
  if (!signedIn) return [];
  try {
    const { data } = await apiFetch<Schemas['FavouriteKitchenDto'][]>(request, 'consumer/favourites');
    return Array.isArray(data) ? data.map((k) => String(k.id)) : [];
  } catch (error) {
    if (!isApiError(error)) throw error;
    return [];
  }
}

/** Dishes near the place, for /l/find-items. */
export function searchItems(
  request: Request,
  form: SearchForm,
  signedIn: boolean,
): Promise<SearchOutcome<ItemResult>> {
  return runLocatedSearch<ItemResult>(request, form, itemSearchRequest(form), signedIn);
}

/**
 * Chefs for the form, one card per kitchen, counted as kitchens (/l/find-chefs). Without dish filters the
 * API's kitchen search pages through kitchens with matching menus; with them (pickup/delivery, time slot,
 * food type, diet, price order: only dishes have those) the nearest dishes found are grouped by kitchen,
 * and the kitchens paged here (`partial` when more dishes matched than were looked through).
 */
export async function searchChefs(
  request: Request,
  form: SearchForm,
  signedIn: boolean,
): Promise<SearchOutcome<KitchenResult> & { partial: boolean }> {
  if (!hasDishFilters(form)) {
    const outcome = await runLocatedSearch<KitchenSearchResult>(
      request,
      form,
      kitchenSearchRequest(form),
      signedIn,
    );
    return { ...outcome, results: outcome.results.map(kitchenCard), partial: false };
  }
  const outcome = await runLocatedSearch<ItemResult>(
    request,
    { ...form, page: 0 },
    itemSearchRequest({ ...form, page: 0 }, DISHES_PER_CHEF_SEARCH),
    signedIn,
  );
  const kitchens = kitchensFromItems(outcome.results);
  const start = form.page * SEARCH_PAGE_SIZE;
  return {
    ...outcome,
    results: kitchens.slice(start, start + SEARCH_PAGE_SIZE),
    total: kitchens.length,
    partial: outcome.total > outcome.results.length,
  };
}
