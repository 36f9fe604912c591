import {
  BulkMessageKind,
  BulkMessageStatus,
  BulkTargetGroup,
  ContentFormat,
  ContentType,
} from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/**
 * An e-mail sent to many people (spec §3 Bulk message): an admin's announcement to a target group, or a
 * chef's news to their subscribers. Each recipient's delivery is a `bulk_message_recipient` row; the
 * fan-out pages the audience into those rows (ADR 021).
 */
@Entity('bulk_message')
@Check(inList('kind', BulkMessageKind))
@Check(inList('target_group', BulkTargetGroup))
@Check(inList('template_type', ContentType))
@Check(inList('content_format', ContentFormat))
@Check(inList('status', BulkMessageStatus))
@Check(`"kind" <> 'ANNOUNCEMENT' OR "target_group" IS NOT NULL`)
export class BulkMessageEntity extends TimestampedEntity {
  @Column({ type: 'text', default: BulkMessageKind.ANNOUNCEMENT })
  kind: BulkMessageKind;

  /** spec template_type: the layout (HEALTH_TIP, ITEM_DETAILS); null: the content as written. */
  @Column({ type: 'text', nullable: true })
  templateType: ContentType | null;

  /** The audience of an announcement (spec §6 target groups); null for a chef's news. */
  @Column({ type: 'text', nullable: true })
  targetGroup: BulkTargetGroup | null;

  /**
   * spec target_chef: narrows CUSTOMERS to one kitchen's customers and subscribers; for CHEF_NEWS the chef
   * whose subscribers receive it.
   */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  publisherId: string | null;

  @ManyToOne(() => PublisherEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity> | null;

  /** spec `to`: the addresses of EXTERNAL (one per line), the address of ONE_USER and TEST_EMAIL. */
  @Column({ type: 'text', nullable: true })
  toAddress: string | null;

  @Column({ type: 'text' })
  subject: string;

  /** What the author wrote (Markdown or HTML, see contentFormat). */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', default: ContentFormat.MARKDOWN })
  contentFormat: ContentFormat;

  /** ITEM_DETAILS: the items whose pictures and prices the layout shows. */
  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  itemIds: string[];

  /** The sanitised, laid-out body as sent (rendered once when sending starts); per-recipient links are added at send time. */
  @Column({ type: 'text', nullable: true })
  html: string | null;

  /** The plain-text alternative of {@link html}. */
  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Index()
  @Column({ type: 'text', default: BulkMessageStatus.QUEUED })
  status: BulkMessageStatus;

  /** Recipients chosen so far (all of them once the fan-out is done). */
  @Column({ type: 'integer', default: 0 })
  totalCount: number;

  @Column({ type: 'integer', default: 0 })
  sentCount: number;

  @Column({ type: 'integer', default: 0 })
  failedCount: number;

  /** Recipients not sent to: unsubscribed, or left when the message was cancelled. */
  @Column({ type: 'integer', default: 0 })
  skippedCount: number;

  /** Keyset position of the fan-out in its audience (the last key paged), so a restarted fan-out resumes. */
  @Column({ type: 'text', nullable: true })
  fanoutCursor: string | null;

  @Column({ type: 'boolean', default: false })
  fanoutDone: boolean;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<ConsumerEntity> | null;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  pausedAt: Date | null;

  /** Why the message paused itself (e.g. no SMTP server is configured); null when an admin paused it. */
  @Column({ type: 'text', nullable: true })
  pausedReason: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
