import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';

/** Levels a client log entry can have. */
export const LogLevel = { DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/** A log line the web client sent (spec `log` endpoint), readable by admins. */
@Entity('log_entry')
@Check(inList('level', LogLevel))
// The admin's list groups recent entries by message (client-log.service.ts).
@Index('idx_log_entry_message_at', ['message', 'at'])
export class LogEntryEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  level: LogLevel;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'jsonb', default: {} })
  context: Record<string, unknown>;

  /** The error's stack, scrubbed of personal data and cut to 4 KB (client-log.service.ts). */
  @Column({ type: 'text', nullable: true })
  stack: string | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  consumerId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity> | null;

  @Index()
  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;
}
