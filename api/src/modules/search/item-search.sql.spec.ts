import { describe, expect, it } from 'vitest';
import {
  SEARCH_CELL_DEGREES,
  buildItemSearchSql,
  fuzzyWords,
  searchCells,
  type ItemSearchParams,
} from './item-search.sql.js';
import { seededRandom } from '../../common/testing/seeded-random.js';

const EARTH_RADIUS_M = 6_371_008.8; // PostGIS's sphere (mean radius), as the search measures.

/** The cell hearth_cell_words gives a point (migration SearchCellWords), computed the same way in JS. */
function cellOf(lat: number, lng: number): number {
  return (Math.floor(lat / SEARCH_CELL_DEGREES) + 900) * 4000 + Math.floor(lng / SEARCH_CELL_DEGREES) + 1800;
}

/** The point `metres` away from (lat, lng) along `bearing` radians, on the sphere. */
function destination(
  lat: number,
  lng: number,
  metres: number,
  bearing: number,
): { lat: number; lng: number } {
  const δ = metres / EARTH_RADIUS_M;
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lng * Math.PI) / 180;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(bearing));
  const λ2 =
    λ1 +
    Math.atan2(Math.sin(bearing) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: (φ2 * 180) / Math.PI, lng: (λ2 * 180) / Math.PI };
}

describe('searchCells', () => {
  it('lists the cell of every point of the circle, from the equator to 70°, at 1 to 35 miles', () => {
    const rnd = seededRandom(7);
    let checked = 0;
    for (let circle = 0; circle < 300; circle++) {
      const lat = -70 + 140 * rnd();
      const lng = -170 + 340 * rnd();
      const radius = 1609.344 * (1 + 34 * rnd());
      const cells = searchCells(lat, lng, radius);
      // Too many cells (wide circles far north or south): the search reads the radius through GiST instead.
      if (!cells) {
        expect(Math.abs(lat) > 45 || radius > 25 * 1609.344).toBe(true);
        continue;
      }
      checked += 1;
      const listed = new Set(cells);
      for (let k = 0; k < 200; k++) {
        // Points inside and right on the edge, where a missing cell would show first.
        const at = destination(lat, lng, radius * (k % 4 === 0 ? 1 : Math.sqrt(rnd())), 2 * Math.PI * rnd());
        expect(
          listed.has(cellOf(at.lat, at.lng)),
          `point ${at.lat},${at.lng} of circle ${lat},${lng} r=${radius}`,
        ).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('keeps to the circle: a 15-mile circle in the US touches far fewer cells than its bounding box', () => {
    const cells = searchCells(40.7, -74.0, 15 * 1609.344)!;
    const box =
      Math.ceil((2 * 24_140) / 11_119.5 + 1) *
      Math.ceil((2 * 24_140) / (11_119.5 * Math.cos((40.9 * Math.PI) / 180)) + 1);
    expect(cells.length).toBeLessThan(box);
    expect(new Set(cells).size).toBe(cells.length);
  });

  it('gives up (null) on a very wide circle, at the poles and across the antimeridian', () => {
    expect(searchCells(40, -100, 100 * 1609.344)).toBeNull();
    expect(searchCells(88.9, 0, 20_000)).toBeNull();
    expect(searchCells(10, 179.9, 20_000)).toBeNull();
  });
});

describe('buildItemSearchSql', () => {
  const base: ItemSearchParams = {
    lat: 40.7,
    lng: -74,
    radiusMetres: 24_140,
    query: null,
    deliveryType: null,
    foodTime: null,
    foodType: null,
    medical: null,
    horizon: null,
    now: new Date('2026-11-22T12:00:00Z'),
    excludeChefIds: [],
    excludeChefNames: [],
    customerZip: null,
    customerZipIsUs: true,
    sort: { field: 'distance', direction: 'ASC' },
    limit: 8,
    offset: 0,
  };

  it('binds every value the customer sends as a parameter, never into the text', () => {
    const hostile = `curry'); DROP TABLE item; --`;
    const { text, values } = buildItemSearchSql({ ...base, query: hostile, excludeChefNames: [`O'Brien`] });
    expect(text).not.toContain('DROP TABLE');
    expect(text).not.toContain('Brien');
    expect(values).toContain(hostile);
  });

  it('reads the cell-words index with one condition per word near by, and the radius index without words', () => {
    const words = buildItemSearchSql({ ...base, query: 'chicken biryani' }).text;
    expect(words.match(/hearth_cell_words\(i\.location, i\.search_vector\) &&/g)).toHaveLength(2);
    expect(words).not.toContain('ST_DWithin');
    const noWords = buildItemSearchSql(base).text;
    expect(noWords).toContain('ST_DWithin');
    expect(noWords).not.toContain('hearth_cell_words');
  });

  it('the same shape of search gives the same statement text (one prepared statement per shape)', () => {
    const a = buildItemSearchSql({ ...base, query: 'tacos', lat: 30.1, lng: -97.7 });
    const b = buildItemSearchSql({ ...base, query: 'ramen', lat: 47.6, lng: -122.3 });
    expect(a.text).toBe(b.text);
  });
});

describe('fuzzyWords', () => {
  it('takes words of 3+ letters or digits, lower case, once each, at most 5', () => {
    expect(fuzzyWords('Chicken  BIRYANI, chicken & a 65 dal')).toEqual(['chicken', 'biryani', 'dal']);
    expect(fuzzyWords('one two three four five six seven')).toHaveLength(5);
    expect(fuzzyWords("''; --")).toEqual([]);
  });
});
