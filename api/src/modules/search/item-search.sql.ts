import { createHash } from 'node:crypto';
import type { DeliveryOption, FoodType, MedicalCategory, TimeSlot } from '@hearth/shared';
import { NORMALIZE_ZIP_SQL } from '../geo/zip-code.js';

export const ITEM_SORT_FIELDS = ['relevance', 'distance', 'rating', 'price', 'id'] as const;
export type ItemSortField = (typeof ITEM_SORT_FIELDS)[number];

/** Everything one item search needs, already resolved (place, units, time). */
export interface ItemSearchParams {
  lat: number;
  lng: number;
  /** Search radius in metres (on the sphere, like the distances shown). */
  radiusMetres: number;
  /** The customer's words; null lists everything near by. */
  query: string | null;
  deliveryType: DeliveryOption | null;
  foodTime: TimeSlot | null;
  foodType: FoodType | null;
  medical: MedicalCategory | null;
  /** Only dates starting before this instant; null for every future date (comingSoonSwitch). */
  horizon: Date | null;
  now: Date;
  excludeChefIds: string[];
  /** Kitchen names, compared case-insensitively. */
  excludeChefNames: string[];
  /** The customer's normalised zip code (for delivery zip lists), when known. */
  customerZip: string | null;
  /** True when the zip is a US one: zip lists are then compared on their first 5 digits (ZIP+4). */
  customerZipIsUs: boolean;
  sort: { field: ItemSortField; direction: 'ASC' | 'DESC' };
  limit: number;
  offset: number;
}

/** One row of the search: `total` on every row; a single row with a null `id` when the page is empty. */
export interface ItemSearchRow {
  total: number;
  id: string | null;
  publisher_id: string;
  name: string;
  picture: string | null;
  food_types: FoodType[];
  medical_friendly: MedicalCategory[];
  delivery_options: DeliveryOption[];
  kitchen_name: string;
  brand_display_name: string | null;
  logo: string | null;
  time_zone_id: string | null;
  currency_code: string;
  rating_value: string;
  rating_count: number;
  distance_m: number;
  rank: number;
  next_date: string;
  next_time_slots: TimeSlot[];
  next_cutoff_at: Date;
  chef_price: string | null;
  measurement: string | null;
}

const METRES = `CASE WHEN $UNIT = 'km' THEN 1000.0 ELSE 1609.344 END`;

/** A jsonb setting value as a number (a JSON number or a numeric string), else NULL. */
const JSON_NUMBER = (v: string) =>
  `CASE WHEN jsonb_typeof(${v}) = 'number' THEN (${v})::numeric ` +
  `WHEN jsonb_typeof(${v}) = 'string' AND (${v} #>> '{}') ~ '^\\s*[0-9]+(\\.[0-9]+)?\\s*$' THEN trim(${v} #>> '{}')::numeric END`;

/**
 * The item search as one SQL statement (see docs/decisions/007-item-search.md), in three materialised steps:
 *
 * - `candidates`: items whose kitchen lies within the radius (on the sphere, so that the filter, the distance
 *   shown and the `<->` ordering agree), active, of unblocked kitchens, with the words (the cell-word GIN
 *   index, or `ST_DWithin` on `item.location` through GiST, with full-text `@@`) and the item's filters;
 * - `kitchens`: once per kitchen of those candidates, not once per item: approved and not excluded, its name
 *   and rating, for pickup its nearest pickup location, and the dates of its PUBLISHED menus that can still
 *   be ordered (cut-off ahead, within the horizon, with the slot asked for, for delivery covering the
 *   customer), in order. A kitchen without such a date drops out, and so do its items;
 * - `matches`: each candidate of those kitchens with its first date among those of the menus that hold it
 *   (`item.menu_ids`, which triggers on `menu_item` keep, so the item's own row answers) that is not sold
 *   out for it. Items without one drop out.
 *
 * The page is then sorted and cut inside a LATERAL, so only the page's rows look up their cheapest price;
 * `total` comes from the same `matches`, and an empty page still returns it.
 */
