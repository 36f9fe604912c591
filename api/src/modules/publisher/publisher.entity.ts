import { BrandType, DEFAULTS, PublisherStatus, Role } from '@hearth/shared';
import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  OneToMany,
  OneToOne,
  type Point,
  type Relation,
} from 'typeorm';
import { inList, numericDefault, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import type { BlockedPicture } from './blocked-picture.js';
import { PickupLocationEntity } from './pickup-location.entity.js';

/** Full-text document of a kitchen: names weigh most, then speciality, then the description. */
export const PUBLISHER_SEARCH_EXPRESSION =
  `setweight(to_tsvector('simple', coalesce("kitchen_name", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("brand_display_name", '')), 'A') || ` +
  `setweight(to_tsvector('english', coalesce("speciality", '')), 'B') || ` +
  `setweight(to_tsvector('english', coalesce("profile_description", '')), 'C')`;

/**
 * A chef's kitchen (spec §3 Chef/publisher). One per consumer.
 *
 * Besides the indexes declared here the migration creates two TypeORM cannot express, and this class
 * declares them with `synchronize: false` so the schema check leaves them alone:
 * - `uq_publisher_kitchen_name_lower`: unique index on `lower(kitchen_name)` (a kitchen name is unique
 *   whatever its case; invisible to TypeORM because it is an expression index);
 * - trigram GIN indexes on kitchen and brand name for typo-tolerant search (`%`, `similarity()`).
 * The kitchen's own address (spec `location`) is its primary pickup location; `geo_location` is a copy
 * of that point kept for distance search.
 */
@Entity('publisher')
@Check(inList('status', PublisherStatus))
@Check(inList('brand_type', BrandType))
@Check(inList('role', Role))
@Check(`"rating_count" >= 0`)
@Index('idx_publisher_kitchen_name_trgm', { synchronize: false })
@Index('idx_publisher_brand_display_name_trgm', { synchronize: false })
export class PublisherEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  consumerId: string;

  @OneToOne(() => ConsumerEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity>;

  @Column({ type: 'text', nullable: true })
  userName: string | null;

  @Column({ type: 'text', nullable: true })
  userEmail: string | null;

  /** Unique regardless of case (see class comment). */
  @Column({ type: 'text' })
  kitchenName: string;

  @Column({ type: 'text', nullable: true })
  brandDisplayName: string | null;

  @Column({ type: 'text', default: BrandType.HOME_KITCHEN })
  brandType: BrandType;

  @Index()
  @Column({ type: 'text', default: PublisherStatus.PENDING })
  status: PublisherStatus;

  @Column({ type: 'text', nullable: true })
  statusReviewComments: string | null;

  /** Role the chef signed up with (normally ROLE_CHEF). */
  @Column({ type: 'text', nullable: true })
  role: Role | null;

  /** Average rating shown on the kitchen (spec default 5 over 1 rating). */
  @Column({ type: 'numeric', precision: 3, scale: 2, default: numericDefault(DEFAULTS.ratingValue) })
  ratingValue: string;

  @Column({ type: 'integer', default: DEFAULTS.ratingCount })
  ratingCount: number;

  @Column({ type: 'text', nullable: true })
  speciality: string | null;

  @Column({ type: 'text', nullable: true })
  profileDescription: string | null;

  /** Storage key of the profile picture. */
  @Column({ type: 'text', nullable: true })
  profilePicLocation: string | null;

  /** Storage key of the logo. */
  @Column({ type: 'text', nullable: true })
  logo: string | null;

  /** Storage keys. */
  @TextArrayColumn()
  kitchenPictures: string[];

  /** Pictures (logo, portrait, kitchen pictures) an admin hid from the public, with the reason for the chef. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  blockedPictures: BlockedPicture[];

  /** Storage keys. */
  @TextArrayColumn()
  identityPictures: string[];

  /** Storage keys of licence and certificate documents. */
  @TextArrayColumn()
  licensesAndCertifications: string[];

  @Column({ type: 'text', nullable: true })
  phoneCountryCode: string | null;

  @Column({ type: 'text', nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'text', nullable: true })
  fullPhoneNumber: string | null;

  @Column({ type: 'text', name: 'whatsapp_country_code', nullable: true })
  whatsAppCountryCode: string | null;

  @Column({ type: 'text', name: 'whatsapp_number', nullable: true })
  whatsAppNumber: string | null;

  @Column({ type: 'text', name: 'full_whatsapp_number', nullable: true })
  fullWhatsAppNumber: string | null;

  @Column({ type: 'boolean', default: false })
  acceptAgreement: boolean;

  @Column({ type: 'integer', default: 0 })
  ordersServed: number;

  /** ISO 4217 code of the currency the chef sells in. */
  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currencyCode: string;

  /** IANA id, e.g. America/New_York. */
  @Column({ type: 'text', nullable: true })
  timeZoneId: string | null;

  @Column({ type: 'text', nullable: true })
  timeZoneName: string | null;

  /** Offsets from UTC in seconds, as the geocoder's time zone lookup returns them. */
  @Column({ type: 'integer', nullable: true })
  rawOffset: number | null;

  @Column({ type: 'integer', nullable: true })
  dstOffset: number | null;

  /** Copy of the primary pickup location's point, for distance search. */
  @Index({ spatial: true })
  @Column({ type: 'geography', spatialFeatureType: 'Point', srid: 4326, nullable: true })
  geoLocation: Point | null;

  @Index({ type: 'gin' })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: PUBLISHER_SEARCH_EXPRESSION,
    insert: false,
    update: false,
    select: false,
  })
  searchVector: string;

  @OneToMany(() => PickupLocationEntity, (location) => location.publisher)
  pickupLocations: Relation<PickupLocationEntity[]>;
}
