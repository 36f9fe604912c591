import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';

/** Feedback about the product (spec `feedback` endpoint), from a signed-in customer or a visitor. */
@Entity('feedback')
@Check(`"rating" BETWEEN 1 AND 5`)
export class FeedbackEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid', nullable: true })
  consumerId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity> | null;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text' })
  message: string;

  /** 1–5 stars, when given. */
  @Column({ type: 'integer', nullable: true })
  rating: number | null;

  /** The page the feedback was sent from. */
  @Column({ type: 'text', nullable: true })
  pageUrl: string | null;
}
