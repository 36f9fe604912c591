import pg from 'pg';
import { DEFAULTS } from '@hearth/shared';
import type { ItemSearchQuery } from '../src/modules/search/dto/search-query.dto.js';
import { seededRandom } from '../src/common/testing/seeded-random.js';

/** One search of the benchmark: the same place, words and filter for the API and for the raw SQL. */
export interface BenchRequest {
  lat: number;
  lng: number;
  /** The validated query as the API would see it (defaults filled in). */
  query: ItemSearchQuery;
  /** The same query as URL parameters. */
  queryString: string;
}

/** Words customers type: dish names, some misspelt (the typo-tolerant path). */
export const QUERY_WORDS = [
  'biryani',
  'tacos',
  'ramen',
  'curry',
  'lasagna',
  'dumplings',
  'salad',
  'pho',
  'brisket',
  'sushi',
  'biryni',
  'lasagne',
  'dumplins',
  'chicken curry',
  'paneer',
];
/** One filter per search. */
export const FILTERS: Array<Record<string, string>> = [
  { foodType: 'VEG' },
  { foodType: 'NON_VEG_MEAT' },
  { deliveryType: 'PICKUP' },
  { deliveryType: 'DELIVERY' },
  { medical: 'Gluten Free' },
  { foodTime: 'LUNCH_12PM' },
];

/**
 * `count` searches near the data: each starts at a random generated kitchen among the first `chefs`,
 * moved up to 5 miles in a random direction, with a dish word, 15 miles and one filter.
 */
export async function benchRequests(
  databaseUrl: string,
  chefs: number,
  count: number,
  seed = 42,
): Promise<BenchRequest[]> {
  const rnd = seededRandom(seed);
  const picks = Array.from({ length: count }, () => Math.floor(rnd() * chefs));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ g: number; lat: number; lng: number }>(
    `SELECT g, ST_Y(geo_location::geometry) AS lat, ST_X(geo_location::geometry) AS lng
       FROM unnest($1::int[]) AS g JOIN publisher p ON p.id = bench.id('publisher', g)`,
    [[...new Set(picks)]],
  );
  await db.end();
  const at = new Map(rows.map((r) => [r.g, r]));
  return picks.map((g) => {
    const kitchen = at.get(g)!;
    const miles = 5 * Math.sqrt(rnd());
    const bearing = rnd() * 2 * Math.PI;
    const lat = kitchen.lat + (miles / 69.05) * Math.cos(bearing);
    const lng = kitchen.lng + ((miles / 69.05) * Math.sin(bearing)) / Math.cos((kitchen.lat * Math.PI) / 180);
    const words = QUERY_WORDS[Math.floor(rnd() * QUERY_WORDS.length)];
    const filter = FILTERS[Math.floor(rnd() * FILTERS.length)];
    const params = {
      query: words,
      lat: lat.toFixed(5),
      lng: lng.toFixed(5),
      distance: '15',
      page: '0',
      size: '8',
      ...filter,
    };
    return {
      lat: Number(params.lat),
      lng: Number(params.lng),
      query: {
        query: words,
        distance: DEFAULTS.searchDistance,
        page: 0,
        size: 8,
        comingSoonSwitch: false,
        excludeChefs: [],
        excludeChefsIds: [],
        ...filter,
      } as unknown as ItemSearchQuery,
      queryString: new URLSearchParams(params).toString(),
    };
  });
}
