import { PaymentGateway } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { OrderEntity } from '../order/order.entity.js';

/** Processing state of a gateway callback. */
export const PaymentEventStatus = { RECEIVED: 'RECEIVED', APPLIED: 'APPLIED', FAILED: 'FAILED' } as const;
export type PaymentEventStatus = (typeof PaymentEventStatus)[keyof typeof PaymentEventStatus];

/**
 * A verified payment-gateway callback, stored before it is applied. UNIQUE(gateway, event_id) makes a
 * redelivered callback a no-op; FAILED events stay visible to admins with their error.
 */
@Entity('payment_event')
@Unique(['gateway', 'eventId'])
@Check(inList('gateway', PaymentGateway))
@Check(inList('status', PaymentEventStatus))
export class PaymentEventEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  gateway: PaymentGateway;

  /** The gateway's id of the event. */
  @Column({ type: 'text' })
  eventId: string;

  /** The gateway's event type, e.g. checkout.session.completed. */
  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Index()
  @Column({ type: 'text', default: PaymentEventStatus.RECEIVED })
  status: PaymentEventStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The order the event turned out to be about, once known. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  orderId: string | null;

  @ManyToOne(() => OrderEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<OrderEntity> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  appliedAt: Date | null;
}