export function buildItemSearchSql(params: ItemSearchParams): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const $ = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const origin = `ST_SetSRID(ST_MakePoint(${$(params.lng)}::float8, ${$(params.lat)}::float8), 4326)::geography`;
  const kitchenMetres = `(i.location <-> ${origin})`;

  // --- the item's own conditions ------------------------------------------------------------
  const radius = $(params.radiusMetres);
  const inRadius = `ST_DWithin(i.location, ${origin}, ${radius}::float8, false)`;
  const where = [inRadius, `i.item_status = 'ACTIVE'`, `NOT i.is_chef_blocked`];
  let rank = '0::float4';
  let wordsCtes = '';
  if (params.query) {
    const q = $(params.query);
    const words = fuzzyWords(params.query);
    // The cell-word index asks for every word near by, which is exactly a plain list of words; "or", a
    // quoted phrase or a -word (websearch syntax) is read through the radius and the full query instead.
    const cells =
      words.length && !WEBSEARCH_OPERATORS.test(params.query)
        ? searchCells(params.lat, params.lng, params.radiusMetres)
        : null;
    // Typo tolerance: words that no item name contains bring their near spellings from the dictionary.
    const ts = words.length ? '(SELECT ts FROM search_query)' : `websearch_to_tsquery('english', ${q}::text)`;
    // The cells go as int[]'s text form: pg's own array encoding quotes and escapes each of the ~80 numbers.
    if (words.length)
      wordsCtes = spellingCtes(q, $(words), $(TYPO_SIMILARITY), cells ? $(`{${cells.join(',')}}`) : null);
    if (cells) {
      // Each word (with its spellings) near by, from the GIN index on the items' cell-prefixed lexemes:
      // posting lists that hold only the items of those cells with that word. The full query then checks
      // each of those few rows, and the circle is kept with the same sphere distance, written so that no
      // index serves it (ST_DWithin here would tempt the planner into ANDing the radius's GiST bitmap).
      where[where.indexOf(inRadius)] = `${kitchenMetres} <= ${radius}::float8`;
      where.unshift(
        ...words.map((_, n) => `${CELL_WORDS} && (SELECT tokens FROM word_tokens WHERE n = ${n + 1})`),
      );
    }
    // Near by, the words' rows are few: check each of them (coalesce keeps the planner from also reading
    // the nationwide words index and ANDing it in). Without cells, the words index drives or filters.
    where.push(cells ? `coalesce(i.search_vector, ''::tsvector) @@ ${ts}` : `i.search_vector @@ ${ts}`);
    // Relevance: cover density over the weighted vector (name above description above ingredients) and,
    // when a word was respelt, how close the name's spelling is to what was typed (the closest spelling
    // first). Only then: word similarity is most of a search's cost where hundreds of items match.
    const closeness = words.length
      ? `CASE WHEN (SELECT respelt FROM search_query) THEN word_similarity(${q}::text, i.name) ELSE 0 END`
      : '0';
    rank = `(ts_rank_cd(i.search_vector, ${ts}) + ${closeness})`;
  }
  if (params.deliveryType) where.push(`i.delivery_options @> ARRAY[${$(params.deliveryType)}::text]`);
  if (params.foodType) where.push(`i.food_types @> ARRAY[${$(params.foodType)}::text]`);
  if (params.medical) where.push(`i.medical_friendly @> ARRAY[${$(params.medical)}::text]`);
  if (params.excludeChefIds.length) where.push(`i.publisher_id <> ALL(${$(params.excludeChefIds)}::uuid[])`);

  // --- the kitchen's conditions, and its orderable dates ----------------------------------------
  const kitchenWhere = [`p.status = 'APPROVED'`];
  if (params.excludeChefNames.length) {
    kitchenWhere.push(
      `lower(p.kitchen_name) <> ALL(${$(params.excludeChefNames.map((n) => n.toLowerCase()))}::text[])`,
    );
  }
  const dateWhere = [
    `m.publisher_id = p.id`,
    `m.status = 'PUBLISHED'`,
    // Private menus (seen only with the kitchen's code) never show in a search.
    `NOT m.is_private`,
    `NOT d.is_deleted`,
    `d.cutoff_at > ${$(params.now)}::timestamptz`,
  ];
  if (params.horizon) dateWhere.push(`d.starts_at < ${$(params.horizon)}::timestamptz`);
  if (params.foodTime) dateWhere.push(`d.time_slots @> ARRAY[${$(params.foodTime)}::text]`);
  const inOrder = 'ORDER BY d.starts_at, d.date';
  let dates = `array_agg(d ${inOrder}) AS dates, NULL::menu_date[] AS zip_dates`;
  let chefSettings = '';
  // Delivery with a zip: whether the item's own zip list holds the customer's zip.
  let servesZip: string | null = null;
  if (params.deliveryType === 'DELIVERY') {
    // The menu's radius in its unit, else the chef's RADIUS setting in DELIVERY_MEASUREMENT (miles by default).
    chefSettings = `
    LEFT JOIN LATERAL (
      SELECT max(${JSON_NUMBER('s.value')}) FILTER (WHERE s.key = 'RADIUS') AS radius,
             max(s.value #>> '{}') FILTER (WHERE s.key = 'DELIVERY_MEASUREMENT') AS unit
        FROM chef_setting s
       WHERE s.publisher_id = p.id AND s.key IN ('RADIUS', 'DELIVERY_MEASUREMENT')
    ) cs ON true`;
    const reach =
      `COALESCE(m.delivery_radius * ${METRES.replace('$UNIT', 'COALESCE(m.delivery_measurement, cs.unit)')}, ` +
      `cs.radius * ${METRES.replace('$UNIT', 'cs.unit')})`;
    const covered = [`c.kitchen_m <= ${reach}`];
    if (params.customerZip) {
      const zip = $(params.customerZip);
      const zipOf = params.customerZipIsUs
        ? (z: string) => `left(${NORMALIZE_ZIP_SQL(z)}, 5)`
        : NORMALIZE_ZIP_SQL;
      const holds = (list: string) =>
        `EXISTS (SELECT 1 FROM unnest(${list}) AS z(code) WHERE ${zipOf('z.code')} = ${zip})`;
      covered.push(holds('m.delivery_zip_codes'));
      // A date that neither the radius nor the menu's zip codes cover still serves the items whose own zip
      // list holds the customer's zip.
      const isCovered = `(${covered.join(' OR ')})`;
      dates = `array_agg(d ${inOrder}) FILTER (WHERE ${isCovered}) AS dates, array_agg(d ${inOrder}) FILTER (WHERE NOT ${isCovered}) AS zip_dates`;
      servesZip = holds('i.zipcodes_served');
    } else {
      dateWhere.push(`(${covered.join(' OR ')})`);
    }
  }
  kitchenWhere.push(`(dates.dates IS NOT NULL OR dates.zip_dates IS NOT NULL)`);

  // --- distance: to the nearest pickup location for pickup, else to the kitchen ----------------
  const pickup = params.deliveryType === 'PICKUP';
  const pickupJoin = pickup
    ? `
    LEFT JOIN LATERAL (
      SELECT min(pl.location <-> ${origin}) AS metres FROM pickup_location pl WHERE pl.publisher_id = p.id
    ) pk ON true`
    : '';
  // The candidates' columns [name, type, value]. `kitchens` carries each kitchen's candidates as an array of
  // these rows and `matches` reads them back by the same names and types (nothing is joined back).
  const candidate: Array<[string, string, string]> = [
    ['id', 'uuid', 'i.id'],
    ['publisher_id', 'uuid', 'i.publisher_id'],
    ['name', 'text', 'i.name'],
    ['picture', 'text', 'CASE WHEN i.block_image THEN NULL ELSE i.pictures[1] END'],
    ['food_types', 'text[]', 'i.food_types'],
    ['medical_friendly', 'text[]', 'i.medical_friendly'],
    ['delivery_options', 'text[]', 'i.delivery_options'],
    ['kitchen_m', 'float8', kitchenMetres],
    ['rank', 'float4', rank],
    // The menus holding the item (migration ItemMenuIds): a `menu_item` probe per item cost a page read
    // from outside PostgreSQL's buffers for most items of a dense search at 1M items.
    ['menu_ids', 'uuid[]', 'i.menu_ids'],
  ];
  if (servesZip) candidate.push(['serves_zip', 'boolean', servesZip]);
  const itemDates = servesZip
    ? 'CASE WHEN c.serves_zip THEN k.dates || k.zip_dates ELSE k.dates END'
    : 'k.dates';

  const priceSort = params.sort.field === 'price';
  const cheapest = (item: string) =>
    `SELECT po.chef_price, po.measurement FROM item_pricing_option po WHERE po.item_id = ${item} ORDER BY po.chef_price, po.position, po.id LIMIT 1`;

  const text = `
WITH ${wordsCtes}candidates AS MATERIALIZED (
  SELECT ${candidate.map(([name, type, value]) => `(${value})::${type} AS ${name}`).join(',\n         ')}
    FROM item i
   WHERE ${where.join('\n     AND ')}
),
kitchens AS MATERIALIZED (
  SELECT p.id, p.kitchen_name, p.brand_display_name, p.logo, p.time_zone_id, p.currency_code, p.rating_value, p.rating_count,
         ${pickup ? 'pk.metres' : 'NULL::float8'} AS pickup_m, dates.dates, dates.zip_dates, c.items
    FROM (SELECT publisher_id, min(kitchen_m) AS kitchen_m, array_agg(c) AS items FROM candidates c GROUP BY publisher_id) c
    JOIN publisher p ON p.id = c.publisher_id${chefSettings}
    CROSS JOIN LATERAL (
      SELECT ${dates}
        FROM menu m
        JOIN menu_date d ON d.menu_id = m.id
       WHERE ${dateWhere.join('\n         AND ')}
    ) dates${pickupJoin}
   WHERE ${kitchenWhere.join('\n     AND ')}
),
matches AS MATERIALIZED (
  SELECT c.id, c.publisher_id, c.name, c.picture, c.food_types, c.medical_friendly, c.delivery_options,
         k.kitchen_name, k.brand_display_name, k.logo, k.time_zone_id, k.currency_code, k.rating_value, k.rating_count,
         ${pickup ? 'COALESCE(k.pickup_m, c.kitchen_m)' : 'c.kitchen_m'} AS distance_m,
         c.rank,
         nd.date::text AS next_date, nd.time_slots AS next_time_slots, nd.cutoff_at AS next_cutoff_at
         ${priceSort ? ', pr.chef_price, pr.measurement' : ''}
    FROM kitchens k
    CROSS JOIN LATERAL unnest(k.items) AS c(${candidate.map(([name, type]) => `${name} ${type}`).join(', ')})
    CROSS JOIN LATERAL (
      SELECT d.date, d.time_slots, d.cutoff_at
        FROM unnest(${itemDates}) d
       WHERE d.menu_id = ANY (c.menu_ids)
         AND NOT EXISTS (SELECT 1 FROM item_date_capacity cap WHERE cap.item_id = c.id AND cap.date = d.date AND cap.ordered_count >= cap.max_allowed)
       ORDER BY d.starts_at, d.date
       LIMIT 1
    ) nd
    ${priceSort ? `CROSS JOIN LATERAL (${cheapest('c.id')}) pr` : ''}
)
SELECT t.total, page.*
  FROM (SELECT count(*)::int AS total FROM matches) t
  LEFT JOIN LATERAL (
    SELECT mt.*${priceSort ? '' : ', pr.chef_price, pr.measurement'}
      FROM (SELECT * FROM matches ORDER BY ${orderBy(params.sort)} LIMIT ${$(params.limit)} OFFSET ${$(params.offset)}) mt
      ${priceSort ? '' : `LEFT JOIN LATERAL (${cheapest('mt.id')}) pr ON true`}
  ) page ON true
 ORDER BY ${orderBy(params.sort, 'page.')}`;
  return { text, values };
}

