import {
  DEFAULTS,
  DeliveryOption,
  OrderStatus,
  PaymentStatus,
  PayoutRefundStatus,
  type TimeSlot,
} from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, MoneyColumn, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { OrderedCartItemEntity } from './ordered-cart-item.entity.js';

/** One date of an order line, with its own fulfilment, payment and payout life cycle. */
@Entity('order_date_selection')
@Check(inList('order_status', OrderStatus))
@Check(inList('payment_status', PaymentStatus))
@Check(inList('delivery_option', DeliveryOption))
@Check(inList('payout_refund_status', PayoutRefundStatus))
@Check(`"item_total" >= 0 AND "delivery_fee" >= 0`)
@Index(['publisherId', 'date', 'orderStatus'])
export class OrderDateSelectionEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  orderedCartItemId: string;

  @ManyToOne(() => OrderedCartItemEntity, (item) => item.dateSelections, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ordered_cart_item_id' })
  orderedCartItem: Relation<OrderedCartItemEntity>;

  /**
   * The kitchen of the line, copied from it by a trigger on insert (migration BoardReadModel): the board
   * reads one table by (kitchen, date, status). Never written by the application.
   */
  @Column({ type: 'uuid', insert: false, update: false })
  publisherId: string;

  @Index()
  @Column({ type: 'date' })
  date: string;

  @TextArrayColumn()
  timeSlots: TimeSlot[];

  @Index()
  @Column({ type: 'text', default: DEFAULTS.orderStatus })
  orderStatus: OrderStatus;

  @Column({ type: 'text', default: DEFAULTS.paymentStatus })
  paymentStatus: PaymentStatus;

  @Column({ type: 'text', default: DEFAULTS.deliveryOption })
  deliveryOption: DeliveryOption;

  @Column({ type: 'text', default: DEFAULTS.payoutRefundStatus })
  payoutRefundStatus: PayoutRefundStatus;

  @MoneyColumn({ nullable: true })
  payoutRefundAmount: string | null;

  /** The gateway's id of this date's refund (to the customer) or payout (to the chef). */
  @Column({ type: 'text', nullable: true })
  payoutRefundReference: string | null;

  /** Why the last refund or payout attempt FAILED, as the gateway said it. */
  @Column({ type: 'text', nullable: true })
  payoutRefundError: string | null;

  @Column({ type: 'integer', default: 0 })
  payoutRefundAttempts: number;

  /** When the refund or payout reached COMPLETED / REFUNDED. */
  @Column({ type: 'timestamptz', nullable: true })
  payoutRefundAt: Date | null;

  /** Cash: when the chef recorded the money as received (order/cash/callback). */
  @Column({ type: 'timestamptz', nullable: true })
  cashReceivedAt: Date | null;

  /** When the chef marked this date as not collected by the customer (counts against cash). */
  @Index()
  @Column({ type: 'timestamptz', nullable: true })
  noShowAt: Date | null;

  /** This date's item total: price × quantity × its time slots (the line's item total split by slots). */
  @MoneyColumn({ default: '0' })
  itemTotal: string;

  /**
   * The delivery fee charged on this date: a trip (chef, date, first slot) is charged once, on one of its
   * dates; the others carry 0. Moves to a live date of the same trip when the date carrying it is cancelled.
   */
  @MoneyColumn({ default: '0' })
  deliveryFee: string;

  /** The pickup location as it was when ordered. */
  @Column({ type: 'jsonb', nullable: true })
  pickupLocation: Record<string, unknown> | null;
}
