import { DEFAULTS } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ItemPricingOptionEntity } from '../item/item-pricing-option.entity.js';
import { ItemEntity } from '../item/item.entity.js';
import { CartEntity } from './cart.entity.js';
import { CartItemDateEntity } from './cart-item-date.entity.js';

/** Snapshot of the pricing option the customer chose, kept in case the chef edits or removes it. */
export interface SelectedPricingOptionSnapshot {
  id: string;
  measurement: string;
  quantity: string;
  chefPrice: string;
  serves: number;
}

/** An item in a cart (spec §3 Cart item), ordered for one or more dates. */
@Entity('cart_item')
@Check(`"order_quantity" >= 1`)
export class CartItemEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  cartId: string;

  @ManyToOne(() => CartEntity, (cart) => cart.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cart_id' })
  cart: Relation<CartEntity>;

  @Index()
  @Column({ type: 'uuid' })
  itemId: string;

  @ManyToOne(() => ItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity>;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  pricingOptionId: string | null;

  @ManyToOne(() => ItemPricingOptionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'pricing_option_id' })
  pricingOption: Relation<ItemPricingOptionEntity> | null;

  /** spec userSelectedPricingOption. */
  @Column({ type: 'jsonb', nullable: true })
  selectedPricingOption: SelectedPricingOptionSnapshot | null;

  @Column({ type: 'integer', default: DEFAULTS.orderQuantity })
  orderQuantity: number;

  @Column({ type: 'boolean', default: false })
  isCateringItem: boolean;

  /** Id the browser gave the line before it was saved (spec tempId). */
  @Column({ type: 'text', nullable: true })
  tempId: string | null;

  /**
   * The kitchen's secret code the line was added with (X-Kitchen-Code), when the kitchen has one: a date of
   * a private menu stays orderable only while it still equals the kitchen's current code.
   */
  @Column({ type: 'text', nullable: true })
  accessCode: string | null;

  @OneToMany(() => CartItemDateEntity, (date) => date.cartItem)
  dates: Relation<CartItemDateEntity[]>;
}
