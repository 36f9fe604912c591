import { Injectable } from '@nestjs/common';
import { findCountry, type DistanceUnit } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField } from '../../common/problem/problem.exception.js';
import { isCompleteSearchLocation } from '../consumer/address.mapper.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import type { ZipPlaceDto } from '../geo/dto/zip-place.dto.js';
import { GeoService, unitFor } from '../geo/geo.service.js';
import { normalizeZip } from '../geo/zip-code.js';
import { ZipDirectoryService } from '../geo/zip-directory.service.js';

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

/**
 * The centre of a search. It lives with the searches rather than in geo because it may start from the
 * customer's saved address: geo places zip codes for the consumer module, so it cannot depend on it.
 */
@Injectable()
export class SearchOriginService {
  constructor(
    private readonly geo: GeoService,
    private readonly directory: ZipDirectoryService,
    private readonly consumers: ConsumerService,
  ) {}

  /**
   * The centre of a search: a zip code when one is given, else the browser's position, else the signed-in
   * customer's manual search location (their first saved address, when complete). Anything else is a 400.
   */
  async of(actor: Principal | undefined, input: OriginInput): Promise<SearchOrigin> {
    const country = input.country ? this.geo.country(input.country) : null;
    if (input.zip) {
      const place = await this.geo.placeZip(input.zip, country?.code ?? 'US');
      return this.fromPlace(place, 'zip');
    }
    if ((input.lat === undefined) !== (input.lng === undefined)) {
      throw badField(input.lat === undefined ? 'lat' : 'lng', 'Give both lat and lng, or neither.');
    }
    if (input.lat !== undefined && input.lng !== undefined) {
      const countryCode =
        country?.code ??
        (await this.directory.nearest(input.lat, input.lng, COUNTRY_FROM_POSITION_KM))?.countryCode ??
        null;
      return {
        lat: input.lat,
        lng: input.lng,
        countryCode,
        unit: unitFor(countryCode),
        zip: null,
        source: 'position',
      };
    }
    if (actor) {
      const [first] = await this.consumers.listAddresses(actor);
      if (isCompleteSearchLocation(first)) {
        const code = findCountry(first.country)?.code ?? null;
        if (first.lat !== null && first.lng !== null) {
          return {
            lat: first.lat,
            lng: first.lng,
            countryCode: code,
            unit: unitFor(code),
            zip: normalizeZip(first.zipcode!, code),
            source: 'saved-address',
          };
        }
        const place = await this.geo.placeZip(first.zipcode!, code ?? first.country);
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
}
