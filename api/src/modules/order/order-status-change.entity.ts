import { OrderStatus } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { ItemEntity } from '../item/item.entity.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { OrderEntity } from './order.entity.js';

/** One status change of an order date (spec §3 Order status change), with who did it and when. */
@Entity('order_status_change')
@Check(inList('life_cycle_status', OrderStatus))
export class OrderStatusChangeEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  orderId: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity>;

  /** spec cartItemId. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  orderedCartItemId: string | null;

  @ManyToOne(() => OrderedCartItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ordered_cart_item_id' })
  orderedCartItem: Relation<OrderedCartItemEntity> | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  itemId: string | null;

  @ManyToOne(() => ItemEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity> | null;

  /** spec orderDateId. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  orderDateSelectionId: string | null;

  @ManyToOne(() => OrderDateSelectionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_date_selection_id' })
  orderDateSelection: Relation<OrderDateSelectionEntity> | null;

  @Column({ type: 'text' })
  lifeCycleStatus: OrderStatus;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id' })
  actor: Relation<ConsumerEntity> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;
}