/** websearch_to_tsquery's operators: OR, a quoted phrase, a word excluded with a leading minus. */
const WEBSEARCH_OPERATORS = /"|(^|\s)-|(^|\s)or(\s|$)/i;
/** The indexed cell-prefixed lexemes, as the index of migration SearchCellWords writes them. */
const CELL_WORDS = 'hearth_cell_words(i.location, i.search_vector)';
/** Size of a grid cell in degrees, as hearth_cell_words numbers them: (floor(lat / 0.1) + 900) × 4000 + floor(lng / 0.1) + 1800. */
export const SEARCH_CELL_DEGREES = 0.1;
/** A search touching more cells than this (a radius beyond ~35 miles) reads the radius through GiST instead. */
const MAX_SEARCH_CELLS = 256;
const METRES_PER_DEGREE_LAT = 111_195;

/**
 * The grid cells (numbered as hearth_cell_words numbers them) that a circle touches, or null when there are
 * too many, or the circle reaches a pole or crosses the antimeridian. A cell is kept when its nearest point
 * is within the radius by a flat-earth estimate, with 5 % + 200 m to spare: at these distances that estimate
 * errs by far less, so no cell holding a point of the circle is ever left out.
 */
export function searchCells(lat: number, lng: number, radiusMetres: number): number[] | null {
  const dLat = radiusMetres / METRES_PER_DEGREE_LAT;
  const south = lat - dLat;
  const north = lat + dLat;
  if (south <= -89 || north >= 89) return null;
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const dLng = dLat / Math.cos((widest * Math.PI) / 180);
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180 || east >= 180) return null;
  const index = (deg: number) => Math.floor(deg / SEARCH_CELL_DEGREES);
  const reach = radiusMetres * 1.05 + 200;
  const clamp = (v: number, low: number, high: number) => Math.min(Math.max(v, low), high);
  const cells: number[] = [];
  for (let r = index(south); r <= index(north); r++) {
    const nearestLat = clamp(lat, r * SEARCH_CELL_DEGREES, (r + 1) * SEARCH_CELL_DEGREES);
    // Metres per degree of longitude shrink away from the equator: the higher latitude gives the shorter estimate.
    const lngScale = Math.cos((Math.max(Math.abs(lat), Math.abs(nearestLat)) * Math.PI) / 180);
    for (let c = index(west); c <= index(east); c++) {
      const nearestLng = clamp(lng, c * SEARCH_CELL_DEGREES, (c + 1) * SEARCH_CELL_DEGREES);
      const dy = (nearestLat - lat) * METRES_PER_DEGREE_LAT;
      const dx = (nearestLng - lng) * METRES_PER_DEGREE_LAT * lngScale;
      if (Math.hypot(dx, dy) <= reach) cells.push((r + 900) * 4000 + (c + 1800));
    }
    if (cells.length > MAX_SEARCH_CELLS) return null;
  }
  return cells;
}

