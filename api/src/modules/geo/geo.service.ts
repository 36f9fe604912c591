import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { COUNTRIES, DistanceUnit, distanceUnitForCountry, findCountry, ProblemType, type Country } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { isCompleteSearchLocation } from '../consumer/address.mapper.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import type { ZipPlaceDto } from './dto/zip-place.dto.js';
import { ZipDirectory } from './zip-directory.js';
import { normalizeZip, NORMALIZE_ZIP_SQL, US_ZIP } from './zip-code.js';

/** Where a search is centred, and how its distances are measured. */
export interface SearchOrigin {
  lat: number;
  lng: number;
  /** ISO code of the search location's country, when known. */
  countryCode: string | null;
  /** Miles in the US, km elsewhere (also when the country is unknown: most of the world uses km). */
  unit: DistanceUnit;
  /** The customer's zip/postal code, normalised (see {@link normalizeZip}), when known. */
  zip: string | null;
  source: 'zip' | 'position' | 'saved-address';
}

/** What a search request says about its location. */
export interface OriginInput {
  lat?: number;
  lng?: number;
  zip?: string;
  country?: string;
}

/** A point within this distance of a directory centroid is taken to be in that centroid's country. */
const COUNTRY_FROM_POSITION_KM = 30;
/** Non-US placements from saved addresses are cached this long (they change rarely and cost a scan). */
const CACHE_MS = 10 * 60 * 1000;
const CACHE_MAX = 2000;

const countryList = COUNTRIES.map((c) => `${c.code} (${c.name})`).join(', ');

@Injectable()
export class GeoService {
  private readonly cache = new Map<string, { at: number; place: ZipPlaceDto | null }>();

  constructor(
    private readonly directory: ZipDirectory,
    private readonly consumers: ConsumerService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** A spec country by code or name, or a 400 naming the field. */
  country(value: string, field = 'country'): Country {
    const country = findCountry(value);
    if (!country) throw badField(field, `country must be one of ${countryList}; "${value}" is not one of them`);
    return country;
  }

  /**
   * Places a zip code: US codes from the offline directory; other countries from the coordinates the data
   * already has (kitchens' pickup locations and customers' addresses with that code), and Canadian codes
   * that no address has yet from their postal area. A code that cannot be placed is a 404 that says so.
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
      return { zip: entry.zip, country: country.name, countryCode: 'US', lat: entry.lat, lng: entry.lng, city: entry.city, state: entry.state, source: 'zip-directory' };
    }
    const place = await this.fromSavedAddresses(zip, country);
    if (place) return place;
    if (country.code === 'CA') {
      const area = await this.directory.canadianArea(zip);
      if (area) {
        return { zip: zip.trim().toUpperCase(), country: country.name, countryCode: 'CA', lat: area.lat, lng: area.lng, city: area.city, state: area.state, source: 'postal-area' };
      }
    }
    throw notFound(`${cannotPlace} No kitchen or customer address with that code is known yet; search by your position instead.`, {
      zip,
      country: country.code,
    });
  }

  /**
   * The centre of a search: a zip code when one is given, else the browser's position, else the signed-in
   * customer's manual search location (their first saved address, when complete). Anything else is a 400.
   */
  async origin(actor: Principal | undefined, input: OriginInput): Promise<SearchOrigin> {
    const country = input.country ? this.country(input.country) : null;
    if (input.zip) {
      const place = await this.placeZip(input.zip, country?.code ?? 'US');
      return this.fromPlace(place, 'zip');
    }
    if ((input.lat === undefined) !== (input.lng === undefined)) {
      throw badField(input.lat === undefined ? 'lat' : 'lng', 'Give both lat and lng, or neither.');
    }
    if (input.lat !== undefined && input.lng !== undefined) {
      const countryCode = country?.code ?? (await this.directory.nearest(input.lat, input.lng, COUNTRY_FROM_POSITION_KM))?.countryCode ?? null;
      return { lat: input.lat, lng: input.lng, countryCode, unit: unitFor(countryCode), zip: null, source: 'position' };
    }
    if (actor) {
      const [first] = await this.consumers.listAddresses(actor);
      if (isCompleteSearchLocation(first)) {
        const code = findCountry(first.country)?.code ?? null;
        if (first.lat !== null && first.lng !== null) {
          return { lat: first.lat, lng: first.lng, countryCode: code, unit: unitFor(code), zip: normalizeZip(first.zipcode!, code), source: 'saved-address' };
        }
        const place = await this.placeZip(first.zipcode!, code ?? first.country);
        return { ...this.fromPlace(place, 'saved-address') };
      }
    }
    throw badField(
      'lat',
      actor
        ? 'Tell us where to search: give a zip code, or lat and lng, or save a complete address (city, state, country and zip code) first.'
        : 'Tell us where to search: give a zip code, or lat and lng, or sign in to use your saved address.',
    );
  }

  private fromPlace(place: ZipPlaceDto, source: SearchOrigin['source']): SearchOrigin {
    return {
      lat: place.lat,
      lng: place.lng,
      countryCode: place.countryCode,
      unit: unitFor(place.countryCode),
      zip: normalizeZip(place.zip, place.countryCode),
      source,
    };
  }

  private async fromSavedAddresses(zip: string, country: Country): Promise<ZipPlaceDto | null> {
    const key = `${country.code}:${normalizeZip(zip, country.code)}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.place;
    const rows: Array<{ lat: number | null; lng: number | null; city: string | null; state: string | null }> = await this.db.query(
      `SELECT avg(lat)::float8 AS lat, avg(lng)::float8 AS lng,
              mode() WITHIN GROUP (ORDER BY city) AS city, mode() WITHIN GROUP (ORDER BY state) AS state
         FROM (SELECT lat, lng, city, state, zipcode, country FROM pickup_location
               UNION ALL
               SELECT lat, lng, city, state, zipcode, country FROM consumer_address) known
        WHERE ${NORMALIZE_ZIP_SQL('zipcode')} = $1 AND lower(country) = lower($2) AND lat IS NOT NULL AND lng IS NOT NULL`,
      [normalizeZip(zip, country.code), country.name],
    );
    const row = rows[0];
    const place: ZipPlaceDto | null =
      row && row.lat !== null && row.lng !== null
        ? { zip: zip.trim().toUpperCase(), country: country.name, countryCode: country.code, lat: row.lat, lng: row.lng, city: row.city, state: row.state, source: 'saved-addresses' }
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
