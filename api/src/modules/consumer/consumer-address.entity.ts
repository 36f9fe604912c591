import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { AddressColumns, ADDRESS_LOCATION_TYPE_CHECK } from '../../common/database/address.embedded.js';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from './consumer.entity.js';

/** A customer's delivery address (spec §3 Address, consumerLocations). */
@Entity('consumer_address')
@Check(ADDRESS_LOCATION_TYPE_CHECK)
export class ConsumerAddressEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  consumerId: string;

  @ManyToOne(() => ConsumerEntity, (consumer) => consumer.addresses, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity>;

  @Column(() => AddressColumns, { prefix: false })
  address: AddressColumns;
}
