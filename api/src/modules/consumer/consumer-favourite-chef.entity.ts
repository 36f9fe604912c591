import { Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import { ConsumerEntity } from './consumer.entity.js';

/** A chef a customer marked as favourite (spec favChefs). */
@Entity('consumer_favourite_chef')
@Unique(['consumerId', 'publisherId'])
export class ConsumerFavouriteChefEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  consumerId: string;

  @ManyToOne(() => ConsumerEntity, (consumer) => consumer.favouriteChefs, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity>;

  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;
}
