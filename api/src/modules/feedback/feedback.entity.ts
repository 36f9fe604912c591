import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { OrderEntity } from '../order/order.entity.js';

/**
 * Feedback (spec `feedback` endpoint): about the site, from a signed-in customer or a visitor; or about one
 * delivered order ("Tell us how it went"), from that order's customer, once per order (`order_id` unique).
 */
@Entity('feedback')
@Check(`"rating" BETWEEN 1 AND 5`)
@Index('idx_feedback_created_at', ['createdAt'])
@Index('uq_feedback_order_id', ['orderId'], { unique: true, where: '"order_id" IS NOT NULL' })
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

  /** The order this feedback is about; null for feedback about the site. */
  @Column({ type: 'uuid', nullable: true })
  orderId: string | null;

  @ManyToOne(() => OrderEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity> | null;
}