/** How close (pg_trgm similarity) a dictionary word must be to a search word to count as its spelling. */
export const TYPO_SIMILARITY = 0.4;
/** Near spellings taken per unknown word, best first. */
const TYPO_ALTERNATIVES = 3;

/**
 * The CTEs that turn the customer's words into what the search reads:
 * - `spellings`: each word of 3+ letters (fuzzyWords) with, when no item name contains it (table
 *   search_word, migration SearchCellWords), its closest dictionary words ("biryni" → {biryani});
 * - `search_query` (column `ts`): the words as `websearch_to_tsquery` reads them, OR, when some word was
 *   respelt, every word with its spellings — 'chicken' & ('biryni' | 'biryani'). Known words are never
 *   respelt, so a correct search stays as precise as it was. The words are letters and digits only, so
 *   quoting them for to_tsquery is safe;
 * - `word_tokens` (with cells): per word, its lexemes and its spellings' prefixed by each cell, as
 *   hearth_cell_words indexes them; a word without a lexeme (a stop word) matches every item of the cells.
 */
function spellingCtes(q: string, words: string, similarity: string, cells: string | null): string {
  const spellings = `spellings AS MATERIALIZED (
  SELECT w.n, w.word, alt.words AS spellings
    FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, n)
    LEFT JOIN LATERAL (
      SELECT array_agg(near.word ORDER BY near.score DESC, near.word) AS words
        FROM (SELECT s.word, similarity(s.word, w.word) AS score FROM search_word s
               WHERE s.word % w.word AND similarity(s.word, w.word) >= ${similarity}::float4
                 AND NOT EXISTS (SELECT 1 FROM search_word known WHERE known.word = w.word)
               ORDER BY score DESC, s.word
               LIMIT ${TYPO_ALTERNATIVES}) near
    ) alt ON true
),
search_query AS MATERIALIZED (
  SELECT CASE WHEN bool_or(spellings IS NOT NULL)
              THEN websearch_to_tsquery('english', ${q}::text) || to_tsquery('english', string_agg(
                     '(' || array_to_string(array(SELECT quote_literal(x) FROM unnest(word || coalesce(spellings, '{}')) AS x), ' | ') || ')',
                     ' & ' ORDER BY n))
              ELSE websearch_to_tsquery('english', ${q}::text) END AS ts,
         bool_or(spellings IS NOT NULL) AS respelt
    FROM spellings
),
`;
  if (!cells) return spellings;
  return `${spellings}word_tokens AS MATERIALIZED (
  SELECT g.n, CASE WHEN cardinality(g.lexemes) = 0 THEN array(SELECT c || ':*' FROM unnest(${cells}::int[]) AS c)
                   ELSE array(SELECT c || ':' || l FROM unnest(${cells}::int[]) AS c, unnest(g.lexemes) AS l) END AS tokens
    FROM (SELECT n, tsvector_to_array(to_tsvector('english', array_to_string(word || coalesce(spellings, '{}'), ' '))) AS lexemes
            FROM spellings) g
),
`;
}

