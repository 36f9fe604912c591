import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { AddressColumns, ADDRESS_LOCATION_TYPE_CHECK } from '../../common/database/address.embedded.js';
import { TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from './publisher.entity.js';

/**
 * A place where customers collect a chef's food (spec pickupLocations). The primary one is the
 * kitchen's own address (spec Publisher.location); at most one per chef is primary.
 */
@Entity('pickup_location')
@Check(ADDRESS_LOCATION_TYPE_CHECK)
@Index('uq_pickup_location_primary', ['publisherId'], { unique: true, where: '"is_primary"' })
export class PickupLocationEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, (publisher) => publisher.pickupLocations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'boolean', default: false })
  isPrimary: boolean;

  @Column(() => AddressColumns, { prefix: false })
  address: AddressColumns;
}
