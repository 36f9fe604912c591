import { DEFAULTS } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { ItemEntity } from '../item/item.entity.js';
import { OrderDateSelectionEntity } from '../order/order-date-selection.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/**
 * A customer's review of a chef (spec §3 Rating/review), 1 to 5 stars. One per customer per ordered
 * date, so a review is tied to something the customer actually received.
 */
@Entity('rating')
@Unique(['ratedById', 'orderDateSelectionId'])
@Check(`"rating_value" BETWEEN 1 AND 5`)
export class RatingEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  ratedById: string;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rated_by_id' })
  ratedBy: Relation<ConsumerEntity>;

  @Index()
  @Column({ type: 'uuid' })
  ratedAgainstId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rated_against_id' })
  ratedAgainst: Relation<PublisherEntity>;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  orderDateSelectionId: string | null;

  @ManyToOne(() => OrderDateSelectionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'order_date_selection_id' })
  orderDateSelection: Relation<OrderDateSelectionEntity> | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  reviewedItemId: string | null;

  @ManyToOne(() => ItemEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'reviewed_item_id' })
  reviewedItem: Relation<ItemEntity> | null;

  @Column({ type: 'integer', default: DEFAULTS.reviewRating })
  ratingValue: number;

  @Column({ type: 'text', nullable: true })
  reviewBody: string | null;

  /** Storage keys. */
  @TextArrayColumn()
  images: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  datePublished: Date;

  /** Item and reviewer names as shown when the review was written. */
  @Column({ type: 'text', nullable: true })
  itemName: string | null;

  @Column({ type: 'text', nullable: true })
  userName: string | null;
}
