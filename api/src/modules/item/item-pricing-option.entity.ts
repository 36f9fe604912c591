import { DEFAULTS } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { MoneyColumn, numericDefault, TimestampedEntity } from '../../common/database/columns.js';
import { ItemEntity } from './item.entity.js';

/** One way an item is sold, e.g. 1 Kgs for 8.99 serving 3 (spec §3 Pricing option). */
@Entity('item_pricing_option')
@Check(`"chef_price" >= 0`)
@Check(`"quantity" > 0`)
export class ItemPricingOptionEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  itemId: string;

  @ManyToOne(() => ItemEntity, (item) => item.pricingOptions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity>;

  @Column({ type: 'text', default: DEFAULTS.measurement })
  measurement: string;

  /** Amount of the measurement sold at this price (numeric, e.g. "0.50" Kgs). */
  @Column({ type: 'numeric', precision: 10, scale: 2, default: numericDefault(DEFAULTS.quantity) })
  quantity: string;

  @MoneyColumn({ default: DEFAULTS.chefPrice })
  chefPrice: string;

  @Column({ type: 'integer', default: DEFAULTS.serves })
  serves: number;

  /** Display order among the item's options. */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
