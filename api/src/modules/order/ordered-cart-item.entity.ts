import { DEFAULTS } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, type Relation } from 'typeorm';
import {
  MoneyColumn,
  ShareColumn,
  TextArrayColumn,
  TimestampedEntity,
} from '../../common/database/columns.js';
import { ItemEntity } from '../item/item.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import type { SelectedPricingOptionSnapshot } from '../cart/cart-item.entity.js';
import { OrderDateSelectionEntity } from './order-date-selection.entity.js';
import { OrderEntity } from './order.entity.js';

/**
 * A line of an order (spec ordered cart item): a snapshot of the item and price as bought, so later
 * edits by the chef change nothing here.
 */
@Entity('ordered_cart_item')
@Check(`"order_quantity" >= 1`)
export class OrderedCartItemEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  orderId: string;

  @ManyToOne(() => OrderEntity, (order) => order.cartItems, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity>;

  /** The item, while it still exists; the snapshot columns below keep what was bought. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  itemId: string | null;

  @ManyToOne(() => ItemEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity> | null;

  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'text' })
  itemName: string;

  /** The pricing option as bought (spec userSelectedPricingOption). */
  @Column({ type: 'jsonb' })
  pricingOption: SelectedPricingOptionSnapshot;

  /** Chef price of one unit of the pricing option, as bought. */
  @MoneyColumn()
  unitPrice: string;

  @Column({ type: 'integer', default: DEFAULTS.orderQuantity })
  orderQuantity: number;

  /** spec itemTotalChefPrice: price × quantity × time slots × dates. */
  @MoneyColumn()
  itemTotal: string;

  @MoneyColumn()
  itemPricePerDate: string;

  @MoneyColumn()
  netAmountPerDate: string;

  /** This line's share of the delivery fees. */
  @MoneyColumn({ default: '0' })
  distributedFees: string;

  @MoneyColumn()
  netAmount: string;

  /** Platform fee share (0.2 = 20 %). */
  @ShareColumn({ default: DEFAULTS.vsFees })
  vsFees: string;

  @Column({ type: 'boolean', default: false })
  isCateringItem: boolean;

  /** Storage keys. */
  @TextArrayColumn()
  receipts: string[];

  @OneToMany(() => OrderDateSelectionEntity, (selection) => selection.orderedCartItem)
  dateSelections: Relation<OrderDateSelectionEntity[]>;
}
