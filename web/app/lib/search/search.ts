import {
  COUNTRIES,
  DEFAULTS,
  DeliveryOption,
  FoodType,
  MedicalCategory,
  TIME_SLOTS_BY_START,
  distanceUnitForCountry,
  findCountry,
} from '@hearth/shared';
import type { DistanceUnit } from '@hearth/shared';
import type { Schemas } from '../api/schemas';

/** Query values of an API call (as `apiFetch` takes them). */
type ApiQuery = Record<string, string | number | boolean | null | undefined>;

/** A kitchen as search results name it. */
export type SearchKitchen = Schemas['SearchKitchenDto'];

/** A date something can still be ordered for; `orderBefore` is its cut-off (ISO 8601). */
export type OrderableDate = Schemas['OrderableDateDto'];

/** One item found by `_search/items` (or `_search/{zip}/{country}/items`). */
export type ItemResult = Schemas['ItemSearchResultDto'];

/** One menu found by `_search/menus`. */
export type MenuResult = Schemas['MenuSearchResultDto'];

/** One kitchen found by `_search/kitchens` (its matching menus grouped by the API). */
export type KitchenSearchResult = Schemas['KitchenSearchResultDto'];

/** A kitchen in the chef results: one card, whatever number of its menus or dishes matched. */
export interface KitchenResult {
  kitchen: SearchKitchen;
  rating: { value: number; count: number };
  distance: number;
  distanceUnit: DistanceUnit;
  currencyCode: string;
  /** Up to 3 next orderable dates, soonest first. */
  nextDates: OrderableDate[];
  /** Menu names (chef search by menus) or dish names (chef search by dishes) that matched. */
  matches: string[];
}

/** Dishes looked through when a chef search has dish filters (the API's largest page). */
export const DISHES_PER_CHEF_SEARCH = 100;

export const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'distance', label: 'Nearest first' },
  { value: 'rating', label: 'Top rated' },
  { value: 'price', label: 'Lowest price' },
] as const;
export type SortValue = (typeof SORTS)[number]['value'];

/** How each sort choice reads in the API's `sort` parameter. */
const API_SORT: Record<SortValue, string> = {
  relevance: 'relevance',
  distance: 'distance,asc',
  rating: 'rating,desc',
  price: 'price,asc',
};

export const DELIVERY_TYPES = [
  { value: DeliveryOption.DELIVERY, label: 'Delivery' },
  { value: DeliveryOption.PICKUP, label: 'Pickup' },
] as const;

export const FOOD_TYPE_LABELS: Record<string, string> = {
  EGG: 'Egg',
  YOGURT: 'Yogurt',
  VEG: 'Vegetarian',
  ORGANIC: 'Organic',
  VEGAN: 'Vegan',
  NON_VEG_MEAT: 'Meat & fish',
};

export const FOOD_TYPES = Object.values(FoodType);
export const MEDICAL_CATEGORIES = Object.values(MedicalCategory);
/** Time slots in the order of the day. */
export const FOOD_TIMES = TIME_SLOTS_BY_START;

export const SEARCH_PAGE_SIZE = 12;

/** The filters of the search form, exactly as typed (the form shows them again). */
export interface SearchForm {
  zip: string;
  country: string;
  lat: string;
  lng: string;
  query: string;
  distance: string;
  deliveryType: string;
  foodTime: string;
  foodType: string;
  medical: string;
  comingSoon: boolean;
  sort: SortValue;
  page: number;
}

