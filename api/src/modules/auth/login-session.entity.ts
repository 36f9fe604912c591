import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';

/**
 * A browser's login (backend-for-frontend): the cookie carries an opaque random id, and only its
 * SHA-256 hash is stored, so a leaked table cannot be replayed as cookies. Tokens stay server-side.
 */
@Entity('login_session')
export class LoginSessionEntity extends TimestampedEntity {
  /** Hex SHA-256 of the cookie's opaque id. */
  @Column({ type: 'text', unique: true })
  idHash: string;

  @Index()
  @Column({ type: 'uuid' })
  consumerId: string;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity>;

  @Column({ type: 'text', nullable: true })
  idToken: string | null;

  @Column({ type: 'text' })
  accessToken: string;

  @Column({ type: 'text', nullable: true })
  refreshToken: string | null;

  @Column({ type: 'timestamptz' })
  accessTokenExpiresAt: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;

  /** Idle expiry (last seen + 1 hour), moved forward on use. */
  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'boolean', default: false })
  registrationPending: boolean;
}
