import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';

/**
 * The append-only audit trail (S-10, ADR 017): one row per admin action and payout-account change, written
 * in the same transaction as the change itself. A trigger refuses UPDATE and DELETE, so not even the app's
 * own database role can rewrite history. The actor is kept as a plain id (no foreign key: deleting an
 * account must not touch the trail).
 */
@Entity('audit_log')
@Index(['targetType', 'targetId'])
export class AuditLogEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid', nullable: true })
  actorConsumerId: string | null;

  /** The role the actor acted as (ROLE_ADMIN, ROLE_CHEF, …). */
  @Column({ type: 'text' })
  actorRole: string;

  /** What happened, e.g. `publisher.approve`, `kitchen-fee.set`, `payout-account.change`. */
  @Index()
  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  targetType: string;

  @Column({ type: 'text', nullable: true })
  targetId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  requestId: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;
}
