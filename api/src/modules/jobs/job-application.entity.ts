import { JobApplicationStatus } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { JobEntity } from './job.entity.js';

/** An application to a job (spec §3 Job application). */
@Entity('job_application')
@Check(inList('status', JobApplicationStatus))
export class JobApplicationEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  @Column({ type: 'text' })
  fullName: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  /** Storage key of the uploaded résumé. */
  @Column({ type: 'text', nullable: true })
  resumePath: string | null;

  @Column({ type: 'text', default: JobApplicationStatus.RECEIVED })
  status: JobApplicationStatus;
}
