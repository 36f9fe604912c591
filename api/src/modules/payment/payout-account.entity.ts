import { Check, Column, Entity, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/** Gateways that hold an account of the chef's own (Cashfree payouts go to a bank beneficiary instead). */
export const PayoutAccountGateway = { STRIPE: 'stripe' } as const;
export type PayoutAccountGateway = (typeof PayoutAccountGateway)[keyof typeof PayoutAccountGateway];

/**
 * A kitchen's account at a gateway (spec §9 chef setting STRIPE): a Stripe Connect Express account, created by
 * `settings/setup-stripe-account` and marked ready by `settings/connect-stripe-account` or `account.updated`.
 * Card payment is offered for a kitchen only when `chargesEnabled`; transfers need `payoutsEnabled`.
 */
@Entity('payout_account')
@Unique(['publisherId', 'gateway'])
@Check(inList('gateway', PayoutAccountGateway))
export class PayoutAccountEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'text' })
  gateway: PayoutAccountGateway;

  /** The gateway's account id, e.g. acct_… */
  @Column({ type: 'text', unique: true })
  accountId: string;

  @Column({ type: 'boolean', default: false })
  chargesEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  payoutsEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  detailsSubmitted: boolean;
}
