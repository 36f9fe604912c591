import { Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';

/**
 * A chef a customer marked as favourite (spec favChefs). Owned by the favourite module; the consumer side
 * has no inverse relation, so the consumer module does not depend on this one (it reads the ids for the
 * user's details with a plain query).
 */
@Entity('consumer_favourite_chef')
@Unique(['consumerId', 'publisherId'])
export class ConsumerFavouriteChefEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  consumerId: string;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity>;

  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;
}
