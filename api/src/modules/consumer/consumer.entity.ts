import { ConsumerStatus, type Role } from '@hearth/shared';
import { Check, Column, Entity, Index, OneToMany, type Relation } from 'typeorm';
import { inList, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerAddressEntity } from './consumer-address.entity.js';

/**
 * A signed-in person (spec §3 User/consumer), created or updated from the identity token on every login.
 * Whether the person is an approved chef comes from their `publisher` row, not from here.
 */
@Entity('consumer')
@Check(inList('status', ConsumerStatus))
/** Bulk messages page people by lower-cased address (migration 1795510000000; an expression index). */
@Index('idx_consumer_user_email_lower', { synchronize: false })
export class ConsumerEntity extends TimestampedEntity {
  /** Subject id of the identity provider's token. */
  @Column({ type: 'text', unique: true })
  keycloakId: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  userName: string | null;

  @Column({ type: 'text', nullable: true })
  userEmail: string | null;

  /** Roles as last seen in the token (ROLE_USER, ROLE_CHEF, ROLE_ADMIN). */
  @TextArrayColumn()
  roles: Role[];

  @Column({ type: 'text', default: ConsumerStatus.ACTIVE })
  status: ConsumerStatus;

  @Column({ type: 'text', nullable: true })
  disabledReason: string | null;

  /** Contact details the customer gave (name, e-mail, phone), copied into each order. */
  @Column({ type: 'jsonb', nullable: true })
  contactDetails: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  country: string | null;

  @Column({ type: 'text', nullable: true })
  chefCountry: string | null;

  /** IANA time zone name. */
  @Column({ type: 'text', nullable: true })
  timeZone: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** Delivery addresses (spec consumerLocations); the first saved one is the manual search location. */
  @OneToMany(() => ConsumerAddressEntity, (address) => address.consumer)
  addresses: Relation<ConsumerAddressEntity[]>;
}
