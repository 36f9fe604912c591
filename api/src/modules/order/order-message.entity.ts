import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { OrderEntity } from './order.entity.js';

/** A message about an order, a line of it or one of its dates (spec §3 Order message). */
@Entity('order_message')
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
}
