import { Column, Entity } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';

/** A message sent through the contact-us form (spec §3 Contact message), and the answer given. */
@Entity('contact_message')
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
}
