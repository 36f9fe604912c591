import { DeliveryState } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { BulkMessageEntity } from './bulk-message.entity.js';

/**
 * One recipient of a bulk message. The unique (bulk_message_id, email) pair and the recorded state are
 * what make a retried job skip addresses that were already sent to.
 */
@Entity('bulk_message_recipient')
@Unique(['bulkMessageId', 'email'])
@Index(['bulkMessageId', 'state'])
@Check(inList('state', DeliveryState))
export class BulkMessageRecipientEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  bulkMessageId: string;

  @ManyToOne(() => BulkMessageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bulk_message_id' })
  bulkMessage: Relation<BulkMessageEntity>;

  /** Lower-cased. */
  @Column({ type: 'text' })
  email: string;

  /** How the e-mail greets them, when known. */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  consumerId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity> | null;

  @Index()
  @Column({ type: 'text', default: DeliveryState.PENDING })
  state: DeliveryState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Why it failed (the SMTP server's answer) or was skipped (unsubscribed, cancelled). */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** After a temporary SMTP refusal (4xx): not tried again before this instant. */
  @Column({ type: 'timestamptz', nullable: true })
  notBefore: Date | null;
}
