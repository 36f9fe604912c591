import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/**
 * When a chef's subscribers were last sent news of a new menu or new dates: at most one such e-mail a day
 * per chef (a conditional UPDATE on this row decides who sends).
 */
@Entity('subscriber_news')
export class SubscriberNewsEntity extends TimestampedEntity {
  @Index({ unique: true })
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'timestamptz' })
  lastSentAt: Date;

  /** The bulk message (kind CHEF_NEWS) that carried it. */
  @Column({ type: 'uuid', nullable: true })
  lastBulkMessageId: string | null;
}
