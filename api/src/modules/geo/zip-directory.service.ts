import { Injectable } from '@nestjs/common';

/** A postal code with its centroid, as the offline directory knows it. */
export interface DirectoryEntry {
  zip: string;
  lat: number;
  lng: number;
  city: string;
  state: string;
  /** ISO code of the country: US, or CA for a Canadian forward sortation area. */
  countryCode: 'US' | 'CA';
}

const EARTH_RADIUS_KM = 6371.0088;
/** Grid cell size of the nearest-entry index, in degrees, and how many cells around a point are searched. */
const CELL = 0.2;
const REACH = 2;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;
/** A grid cell's number: rows and columns of CELL degrees, offset to be positive. */
const cellKey = (row: number, col: number) => (row + 1000) * 4000 + (col + 2000);

/**
 * US zip codes (and Canadian forward sortation areas) resolved offline from the `zipcodes` package
 * (≈44k centroids, no network). The table is loaded on first use (≈0.4 s, ≈25 MB), not at boot, so
 * processes that never place a zip code do not pay for it. Tests and other adapters can replace this class.
 */
@Injectable()
export class ZipDirectoryService {
  private entries: Map<string, DirectoryEntry> | null = null;
  private grid: Map<number, DirectoryEntry[]> | null = null;
  private loading: Promise<void> | null = null;

  /** The centroid of a 5-digit US zip code (ZIP+4 is cut to 5 digits), or null when unknown. */
  async usZip(zip: string): Promise<DirectoryEntry | null> {
    await this.load();
    const entry = this.entries!.get(zip.slice(0, 5));
    return entry?.countryCode === 'US' ? entry : null;
  }

  /** The centroid of a Canadian postal code's forward sortation area (its first 3 characters), or null. */
  async canadianArea(postalCode: string): Promise<DirectoryEntry | null> {
    await this.load();
    const entry = this.entries!.get(postalCode.replace(/\s+/g, '').slice(0, 3).toUpperCase());
    return entry?.countryCode === 'CA' ? entry : null;
  }

  /**
   * The directory entry nearest to a point, if one lies within `maxKm` (used to tell US from Canada).
   * Only ±0.4° around the point is searched, so `maxKm` beyond ~30 km may miss entries at high latitudes.
   */
  async nearest(lat: number, lng: number, maxKm: number): Promise<DirectoryEntry | null> {
    await this.load();
    const row = Math.floor(lat / CELL);
    const col = Math.floor(lng / CELL);
    // Equirectangular distance: within a few dozen km it is within 0.5 % of the great circle, and costs no
    // trigonometry per entry (this runs on every search by position).
    const kmPerLng = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
    // Any point of a cell `ring` cells away (rows or columns) is at least ring - 1 whole cells away.
    const cellKm = CELL * Math.min(KM_PER_DEGREE, kmPerLng);
    let best: DirectoryEntry | null = null;
    let bestSquared = maxKm * maxKm;
    for (let ring = 0; ring <= REACH; ring++) {
      if (best && bestSquared <= (ring - 1) * cellKm * ((ring - 1) * cellKm)) break;
      for (let r = row - ring; r <= row + ring; r++) {
        const edge = r === row - ring || r === row + ring;
        for (let c = col - ring; c <= col + ring; c += edge || ring === 0 ? 1 : 2 * ring) {
          for (const entry of this.grid!.get(cellKey(r, c)) ?? []) {
            const dy = (entry.lat - lat) * KM_PER_DEGREE;
            const dx = (entry.lng - lng) * kmPerLng;
            const squared = dx * dx + dy * dy;
            if (squared <= bestSquared) {
              best = entry;
              bestSquared = squared;
            }
          }
        }
      }
    }
    return best;
  }

  private load(): Promise<void> {
    this.loading ??= import('zipcodes').then((mod) => {
      const codes =
        (mod as { codes?: typeof mod.codes; default?: { codes: typeof mod.codes } }).codes ??
        mod.default!.codes;
      const entries = new Map<string, DirectoryEntry>();
      const grid = new Map<number, DirectoryEntry[]>();
      for (const [key, c] of Object.entries(codes)) {
        if (typeof c.latitude !== 'number' || typeof c.longitude !== 'number') continue;
        const entry: DirectoryEntry = {
          zip: key,
          lat: c.latitude,
          lng: c.longitude,
          city: c.city,
          state: c.state,
          countryCode: c.country === 'US' ? 'US' : 'CA',
        };
        entries.set(key, entry);
        const cell = cellKey(Math.floor(entry.lat / CELL), Math.floor(entry.lng / CELL));
        const list = grid.get(cell);
        if (list) list.push(entry);
        else grid.set(cell, [entry]);
      }
      this.entries = entries;
      this.grid = grid;
    });
    return this.loading;
  }
}
