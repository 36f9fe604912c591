import { EnquiryStatus, EnquiryType } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import type { InboxAction } from './inbox-action.js';

/** One step of an enquiry's handling. */
export type EnquiryAction = InboxAction;

/**
 * An enquiry (spec §3): general, to a chef, or about pricing. spec `isResolved` is `status = 'CLOSED'`
 * (one column, so the two can never disagree).
 */
@Entity('enquiry')
@Check(inList('status', EnquiryStatus))
@Check(inList('enquiry_type', EnquiryType))
export class EnquiryEntity extends TimestampedEntity {
  @Column({ type: 'text', nullable: true })
  firstName: string | null;

  @Column({ type: 'text', nullable: true })
  lastName: string | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  message: string;

  @Index()
  @Column({ type: 'text', default: EnquiryStatus.OPEN })
  status: EnquiryStatus;

  @Column({ type: 'text', default: EnquiryType.ENQUIRY_GENERAL })
  enquiryType: EnquiryType;

  /** Storage keys. */
  @TextArrayColumn()
  attachments: string[];

  /** Storage keys. */
  @TextArrayColumn()
  pictures: string[];

  @Column({ type: 'jsonb', default: [] })
  actionHistory: EnquiryAction[];

  /** ENQUIRY_FOR_PRICING: the day of the event (YYYY-MM-DD). */
  @Column({ type: 'date', nullable: true })
  eventDate: string | null;

  /** ENQUIRY_FOR_PRICING: how many people are expected. */
  @Column({ type: 'integer', nullable: true })
  headcount: number | null;

  /** ENQUIRY_FOR_PRICING: the sender's budget in minor units (cents), when given. */
  @Column({ type: 'integer', nullable: true })
  budgetMinor: number | null;

  /** The chef an ENQUIRY_TO_CHEF is addressed to. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  publisherId: string | null;

  @ManyToOne(() => PublisherEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity> | null;

  /** The signed-in sender, if any. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  consumerId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity> | null;
}
