import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  COUNTRIES,
  DistanceUnit,
  PublisherStatus,
  distanceUnitForCountry,
  findCountry,
  ProblemType,
  type Country,
} from '@hearth/shared';
import { badField, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type { ZipPlaceDto } from './dto/zip-place.dto.js';
import { ZipDirectoryService } from './zip-directory.service.js';
import { normalizeZip, NORMALIZE_ZIP_SQL, US_ZIP } from './zip-code.js';

/** Non-US placements from kitchens' locations are cached this long (they change rarely and cost a scan). */
const CACHE_MS = 10 * 60 * 1000;
const CACHE_MAX = 2000;

/**
 * Security review S-05: a public answer derived from places people registered must not point at any one of
 * them. Only kitchens' pickup places count (never a customer's address), only when at least this many
 * distinct places share the code (k-anonymity), and the mean is rounded to COORDINATE_DECIMALS.
 */
export const MIN_DISTINCT_PLACES = 5;
/** 2 decimals: about 1.1 km north-south. */
export const COORDINATE_DECIMALS = 2;
const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));

const countryList = COUNTRIES.map((c) => `${c.code} (${c.name})`).join(', ');

@Injectable()
export class GeoService {
  private readonly cache = new Map<string, { at: number; place: ZipPlaceDto | null }>();

  constructor(
    private readonly directory: ZipDirectoryService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** A spec country by code or name, or a 400 naming the field. */
  country(value: string, field = 'country'): Country {
    const country = findCountry(value);
    if (!country)
      throw badField(field, `country must be one of ${countryList}; "${value}" is not one of them`);
    return country;
  }

  /**
   * Places a zip code: US codes from the offline directory; other countries from approved kitchens' pickup
   * places with that code (at least MIN_DISTINCT_PLACES of them, the mean rounded; never customers'
   * addresses), and other Canadian codes from their postal area. A code that cannot be placed is a 404.
   */
  async placeZip(zip: string, countryValue: string): Promise<ZipPlaceDto> {
    const country = this.country(countryValue);
    const cannotPlace = `We could not place zip code ${zip} in ${country.name}.`;
    if (country.code === 'US') {
      if (!US_ZIP.test(zip.trim())) {
        throw new ProblemException(HttpStatus.UNPROCESSABLE_ENTITY, {
          type: ProblemType.VALIDATION,
          detail: `${cannotPlace} A US zip code has 5 digits, like 07302.`,
          message: 'error.zip.malformed',
          params: { zip, country: country.code },
          fieldErrors: [{ field: 'zip', message: 'A US zip code has 5 digits, like 07302.' }],
        });
      }
      const entry = await this.directory.usZip(zip.trim());
      if (!entry) throw notFound(cannotPlace, { zip, country: country.code });
      return {
        zip: entry.zip,
        country: country.name,
        countryCode: 'US',
        lat: entry.lat,
        lng: entry.lng,
        city: entry.city,
        state: entry.state,
        source: 'zip-directory',
      };
    }
    const place = await this.fromKitchenPlaces(zip, country);
    if (place) return place;
    if (country.code === 'CA') {
      const area = await this.directory.canadianArea(zip);
      if (area) {
        return {
          zip: zip.trim().toUpperCase(),
          country: country.name,
          countryCode: 'CA',
          lat: area.lat,
          lng: area.lng,
          city: area.city,
          state: area.state,
          source: 'postal-area',
        };
      }
    }
    throw notFound(
      `${cannotPlace} Too few kitchens with that code are known yet; search by your position instead.`,
      {
        zip,
        country: country.code,
      },
    );
  }

  private async fromKitchenPlaces(zip: string, country: Country): Promise<ZipPlaceDto | null> {
    const key = `${country.code}:${normalizeZip(zip, country.code)}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.place;
    const rows: Array<{
      lat: number | null;
      lng: number | null;
      places: number;
      city: string | null;
      state: string | null;
    }> = await this.db.query(
      `SELECT avg(pl.lat)::float8 AS lat, avg(pl.lng)::float8 AS lng,
              count(DISTINCT (pl.lat, pl.lng))::int AS places,
              mode() WITHIN GROUP (ORDER BY pl.city) AS city, mode() WITHIN GROUP (ORDER BY pl.state) AS state
         FROM pickup_location pl
         JOIN publisher p ON p.id = pl.publisher_id AND p.status = $3
        WHERE ${NORMALIZE_ZIP_SQL('pl.zipcode')} = $1 AND lower(pl.country) = lower($2)
          AND pl.lat IS NOT NULL AND pl.lng IS NOT NULL`,
      [normalizeZip(zip, country.code), country.name, PublisherStatus.APPROVED],
    );
    const row = rows[0];
    const place: ZipPlaceDto | null =
      row && row.lat !== null && row.lng !== null && row.places >= MIN_DISTINCT_PLACES
        ? {
            zip: zip.trim().toUpperCase(),
            country: country.name,
            countryCode: country.code,
            lat: round(row.lat),
            lng: round(row.lng),
            city: row.city,
            state: row.state,
            source: 'kitchens',
          }
        : null;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { at: Date.now(), place });
    return place;
  }
}

/** Miles in the US; km elsewhere, and also when the country is unknown. */
export function unitFor(countryCode: string | null): DistanceUnit {
  return countryCode ? distanceUnitForCountry(countryCode) : DistanceUnit.KM;
}
