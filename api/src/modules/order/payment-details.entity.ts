import { PaymentMethod } from '@hearth/shared';
import { Check, Column, Entity, JoinColumn, OneToOne, type Relation } from 'typeorm';
import { inList, MoneyColumn, TimestampedEntity } from '../../common/database/columns.js';
import { OrderEntity } from './order.entity.js';

/** How an order was paid (spec §3 Payment details). One per order; every amount exact. */
@Entity('payment_details')
@Check(inList('payment_method', PaymentMethod))
export class PaymentDetailsEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  orderId: string;

  @OneToOne(() => OrderEntity, (order) => order.paymentDetails, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity>;

  @Column({ type: 'text' })
  paymentMethod: PaymentMethod;

  /** The gateway's id of the payment (session, order or intent id). */
  @Column({ type: 'text', nullable: true })
  paymentDetailsGenericId: string | null;

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