/** The words of a query that typo tolerance applies to: 3+ letters or digits, at most 5, each once. */
export function fuzzyWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)].slice(0, 5);
}

/**
 * A stable name for a search statement, so each connection prepares each shape once (a few hundred shapes
 * at most: optional filters × sorts). Planning this statement costs more than running it; a prepared one
 * is planned with its values 5 times, then PostgreSQL keeps a generic plan when that is no dearer.
 */
export function statementName(text: string): string {
  let name = STATEMENT_NAMES.get(text);
  if (!name) {
    name = `hearth_item_search_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // The shapes are few, but never let a surprise grow the map without bound.
    if (STATEMENT_NAMES.size >= 1000) STATEMENT_NAMES.clear();
    STATEMENT_NAMES.set(text, name);
  }
  return name;
}
const STATEMENT_NAMES = new Map<string, string>();

/** ORDER BY of a sort over the `matches` columns; ties go to the nearer, then to the id. */
function orderBy(sort: ItemSearchParams['sort'], prefix = ''): string {
  const c = (column: string) => `${prefix}${column}`;
  const dir = sort.direction;
  switch (sort.field) {
    case 'relevance':
      return `${c('rank')} ${dir}, ${c('distance_m')}, ${c('id')}`;
    case 'distance':
      return `${c('distance_m')} ${dir}, ${c('id')}`;
    case 'rating':
      return `${c('rating_value')} ${dir}, ${c('rating_count')} ${dir}, ${c('distance_m')}, ${c('id')}`;
    case 'price':
      return `${c('chef_price')} ${dir}, ${c('distance_m')}, ${c('id')}`;
    case 'id':
      return `${c('id')} ${dir}`;
  }
}
