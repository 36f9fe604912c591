import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { JobApplicationStatus, ProblemType, RecordState, Role, hasRole } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { conflict, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import type { AdminJobDto, JobApplicationCountsDto, JobDto, SaveJobDto } from './dto/job.dto.js';
import { sanitizeJobDescription } from './job-description.js';
import { JobEntity } from './job.entity.js';

export const mapJob = (j: JobEntity): JobDto => ({
  id: j.id,
  title: j.title,
  type: j.type,
  location: j.location,
  htmlDescription: j.htmlDescription,
  status: j.status,
});

/** What the audit trail keeps of a posting (its fields, not its description's history beyond this). */
const snapshot = (j: JobEntity): Record<string, unknown> => ({ ...mapJob(j) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 for a posting that does not exist (or that the caller may not see). */
export const jobNotFound = (id: string) => notFound(`Job ${id} was not found.`, { id });

const titleTaken = (title: string) =>
  new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.CONFLICT,
    detail: `A posting called "${title}" already exists. Choose another title.`,
    message: 'error.job.titleTaken',
    params: { title },
    fieldErrors: [{ field: 'title', message: `A posting called "${title}" already exists.` }],
  });

/**
 * Job postings (spec §3 Job): the public careers pages read the ACTIVE ones; admins create, edit, archive
 * and reopen them. Every admin change writes one audit row in its own transaction.
 */
@Injectable()
export class JobsService {
  constructor(
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Open positions, alphabetically. */
  async listOpen(): Promise<JobDto[]> {
    const rows = await this.jobs.find({ where: { status: RecordState.ACTIVE }, order: { title: 'ASC' } });
    return rows.map(mapJob);
  }

  /** An open position by its title (the careers page addresses postings by title). */
  async findOpenByTitle(title: string): Promise<JobDto> {
    const job = await this.jobs
      .createQueryBuilder('j')
      .where('lower(j.title) = lower(:title)', { title })
      .andWhere('j.status = :status', { status: RecordState.ACTIVE })
      .getOne();
    if (!job) throw notFound(`No open position is called "${title}".`, { title });
    return mapJob(job);
  }

  /** One posting: admins see any, everyone else only an ACTIVE one (the same 404 otherwise). */
  async findVisible(actor: Principal | undefined, id: string): Promise<JobDto> {
    const job = await this.get(id);
    if (job.status !== RecordState.ACTIVE && !(actor && hasRole(actor, Role.ADMIN))) throw jobNotFound(id);
    return mapJob(job);
  }

  /** Every posting (active first, then by title) with its applications counted by state, for admins. */
  async listAll(): Promise<AdminJobDto[]> {
    const rows = await this.jobs.find({ order: { status: 'ASC', title: 'ASC' } });
    const counts: Array<{ job_id: string; status: JobApplicationStatus; n: number }> = await this.db.query(
      `SELECT job_id, status, count(*)::int AS n FROM job_application GROUP BY job_id, status`,
    );
    return rows.map((j) => {
      const applications = emptyCounts();
      for (const c of counts) if (c.job_id === j.id) applications[c.status] = c.n;
      return {
        ...mapJob(j),
        applications,
        totalApplications: Object.values(applications).reduce((a, b) => a + b, 0),
        updatedAt: j.updatedAt.toISOString(),
      };
    });
  }

  /** A new ACTIVE posting; its title must be new (whatever the case). */
  async create(actor: Principal, dto: SaveJobDto): Promise<JobDto> {
    return this.write(async (m) => {
      await this.refuseTakenTitle(m, dto.title, null);
      const inserted = await m.getRepository(JobEntity).save(
        m.getRepository(JobEntity).create({
          title: dto.title,
          type: dto.type ?? null,
          location: dto.location ?? null,
          htmlDescription: this.description(dto.htmlDescription),
          status: RecordState.ACTIVE,
        }),
      );
      await this.audit.record(m, actor, {
        action: 'job.create',
        targetType: 'job',
        targetId: inserted.id,
        after: snapshot(inserted),
      });
      return mapJob(inserted);
    }, dto.title);
  }

  /** Replaces a posting's title, type, location and description (its status stays). */
  async update(actor: Principal, id: string, dto: SaveJobDto): Promise<JobDto> {
    return this.write(async (m) => {
      const job = await this.lock(m, id);
      const before = snapshot(job);
      await this.refuseTakenTitle(m, dto.title, id);
      job.title = dto.title;
      job.type = dto.type ?? null;
      job.location = dto.location ?? null;
      job.htmlDescription = this.description(dto.htmlDescription);
      const saved = await m.getRepository(JobEntity).save(job);
      await this.audit.record(m, actor, {
        action: 'job.update',
        targetType: 'job',
        targetId: id,
        before,
        after: snapshot(saved),
      });
      return mapJob(saved);
    }, dto.title);
  }

  /** Archives (no longer listed, no applications) or reopens a posting; 409 when it already is so. */
  async setStatus(actor: Principal, id: string, status: RecordState): Promise<JobDto> {
    return this.write(async (m) => {
      const job = await this.lock(m, id);
      if (job.status === status)
        throw conflict(
          status === RecordState.ARCHIVED
            ? `The posting "${job.title}" is already archived.`
            : `The posting "${job.title}" is already open.`,
          'error.job.status',
          { id, status },
        );
      const before = snapshot(job);
      job.status = status;
      const saved = await m.getRepository(JobEntity).save(job);
      await this.audit.record(m, actor, {
        action: status === RecordState.ARCHIVED ? 'job.archive' : 'job.reopen',
        targetType: 'job',
        targetId: id,
        before,
        after: snapshot(saved),
      });
      return mapJob(saved);
    });
  }

  /** A posting in any status, or 404 (also for an id that is not a uuid). */
  async get(id: string, m: EntityManager = this.db.manager): Promise<JobEntity> {
    const job = UUID.test(id) ? await m.getRepository(JobEntity).findOneBy({ id }) : null;
    if (!job) throw jobNotFound(id);
    return job;
  }

  private async lock(m: EntityManager, id: string): Promise<JobEntity> {
    if (!UUID.test(id)) throw jobNotFound(id);
    const job = await m
      .getRepository(JobEntity)
      .createQueryBuilder('j')
      .setLock('pessimistic_write')
      .where('j.id = :id', { id })
      .getOne();
    if (!job) throw jobNotFound(id);
    return job;
  }

  private description(html: string): string {
    const clean = sanitizeJobDescription(html);
    if (!clean.replace(/<[^>]*>/g, '').trim())
      throw new ProblemException(HttpStatus.BAD_REQUEST, {
        type: ProblemType.VALIDATION,
        title: 'Bad Request',
        detail: 'The description has no text once formatting we do not allow is removed.',
        message: 'error.validation',
        fieldErrors: [{ field: 'htmlDescription', message: 'Enter a description.' }],
      });
    return clean;
  }

  private async refuseTakenTitle(m: EntityManager, title: string, exceptId: string | null): Promise<void> {
    const qb = m
      .getRepository(JobEntity)
      .createQueryBuilder('j')
      .where('lower(j.title) = lower(:title)', { title });
    if (exceptId) qb.andWhere('j.id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw titleTaken(title);
  }

  /** Runs an admin change in a transaction; a concurrent save of the same title is the same 409. */
  private async write<T>(work: (m: EntityManager) => Promise<T>, title?: string): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      const code = (error as { driverError?: { code?: string } }).driverError?.code;
      if (title && error instanceof QueryFailedError && code === '23505') throw titleTaken(title);
      throw error;
    }
  }
}

/** Every application state at 0. */
export function emptyCounts(): JobApplicationCountsDto {
  return Object.fromEntries(
    Object.values(JobApplicationStatus).map((s) => [s, 0]),
  ) as unknown as JobApplicationCountsDto;
}
