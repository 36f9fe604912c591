import { BulkTargetGroup } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';

/** Progress of a bulk message as a whole. */
export const BulkMessageStatus = {
  QUEUED: 'QUEUED',
  SENDING: 'SENDING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const;
export type BulkMessageStatus = (typeof BulkMessageStatus)[keyof typeof BulkMessageStatus];

/**
 * An e-mail an admin sends to a target group (spec §3 Bulk message). Each recipient's delivery is a
 * `bulk_message_recipient` row; the counts here are the progress the admin sees.
 */
@Entity('bulk_message')
@Check(inList('target_group', BulkTargetGroup))
@Check(inList('status', BulkMessageStatus))
export class BulkMessageEntity extends TimestampedEntity {
  @Column({ type: 'text', nullable: true })
  templateType: string | null;

  /** spec target_chef: who receives it. */
  @Column({ type: 'text' })
  targetGroup: BulkTargetGroup;

  /** spec `to`: the one address for ONE_USER, TEST_EMAIL and EXTERNAL. */
  @Column({ type: 'text', nullable: true })
  toAddress: string | null;

  @Column({ type: 'text' })
  subject: string;

  /** HTML body. */
  @Column({ type: 'text' })
  content: string;

  @Index()
  @Column({ type: 'text', default: BulkMessageStatus.QUEUED })
  status: BulkMessageStatus;

  @Column({ type: 'integer', default: 0 })
  totalCount: number;

  @Column({ type: 'integer', default: 0 })
  sentCount: number;

  @Column({ type: 'integer', default: 0 })
  failedCount: number;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<ConsumerEntity> | null;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
