import { SubscriptionStatus } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/**
 * "Tell me when chefs deliver here" (spec §3 Location check): an e-mail for a country and zip code,
 * PENDING until confirmed, told once (notifiedAt) when a kitchen starts delivering there.
 */
@Entity('location_subscription')
@Unique(['email', 'country', 'zipcode'])
@Index(['country', 'zipcode', 'status'])
@Check(inList('status', SubscriptionStatus))
export class LocationSubscriptionEntity extends TimestampedEntity {
  /** Lower-cased. */
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  country: string;

  @Column({ type: 'text' })
  zipcode: string;

  @Column({ type: 'text', default: SubscriptionStatus.PENDING })
  status: SubscriptionStatus;

  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  /** When they were told a kitchen delivers there (once). */
  @Column({ type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;

  /** The kitchen they were told about. */
  @Column({ type: 'uuid', nullable: true })
  notifiedPublisherId: string | null;

  @ManyToOne(() => PublisherEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'notified_publisher_id' })
  notifiedPublisher: Relation<PublisherEntity> | null;
}
