import { PaymentGateway, PaymentMethod } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, OneToOne, type Relation } from 'typeorm';
import { inList, MoneyColumn, TimestampedEntity } from '../../common/database/columns.js';
import { OrderEntity } from './order.entity.js';

/** How an order was paid (spec §3 Payment details). One per order; every amount exact. */
@Entity('payment_details')
@Check(inList('payment_method', PaymentMethod))
@Check(inList('gateway', PaymentGateway))
export class PaymentDetailsEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  orderId: string;

  @OneToOne(() => OrderEntity, (order) => order.paymentDetails, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity>;

  @Column({ type: 'text' })
  paymentMethod: PaymentMethod;

  /**
   * Who takes the money: stripe (STRIPE_CARD, GOOGLE), paypal (PAYPAL), cash-free (CASH_FREE, PAYTM) or
   * cash (CASH_ON_PICKUP_DELIVERY).
   */
  @Column({ type: 'text', default: PaymentGateway.CASH })
  gateway: PaymentGateway;

  /**
   * The gateway's id of the checkout: Stripe Checkout Session id, PayPal order id, Cashfree order id;
   * `cash:<order number>` for cash. Unique: a callback names exactly one order.
   */
  @Index({ unique: true })
  @Column({ type: 'text', nullable: true })
  paymentDetailsGenericId: string | null;

  /**
   * The gateway's id of the money once taken, what refunds and transfers refer to: Stripe PaymentIntent
   * (its charge in additionalDetails), PayPal capture id(s) in additionalDetails, Cashfree cf_payment_id.
   */
  @Column({ type: 'text', nullable: true })
  gatewayPaymentId: string | null;

  /** Where the customer pays (hosted checkout / approval link) while the payment is open. */
  @Column({ type: 'text', nullable: true })
  checkoutUrl: string | null;

  /** The gateway's last reason a payment attempt failed (a declined card), shown to the customer. */
  @Column({ type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ type: 'boolean', default: false })
  isPaymentCompleted: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  paymentCompletedTime: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  additionalDetails: Record<string, unknown> | null;

  @MoneyColumn({ default: '0' })
  transactionFees: string;

  @MoneyColumn()
  grossAmount: string;

  @MoneyColumn()
  netAmount: string;

  @Column({ type: 'varchar', length: 3 })
  currencyCode: string;

  /** Platform fee amount. */
  @MoneyColumn({ default: '0' })
  vsFees: string;

  /** Platform net after gateway fees. */
  @MoneyColumn({ default: '0' })
  vsNet: string;
}
