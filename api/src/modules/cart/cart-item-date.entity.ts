import { DEFAULTS, DeliveryOption, type TimeSlot } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { PickupLocationEntity } from '../publisher/pickup-location.entity.js';
import { CartItemEntity } from './cart-item.entity.js';

/** A date (with its time slots and delivery choice) a cart item is wanted for. */
@Entity('cart_item_date')
@Unique(['cartItemId', 'date'])
@Check(inList('delivery_option', DeliveryOption))
export class CartItemDateEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  cartItemId: string;

  @ManyToOne(() => CartItemEntity, (item) => item.dates, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cart_item_id' })
  cartItem: Relation<CartItemEntity>;

  @Column({ type: 'date' })
  date: string;

  @TextArrayColumn()
  timeSlots: TimeSlot[];

  @Column({ type: 'text', default: DEFAULTS.deliveryOption })
  deliveryOption: DeliveryOption;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  pickupLocationId: string | null;

  @ManyToOne(() => PickupLocationEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'pickup_location_id' })
  pickupLocation: Relation<PickupLocationEntity> | null;
}
