import { DEFAULTS, LocationType } from '@hearth/shared';
import { Column, Index } from 'typeorm';
import type { Point } from 'typeorm';
import { inList } from './columns.js';

/** Address kinds of spec §3, plus '' ("not said"). */
export const ADDRESS_LOCATION_TYPES = [...Object.values(LocationType), ''] as const;

/** CHECK expression every table embedding {@link AddressColumns} declares with `@Check`. */
export const ADDRESS_LOCATION_TYPE_CHECK = inList('location_type', ADDRESS_LOCATION_TYPES);

/**
 * PostGIS point computed from lat/lng by PostgreSQL itself, so the two can never disagree.
 * NULL while either coordinate is missing (ST_MakePoint is strict).
 */
export const ADDRESS_LOCATION_EXPRESSION = `ST_SetSRID(ST_MakePoint("lng", "lat"), 4326)::geography`;

/**
 * The Address of spec §3 as a column group, embedded (without prefix) in `consumer_address`
 * (a customer's delivery addresses) and `pickup_location` (a chef's pickup places).
 */
export class AddressColumns {
  @Column({ type: 'text', default: DEFAULTS.addressName })
  name: string;

  /** The address as one formatted line (as the geocoder returned it). */
  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ type: 'text', nullable: true })
  addressLine1: string | null;

  @Column({ type: 'text', nullable: true })
  addressLine2: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'text', default: DEFAULTS.country })
  country: string;

  @Column({ type: 'text', nullable: true })
  locality: string | null;

  @Column({ type: 'text', nullable: true })
  district: string | null;

  @Column({ type: 'text', nullable: true })
  zipcode: string | null;

  /** RESIDENTIAL, BUSINESS, APARTMENT or '' (spec §3). */
  @Column({ type: 'text', default: '' })
  locationType: LocationType | '';

  @Column({ type: 'text', nullable: true })
  deliveryNote: string | null;

  @Column({ type: 'numeric', precision: 9, scale: 6, nullable: true })
  lat: string | null;

  @Column({ type: 'numeric', precision: 9, scale: 6, nullable: true })
  lng: string | null;

  /** GeoJSON point when read; computed from lat/lng, never written. */
  @Index({ spatial: true })
  @Column({
    type: 'geography',
    spatialFeatureType: 'Point',
    srid: 4326,
    nullable: true,
    generatedType: 'STORED',
    asExpression: ADDRESS_LOCATION_EXPRESSION,
    insert: false,
    update: false,
  })
  location: Point | null;

  @Column({ type: 'boolean', default: false })
  isUnderUse: boolean;
}
