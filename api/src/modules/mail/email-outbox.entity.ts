import { EmailState } from '@hearth/shared';
import { Check, Column, Entity, Index } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';

/**
 * Every e-mail the platform sends, recorded before sending: the outbox admins read when no SMTP server
 * is configured, and the record of what went out when one is.
 */
@Entity('email_outbox')
@Check(inList('state', EmailState))
@Index(['relatedType', 'relatedId'])
export class EmailOutboxEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  toAddress: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post of a subscription e-mail (RFC 8058). */
  @Column({ type: 'jsonb', nullable: true })
  headers: Record<string, string> | null;

  @Index()
  @Column({ type: 'text', default: EmailState.QUEUED })
  state: EmailState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** Message-ID the mail server gave. */
  @Column({ type: 'text', nullable: true })
  messageId: string | null;

  /** What the e-mail is about, e.g. ('order', <id>) or ('bulk_message_recipient', <id>). */
  @Column({ type: 'text', nullable: true })
  relatedType: string | null;

  @Column({ type: 'uuid', nullable: true })
  relatedId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
