import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  JOB_APPLICATION_MOVES,
  JOB_APPLICATION_STATUS_LABELS,
  ProblemType,
  RecordState,
} from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService, type OutgoingMail } from '../mail/outbox.service.js';
import { StorageAdapter, type StoredFile } from '../storage/storage.adapter.js';
import { UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type {
  ApplyForJobDto,
  JobApplicationDto,
  JobApplicationReceivedDto,
  JobApplicationsQuery,
  MoveJobApplicationDto,
} from './dto/job.dto.js';
import { JobApplicationEntity } from './job-application.entity.js';
import { applicationReceivedMail, applicationStatusMail } from './job-mails.js';
import type { JobEntity } from './job.entity.js';
import { JobsService } from './jobs.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toDto = (a: JobApplicationEntity): JobApplicationDto => ({
  id: a.id,
  jobId: a.jobId,
  fullName: a.fullName,
  email: a.email,
  phone: a.phone,
  address: a.address,
  resumePath: a.resumePath,
  status: a.status,
  nextStatuses: [...JOB_APPLICATION_MOVES[a.status]],
  receivedAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/** What the audit trail keeps of an application (no contact details beyond the name). */
const snapshot = (a: JobApplicationEntity): Record<string, unknown> => ({
  jobId: a.jobId,
  fullName: a.fullName,
  status: a.status,
});

const applicationNotFound = (id: string) => notFound(`Application ${id} was not found.`, { id });

/**
 * Applications for job postings (spec §3 Job application): anyone applies to an ACTIVE posting with a
 * résumé (PDF, DOC or DOCX, stored privately) and gets an acknowledgement e-mail; admins list them, read
 * the résumé (audited) and move them through their states, the applicant e-mailed on interview, rejected
 * and hired.
 */
@Injectable()
export class JobApplicationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: JobsService,
    private readonly uploads: UploadService,
    private readonly storage: StorageAdapter,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Stores an application with its résumé and stages the acknowledgement in the same transaction; an
   * archived posting refuses it (409) before anything is stored, and a failed insert removes the file.
   */
  async apply(
    jobId: string,
    dto: ApplyForJobDto,
    file: UploadedBlob | undefined,
  ): Promise<JobApplicationReceivedDto> {
    const job = await this.jobs.get(jobId);
    refuseClosed(job);
    const resume = await this.uploads.storeResume(file, `careers/${job.id}`, 'resume');
    try {
      const { result, outboxIds } = await this.db.transaction(async (m) => {
        // The posting may have been archived while the file was stored.
        refuseClosed(await this.jobs.get(jobId, m));
        const repo = m.getRepository(JobApplicationEntity);
        const saved = await repo.save(
          repo.create({
            jobId: job.id,
            fullName: dto.fullName,
            email: dto.email,
            phone: dto.phone ?? null,
            address: dto.address ?? null,
            resumePath: resume.key,
          }),
        );
        const mail: OutgoingMail = {
          to: saved.email,
          ...applicationReceivedMail({ fullName: saved.fullName, jobTitle: job.title }),
          relatedType: 'job-application',
          relatedId: saved.id,
        };
        return {
          result: { id: saved.id, jobTitle: job.title, receivedAt: saved.createdAt.toISOString() },
          outboxIds: await this.outbox.stage(m, [mail]),
        };
      });
      await this.outbox.enqueue(outboxIds);
      return result;
    } catch (error) {
      await this.uploads.discard([resume.key]);
      throw error;
    }
  }

  /** A page of a posting's applications (any posting status), newest first, optionally in one state. */
  async list(
    jobId: string,
    query: JobApplicationsQuery,
  ): Promise<{ items: JobApplicationDto[]; total: number }> {
    const job = await this.jobs.get(jobId);
    const [rows, total] = await this.db.getRepository(JobApplicationEntity).findAndCount({
      where: { jobId: job.id, ...(query.status ? { status: query.status } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: query.page * query.size,
      take: query.size,
    });
    return { items: rows.map(toDto), total };
  }

  /**
   * Moves an application to the next state if JOB_APPLICATION_MOVES allows it (409 otherwise), with one audit
   * row and, on interview, rejected or hired, an e-mail to the applicant, all in one transaction.
   */
  async move(
    actor: Principal,
    jobId: string,
    appId: string,
    dto: MoveJobApplicationDto,
  ): Promise<JobApplicationDto> {
    const { result, outboxIds } = await this.db.transaction(async (m) => {
      const job = await this.jobs.get(jobId, m);
      const app = await this.lock(m, job.id, appId);
      const allowed = JOB_APPLICATION_MOVES[app.status];
      if (!allowed.includes(dto.status)) throw refusedMove(app, dto.status, allowed);
      const before = snapshot(app);
      app.status = dto.status;
      const saved = await m.getRepository(JobApplicationEntity).save(app);
      await this.audit.record(m, actor, {
        action: 'job-application.status',
        targetType: 'job-application',
        targetId: app.id,
        before,
        after: snapshot(saved),
      });
      const rendered = applicationStatusMail(dto.status, { fullName: app.fullName, jobTitle: job.title });
      const mails: OutgoingMail[] = rendered
        ? [{ to: app.email, ...rendered, relatedType: 'job-application', relatedId: app.id }]
        : [];
      return { result: toDto(saved), outboxIds: await this.outbox.stage(m, mails) };
    });
    await this.outbox.enqueue(outboxIds);
    return result;
  }

  /** An application's résumé for an admin, the read recorded on the audit trail (a private document). */
  async readResume(
    actor: Principal,
    jobId: string,
    appId: string,
  ): Promise<{ file: StoredFile; fileName: string }> {
    const job = await this.jobs.get(jobId);
    const app = await this.find(this.db.manager, job.id, appId);
    const file = app.resumePath ? await this.storage.get(app.resumePath) : null;
    if (!file || !app.resumePath) throw notFound(`Application ${appId} has no résumé.`, { id: appId });
    await this.audit.recordAlone(actor, {
      action: 'job-application.resume.read',
      targetType: 'job-application',
      targetId: app.id,
      after: { key: app.resumePath },
    });
    const ext = app.resumePath.slice(app.resumePath.lastIndexOf('.') + 1);
    const base = app.fullName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'applicant';
    return { file, fileName: `resume-${base}.${ext}` };
  }

  private async find(m: EntityManager, jobId: string, appId: string): Promise<JobApplicationEntity> {
    const app = UUID.test(appId)
      ? await m.getRepository(JobApplicationEntity).findOneBy({ id: appId, jobId })
      : null;
    if (!app) throw applicationNotFound(appId);
    return app;
  }

  private async lock(m: EntityManager, jobId: string, appId: string): Promise<JobApplicationEntity> {
    if (!UUID.test(appId)) throw applicationNotFound(appId);
    const app = await m
      .getRepository(JobApplicationEntity)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.id = :appId AND a.job_id = :jobId', { appId, jobId })
      .getOne();
    if (!app) throw applicationNotFound(appId);
    return app;
  }
}

/** 409 for an archived posting: it takes no applications. */
function refuseClosed(job: JobEntity): void {
  if (job.status !== RecordState.ACTIVE)
    throw new ProblemException(HttpStatus.CONFLICT, {
      type: ProblemType.CONFLICT,
      detail: `The position "${job.title}" is no longer open, so it takes no applications. See our other open roles.`,
      message: 'error.job.closed',
      params: { id: job.id, title: job.title },
    });
}

/** 409 naming the move refused and the moves allowed. */
function refusedMove(app: JobApplicationEntity, to: string, allowed: readonly string[]): ProblemException {
  const label = (s: string) =>
    JOB_APPLICATION_STATUS_LABELS[s as keyof typeof JOB_APPLICATION_STATUS_LABELS] ?? s;
  const next = allowed.length
    ? `From ${label(app.status)} it can move to ${allowed.map(label).join(' or ')}.`
    : `${label(app.status)} is final.`;
  return new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.CONFLICT,
    detail: `An application that is ${label(app.status)} cannot move to ${label(to)}. ${next}`,
    message: 'error.jobApplication.move',
    params: { id: app.id, from: app.status, to, allowed },
  });
}
