import { EnquiryStatus } from '@hearth/shared';
import { Check, Column, Entity, Index } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import type { InboxAction } from './inbox-action.js';

/**
 * A message sent through the contact-us form (spec §3 Contact message), the last answer given, and its
 * handling: OPEN or CLOSED like an enquiry, with every answer, close and reopen in the action history.
 */
@Entity('contact_message')
@Check(inList('status', EnquiryStatus))
export class ContactMessageEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  legalName: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text', nullable: true })
  response: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  respondedAt: Date | null;

  @Index()
  @Column({ type: 'text', default: EnquiryStatus.OPEN })
  status: EnquiryStatus;

  @Column({ type: 'jsonb', default: [] })
  actionHistory: InboxAction[];
}
