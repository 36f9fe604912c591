import { DEFAULTS, OrderStatus } from '@hearth/shared';
import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  OneToOne,
  type Relation,
} from 'typeorm';
import { inList, MoneyColumn, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';
import { PaymentDetailsEntity } from './payment-details.entity.js';

/**
 * A placed order (spec §3 Order). Table `customer_order` because ORDER is a reserved word.
 * Contact and location details are snapshots taken at checkout. `idempotency_key` (unique) is what
 * makes a double submit of the checkout form create one order, not two.
 */
@Entity('customer_order')
@Check(inList('order_status', OrderStatus))
export class OrderEntity extends TimestampedEntity {
  /** Human-friendly number shown to customers and chefs. */
  @Column({ type: 'text', unique: true })
  orderNumber: string;

  @Index()
  @Column({ type: 'uuid' })
  consumerId: string;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity>;

  @MoneyColumn()
  orderTotal: string;

  @Column({ type: 'varchar', length: 3 })
  currencyCode: string;

  @Index()
  @Column({ type: 'timestamptz', default: () => 'now()' })
  orderedDate: Date;

  /** spec consumerContactDetails, as given at checkout. */
  @Column({ type: 'jsonb', nullable: true })
  contactDetails: Record<string, unknown> | null;

  /** spec consumerLocationDetails: the delivery address at checkout. */
  @Column({ type: 'jsonb', nullable: true })
  locationDetails: Record<string, unknown> | null;

  /** Overall status; each date selection has its own life cycle too. */
  @Column({ type: 'text', default: DEFAULTS.orderStatus })
  orderStatus: OrderStatus;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'text', unique: true })
  idempotencyKey: string;

  /**
   * Until when the capacity taken at checkout is held for an online payment that has not completed; null
   * once paid, for cash, and after the hold ended (expired: the order is cancelled and its capacity given back).
   */
  @Index()
  @Column({ type: 'timestamptz', nullable: true })
  paymentHoldExpiresAt: Date | null;

  @OneToMany(() => OrderedCartItemEntity, (item) => item.order)
  cartItems: Relation<OrderedCartItemEntity[]>;

  @OneToOne(() => PaymentDetailsEntity, (payment) => payment.order)
  paymentDetails: Relation<PaymentDetailsEntity> | null;
}
