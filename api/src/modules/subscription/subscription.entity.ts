import { SubscriptionStatus } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/**
 * Someone following a chef (spec publisher subscribers): a signed-in customer (SUBSCRIBED at once) or a
 * guest e-mail (PENDING until the confirmation link is used: double opt-in). Unsubscribing keeps the row
 * (status UNSUBSCRIBED) so admins can list both.
 */
@Entity('subscription')
@Unique(['publisherId', 'email'])
@Index(['publisherId', 'status'])
@Check(inList('status', SubscriptionStatus))
export class SubscriptionEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  consumerId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity> | null;

  /** Where news goes; lower-cased. */
  @Index()
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', default: SubscriptionStatus.SUBSCRIBED })
  status: SubscriptionStatus;

  /** When the guest confirmed (double opt-in), or when a signed-in customer followed. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;
}
