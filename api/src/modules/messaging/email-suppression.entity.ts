import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { BulkMessageEntity } from './bulk-message.entity.js';

/** How an address came to be on the unsubscribe list. */
export const SuppressionSource = {
  /** The unsubscribe page, from the link in an e-mail. */
  LINK: 'LINK',
  /** RFC 8058 one-click POST from the mail client. */
  ONE_CLICK: 'ONE_CLICK',
  /** An admin, on the person's request. */
  ADMIN: 'ADMIN',
} as const;
export type SuppressionSource = (typeof SuppressionSource)[keyof typeof SuppressionSource];

/**
 * Addresses that unsubscribed from Hearth's bulk e-mail (announcements and chefs' news): every later bulk
 * send skips them. Transactional e-mail (orders, sign-in) is not affected. Resubscribing deletes the row.
 */
@Entity('email_suppression')
@Check(inList('source', SuppressionSource))
export class EmailSuppressionEntity extends TimestampedEntity {
  /** Lower-cased. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  source: SuppressionSource;

  /** The message whose link was used, when known. */
  @Column({ type: 'uuid', nullable: true })
  bulkMessageId: string | null;

  @ManyToOne(() => BulkMessageEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'bulk_message_id' })
  bulkMessage: Relation<BulkMessageEntity> | null;
}