export const SEARCH_FIELDS = [
  'zip',
  'country',
  'lat',
  'lng',
  'query',
  'distance',
  'deliveryType',
  'foodTime',
  'foodType',
  'medical',
  'comingSoon',
  'sort',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

function text(params: URLSearchParams, name: string, max = 100): string {
  return (params.get(name) ?? '').trim().slice(0, max);
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | '' {
  return (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/**
 * Reads the GET form of /l/find-items and /l/find-chefs from the URL. Unknown choices (an old link, a
 * hand-edited URL) fall back to "any"; the country is a code of spec §9 (default US); the distance stays
 * as typed for the API to judge.
 */
export function readSearchForm(url: URL): SearchForm {
  const p = url.searchParams;
  const country = findCountry(text(p, 'country', 40))?.code ?? 'US';
  const sort = oneOf(
    text(p, 'sort'),
    SORTS.map((s) => s.value),
  );
  const page = Number.parseInt(p.get('page') ?? '', 10);
  return {
    zip: text(p, 'zip', 12),
    country,
    lat: text(p, 'lat', 20),
    lng: text(p, 'lng', 20),
    query: text(p, 'query'),
    distance: text(p, 'distance', 10) || String(DEFAULTS.searchDistance),
    deliveryType: oneOf(text(p, 'deliveryType'), Object.values(DeliveryOption)),
    foodTime: oneOf(text(p, 'foodTime'), FOOD_TIMES),
    foodType: oneOf(text(p, 'foodType'), FOOD_TYPES),
    medical: oneOf(text(p, 'medical'), MEDICAL_CATEGORIES),
    comingSoon: ['on', 'true', '1'].includes(text(p, 'comingSoon')),
    sort: sort || 'relevance',
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
  };
}

/** Where the form says to search: a zip code, the browser's position, or nowhere yet. */
export function searchPlace(form: SearchForm): 'zip' | 'position' | 'none' {
  if (form.zip) return 'zip';
  if (form.lat && form.lng) return 'position';
  return 'none';
}

/** The unit the distance is measured in for the form's country: miles in the US, km elsewhere. */
export function formUnit(form: Pick<SearchForm, 'country'>): DistanceUnit {
  return distanceUnitForCountry(form.country);
}

/** True when a filter only dishes have is set (a chef search then looks through the dishes). */
export function hasDishFilters(form: SearchForm): boolean {
  return Boolean(
    form.deliveryType || form.foodTime || form.foodType || form.medical || form.sort === 'price',
  );
}

function located(form: SearchForm, size: number): ApiQuery {
  const place = searchPlace(form);
  return {
    query: form.query || undefined,
    lat: place === 'position' ? form.lat : undefined,
    lng: place === 'position' ? form.lng : undefined,
    distance: form.distance,
    comingSoonSwitch: form.comingSoon ? true : undefined,
    page: form.page,
    size,
  };
}

/**
 * The API call of an item search: `_search/{zip}/{country}/items` for a zip code, else `_search/items`
 * (with lat/lng, or with no place at all so that the API uses the signed-in customer's saved address).
 */
export function itemSearchRequest(
  form: SearchForm,
  size = SEARCH_PAGE_SIZE,
): { path: string; query: ApiQuery } {
  const query: ApiQuery = {
    ...located(form, size),
    deliveryType: form.deliveryType || undefined,
    foodTime: form.foodTime || undefined,
    foodType: form.foodType || undefined,
    medical: form.medical || undefined,
    // "Best match" without words is the API's default (nearest first).
    sort: form.sort === 'relevance' && !form.query ? undefined : API_SORT[form.sort],
  };
  const path =
    searchPlace(form) === 'zip'
      ? `_search/${encodeURIComponent(form.zip)}/${encodeURIComponent(form.country)}/items`
      : '_search/items';
  return { path, query };
}

/** The API call of a chef search through menus (`_search/menus`: place, words, distance, dates). */
export function menuSearchRequest(
  form: SearchForm,
  size = SEARCH_PAGE_SIZE,
): { path: string; query: ApiQuery } {
  const zip = searchPlace(form) === 'zip';
  return {
    path: '_search/menus',
    query: {
      ...located(form, size),
      zip: zip ? form.zip : undefined,
      country: zip ? form.country : undefined,
      sort: form.sort === 'rating' ? 'rating,desc' : form.sort === 'distance' ? 'distance,asc' : undefined,
    },
  };
}

/**
 * The API call of a chef search through menus, one result per kitchen (`_search/kitchens`: the menus
 * search grouped), so that its total is the number of kitchen cards.
 */
export function kitchenSearchRequest(
  form: SearchForm,
  size = SEARCH_PAGE_SIZE,
): { path: string; query: ApiQuery } {
  return { ...menuSearchRequest(form, size), path: '_search/kitchens' };
}

/** A kitchen found by `_search/kitchens` as a card. */
export function kitchenCard(r: KitchenSearchResult): KitchenResult {
  const { menus, ...rest } = r;
  return { ...rest, nextDates: r.nextDates.slice(0, 3), matches: menus };
}

function mergeDates(a: OrderableDate[], b: OrderableDate[]): OrderableDate[] {
  const byDate = new Map<string, OrderableDate>();
  for (const d of [...a, ...b]) {
    const known = byDate.get(d.date);
    if (!known) byDate.set(d.date, { ...d, timeSlots: [...d.timeSlots] });
    else {
      known.timeSlots = [...new Set([...known.timeSlots, ...d.timeSlots])];
      if (d.orderBefore > known.orderBefore) known.orderBefore = d.orderBefore;
    }
  }
  return [...byDate.values()].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)).slice(0, 3);
}

/** Menus grouped into one card per kitchen, in the order the API ranked them. */
export function kitchensFromMenus(menus: readonly MenuResult[]): KitchenResult[] {
  const out = new Map<string, KitchenResult>();
  for (const m of menus) {
    const known = out.get(m.kitchen.id);
    if (!known) {
      out.set(m.kitchen.id, {
        kitchen: m.kitchen,
        rating: m.rating,
        distance: m.distance,
        distanceUnit: m.distanceUnit,
        currencyCode: m.currencyCode,
        nextDates: mergeDates([], m.nextDates),
        matches: [m.name],
      });
    } else {
      known.distance = Math.min(known.distance, m.distance);
      known.nextDates = mergeDates(known.nextDates, m.nextDates);
      if (!known.matches.includes(m.name)) known.matches.push(m.name);
    }
  }
  return [...out.values()];
}

/** Dishes grouped into one card per kitchen, in the order the API ranked them. */
export function kitchensFromItems(items: readonly ItemResult[]): KitchenResult[] {
  const out = new Map<string, KitchenResult>();
  for (const i of items) {
    const dates = i.nextDate ? [i.nextDate] : [];
    const known = out.get(i.kitchen.id);
    if (!known) {
      out.set(i.kitchen.id, {
        kitchen: i.kitchen,
        rating: i.rating,
        distance: i.distance,
        distanceUnit: i.distanceUnit,
        currencyCode: i.currencyCode,
        nextDates: mergeDates([], dates),
        matches: [i.name],
      });
    } else {
      known.distance = Math.min(known.distance, i.distance);
      known.nextDates = mergeDates(known.nextDates, dates);
      if (!known.matches.includes(i.name)) known.matches.push(i.name);
    }
  }
  return [...out.values()];
}

/** The URL of another page of the same search. */
export function pageHref(url: URL, page: number): string {
  const next = new URL(url);
  if (page <= 0) next.searchParams.delete('page');
  else next.searchParams.set('page', String(page));
  return `${next.pathname}${next.search}`;
}

/** One number format for every distance (toLocaleString with options builds one per call). */
const DISTANCE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "3.2 miles" / "1 km". */
export function distanceLabel(distance: number, unit: DistanceUnit | string): string {
  const value = Math.round(distance * 10) / 10;
  const singular = value === 1;
  const word = unit === 'km' ? 'km' : singular ? 'mile' : 'miles';
  return `${DISTANCE.format(value)} ${word}`;
}

export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** Where a search looked, as the API reported it (`X-Search-*` headers). */
export interface SearchWhere {
  zip: string | null;
  country: string | null;
  source: string | null;
  distance: number;
  unit: DistanceUnit;
}

export interface SearchOutcome<T> {
  results: T[];
  total: number;
  where: SearchWhere;
  /** Nothing to search around yet: no zip, no position, and no saved address to fall back on. */
  needsPlace: boolean;
  /** A sentence for the whole search (a zip that cannot be placed, the API down). */
  message: string | null;
  /** The API's complaints about the filters, beside the fields. */
  fieldErrors: Partial<Record<SearchField, string>>;
  /** HTTP status the page should answer with (400 for bad filters). */
  status: number;
}
