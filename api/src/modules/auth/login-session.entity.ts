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

  /** Idle expiry (last seen + 1 hour), moved forward on use, never past created + 12 hours. */
  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'boolean', default: false })
  registrationPending: boolean;

  /** When the user last proved who they are at the provider (the ID token's `auth_time`), for step-up. */
  @Column({ type: 'timestamptz', nullable: true })
  authTime: Date | null;

  /** The ID token's `acr` (authentication context, e.g. MFA), checked on admin routes when configured. */
  @Column({ type: 'text', nullable: true })
  acr: string | null;

  /** The browser's User-Agent at sign-in (cut to 300 characters), to recognise the device in the list. */
  @Column({ type: 'text', nullable: true })
  userAgent: string | null;
}
