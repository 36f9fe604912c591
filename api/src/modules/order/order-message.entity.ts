import { OrderMessageAuthor } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { OrderEntity } from './order.entity.js';

/**
 * A message about an order, a line of it or one of its dates (spec §3 Order message), between the chef of
 * that kitchen and the customer who ordered. The kitchen and the customer are kept on the row, so each side
 * lists exactly its own threads.
 */
@Entity('order_message')
@Check(inList('author', OrderMessageAuthor))
export class OrderMessageEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  orderId: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity>;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  orderedCartItemId: string | null;

  @ManyToOne(() => OrderedCartItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ordered_cart_item_id' })
  orderedCartItem: Relation<OrderedCartItemEntity> | null;

  /** spec userSelectionDateId. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  orderDateSelectionId: string | null;

  @ManyToOne(() => OrderDateSelectionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_date_selection_id' })
  orderDateSelection: Relation<OrderDateSelectionEntity> | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  senderId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'sender_id' })
  sender: Relation<ConsumerEntity> | null;

  @Column({ type: 'text' })
  message: string;

  /** Whether the chef or the customer wrote it. */
  @Column({ type: 'text' })
  author: OrderMessageAuthor;

  /** The kitchen of the thread. */
  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  /** The customer of the thread (the order's buyer). */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  customerId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'customer_id' })
  customer: Relation<ConsumerEntity> | null;

  /** When the other side read it. */
  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
