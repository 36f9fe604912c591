import { RecordState } from '@hearth/shared';
import { Check, Column, Entity, Index } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';

/** A job posting on the careers page (spec §3 Job); addressed by its unique title. */
@Entity('job')
@Check(inList('status', RecordState))
export class JobEntity extends TimestampedEntity {
  @Column({ type: 'text', unique: true })
  title: string;

  /** e.g. Full-time, Contract. */
  @Column({ type: 'text', nullable: true })
  type: string | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  /** Sanitised HTML. */
  @Column({ type: 'text' })
  htmlDescription: string;

  @Index()
  @Column({ type: 'text', default: RecordState.ACTIVE })
  status: RecordState;
}
