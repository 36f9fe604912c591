import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { ZipDirectoryService } from './zip-directory.service.js';
import { seededRandom } from '../../common/testing/seeded-random.js';

const KM_PER_DEGREE = (Math.PI / 180) * 6371.0088;

const CENTROIDS = Object.values(zipcodes.codes).filter(
  (c) => typeof c.latitude === 'number' && typeof c.longitude === 'number',
);

/** The same equirectangular distance the directory uses, for every entry: the oracle. */
function bruteForceNearestKm(lat: number, lng: number, maxKm: number): number | null {
  const kmPerLng = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  let best: number | null = null;
  for (const c of CENTROIDS) {
    const km = Math.hypot((c.latitude - lat) * KM_PER_DEGREE, (c.longitude - lng) * kmPerLng);
    if (km <= maxKm && (best === null || km < best)) best = km;
  }
  return best;
}

describe('ZipDirectoryService.nearest', () => {
  it('finds the nearest postal centroid within the distance, as checking every one would', async () => {
    const directory = new ZipDirectoryService();
    const rnd = seededRandom(7);
    // Points over the US and southern Canada, dense cities and empty plains alike, and a few at sea.
    for (let i = 0; i < 300; i++) {
      const lat = 25 + rnd() * 25;
      const lng = -125 + rnd() * 58;
      for (const maxKm of [5, 30]) {
        const found = await directory.nearest(lat, lng, maxKm);
        const expected = bruteForceNearestKm(lat, lng, maxKm);
        if (expected === null) {
          expect(found, `${lat},${lng} within ${maxKm} km`).toBeNull();
        } else {
          const kmPerLng = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
          const km = Math.hypot((found!.lat - lat) * KM_PER_DEGREE, (found!.lng - lng) * kmPerLng);
          expect(km, `${lat},${lng} within ${maxKm} km`).toBeCloseTo(expected, 9);
        }
      }
    }
  }, 30_000);

  it('tells a US point from a Canadian one', async () => {
    const directory = new ZipDirectoryService();
    expect((await directory.nearest(40.7128, -74.006, 30))?.countryCode).toBe('US');
    expect((await directory.nearest(43.6532, -79.3832, 30))?.countryCode).toBe('CA');
    expect(await directory.nearest(17.385, 78.4867, 30)).toBeNull();
  });
});
