import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/** A chef's bank account registered with the payout gateway (spec §3 Bank beneficiary). */
@Entity('bank_beneficiary')
export class BankBeneficiaryEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  /** The gateway's beneficiary id. */
  @Column({ type: 'text', unique: true })
  beneId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  bankAccount: string;

  @Column({ type: 'text' })
  ifsc: string;

  @Column({ type: 'text', nullable: true })
  address1: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'text', nullable: true })
  pincode: string | null;

  /** When Cashfree Payouts accepted the beneficiary (POST /payout/beneficiary); null: not registered yet. */
  @Column({ type: 'timestamptz', nullable: true })
  registeredAt: Date | null;
}
