import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { findCountry, PublisherStatus, type Country } from '@hearth/shared';
import { badField } from '../../common/problem/problem.exception.js';
import { normalizeZip, NORMALIZE_ZIP_SQL, US_ZIP } from './zip-code.js';
import { ZipDirectoryService } from './zip-directory.service.js';

/** An address to put on the map: its zip code and country, and the coordinates the client may have sent. */
export interface AddressToPlace {
  zipcode?: string | null;
  /** Country name or ISO code (already validated by the DTO). */
  country: string;
  lat?: number | null;
  lng?: number | null;
}

/** A stored address's zip code, country and point (numeric columns read as strings). */
export interface PlacedAddress {
  zipcode: string | null;
  country: string;
  lat: string | number | null;
  lng: string | number | null;
}

/** Where an address is, and where that came from. */
export interface Point {
  lat: number;
  lng: number;
  /**
   * given: the client's coordinates (the browser's position, or typed as a last resort); kept: the
   * address's own point, its zip code unchanged; zip-directory: the US zip code's centroid; postal-area: a
   * Canadian forward sortation area's centroid; kitchens: approved kitchens' pickup places with that code.
   */
  source: 'given' | 'kept' | 'zip-directory' | 'postal-area' | 'kitchens';
}

/** A point in each country, for the sentence that asks for coordinates. */
const EXAMPLE_POINT: Record<string, string> = {
  IN: '17.4126, 78.4392',
  CA: '43.6606, -79.3369',
  SG: '1.3521, 103.8198',
  MY: '3.1390, 101.6869',
  AU: '-33.8688, 151.2093',
};

const given = (v: number | null | undefined): v is number => v !== null && v !== undefined;

/**
 * Puts addresses on the map without asking for coordinates: the coordinates given when there are some,
 * else from the zip code — US codes (and Canadian postal areas) from the offline directory, other countries
 * from approved kitchens' pickup places with the same code (kitchens' addresses are public on their pages).
 * Customers' saved addresses are never read (security review S-05): nothing one customer saves may reveal
 * where another lives. When nothing places the code, a 400 on `lat` asks for the coordinates and says why
 * and how to find them.
 */
@Injectable()
export class AddressPlacerService {
  constructor(
    private readonly directory: ZipDirectoryService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The point of an address; `prefix` names its fields in errors (`address.` for a nested address). */
  async place(address: AddressToPlace, prefix = ''): Promise<Point> {
    const field = (name: string) => `${prefix}${name}`;
    if (given(address.lat) !== given(address.lng)) {
      throw badField(field(given(address.lat) ? 'lng' : 'lat'), 'Give both lat and lng, or neither.');
    }
    if (given(address.lat) && given(address.lng))
      return { lat: address.lat, lng: address.lng, source: 'given' };

    const country = findCountry(address.country);
    const zip = address.zipcode?.trim() ?? '';
    if (!zip || !country) {
      throw badField(field('zipcode'), 'Give the zip or postal code: it places the address on the map.');
    }
    if (country.code === 'US') return this.usZip(zip, field('zipcode'));
    const fromKitchens = await this.fromKitchens(zip, country);
    if (fromKitchens) return fromKitchens;
    if (country.code === 'CA') {
      const area = await this.directory.canadianArea(zip);
      if (area) return { lat: area.lat, lng: area.lng, source: 'postal-area' };
    }
    throw badField(
      field('lat'),
      `We cannot place postcode ${zip} in ${country.name} yet, so we need this address's position: the distance to ` +
        'kitchens is measured from it. Enter its latitude and longitude: in a map app, press and hold on the place ' +
        `and copy the two numbers it shows (latitude first, like ${EXAMPLE_POINT[country.code] ?? '1.3521, 103.8198'}).`,
    );
  }

  /**
   * The point of a changed address: new coordinates when given; the stored point when the zip code and
   * country stay the same (it may be the browser's position, more precise than the code's centre); else
   * placed anew from the code.
   */
  async replace(next: AddressToPlace, current: PlacedAddress, prefix = ''): Promise<Point> {
    const code = findCountry(next.country)?.code ?? null;
    const sameCode =
      findCountry(current.country)?.code === code &&
      normalizeZip(current.zipcode ?? '', code) === normalizeZip(next.zipcode ?? '', code) &&
      normalizeZip(current.zipcode ?? '', code) !== '';
    if (!given(next.lat) && !given(next.lng) && sameCode && current.lat !== null && current.lng !== null) {
      return { lat: Number(current.lat), lng: Number(current.lng), source: 'kept' };
    }
    return this.place(next, prefix);
  }

  private async usZip(zip: string, field: string): Promise<Point> {
    if (!US_ZIP.test(zip)) throw badField(field, `${zip} is not a US zip code: it has 5 digits, like 07302.`);
    const entry = await this.directory.usZip(zip);
    if (!entry) throw badField(field, `We do not know the zip code ${zip} in the United States. Check it.`);
    return { lat: entry.lat, lng: entry.lng, source: 'zip-directory' };
  }

  private async fromKitchens(zip: string, country: Country): Promise<Point | null> {
    const [row]: Array<{ lat: number | null; lng: number | null }> = await this.db.query(
      `SELECT avg(pl.lat)::float8 AS lat, avg(pl.lng)::float8 AS lng
         FROM pickup_location pl
         JOIN publisher p ON p.id = pl.publisher_id AND p.status = $3
        WHERE ${NORMALIZE_ZIP_SQL('pl.zipcode')} = $1 AND lower(pl.country) = lower($2)
          AND pl.lat IS NOT NULL AND pl.lng IS NOT NULL`,
      [normalizeZip(zip, country.code), country.name, PublisherStatus.APPROVED],
    );
    return row && row.lat !== null && row.lng !== null
      ? { lat: row.lat, lng: row.lng, source: 'kitchens' }
      : null;
  }
}
