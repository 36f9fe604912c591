import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { CleanCategory } from '@hearth/shared';
import { ClockService } from '../../../common/clock/clock.service.js';
import type { Principal } from '../../../common/http/principal.js';
import { notFound } from '../../../common/problem/problem.exception.js';
import { QUEUES } from '../../../queue/queues.js';
import { AuditService } from '../../audit/audit.service.js';
import type { CleanReportDto, CleanRunDto, CleanRunState, StartCleanDto } from '../dto/clean.dto.js';
import { CLEAN_JOB, progressOf, type CleanJobData, type CleanProgress } from './clean-job.js';
import { CLEAN_CATEGORIES, cutoffOf } from './clean-retention.js';
import { CleanSourcesService } from './clean-sources.service.js';

/** A job's attempts: deleting is idempotent, so a retry (after a worker restart, say) goes on where it stopped. */
const CLEAN_JOB_ATTEMPTS = 3;

const STATES: Record<string, CleanRunState> = { active: 'RUNNING', completed: 'DONE', failed: 'FAILED' };

/**
 * The admin's clean of expired data (issue 18, spec §6 "cleaning data"): the dry run (what would go, with
 * the cut-offs), the request (audited, then a job on the `maintenance` queue that the worker runs in
 * batches) and the job's progress.
 */
@Injectable()
export class AdminCleanService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.MAINTENANCE) private readonly queue: Queue<CleanJobData>,
    private readonly sources: CleanSourcesService,
    private readonly audit: AuditService,
    private readonly clock: ClockService,
  ) {}

  async dryRun(categories: readonly CleanCategory[] = CLEAN_CATEGORIES): Promise<CleanReportDto> {
    const now = this.clock.now();
    const rows = await Promise.all(
      categories.map(async (category) => {
        const cutoff = cutoffOf(category, now);
        return {
          category,
          count: await this.sources.of(category).count(cutoff),
          cutoff: cutoff.toISOString(),
        };
      }),
    );
    return { checkedAt: now.toISOString(), categories: rows };
  }

  /**
   * Counts what will go (the dry run, with the cut-offs the job then uses), writes the one audit row of the
   * request and queues the job in the same transaction: a job that could not be queued leaves no audit row.
   */
  async start(actor: Principal, dto: StartCleanDto): Promise<CleanRunDto> {
    const chosen = CLEAN_CATEGORIES.filter((c) => !dto.categories || dto.categories.includes(c));
    const report = await this.dryRun(chosen);
    const data: CleanJobData = {
      categories: chosen,
      cutoffs: Object.fromEntries(report.categories.map((r) => [r.category, r.cutoff])),
      expected: Object.fromEntries(report.categories.map((r) => [r.category, r.count])),
    };
    const id = randomUUID();
    await this.db.transaction(async (m) => {
      await this.audit.record(m, actor, {
        action: 'database.clean',
        targetType: 'clean_job',
        targetId: id,
        after: { categories: chosen, counts: data.expected, cutoffs: data.cutoffs },
      });
      await this.queue.add(CLEAN_JOB, data, {
        jobId: id,
        attempts: CLEAN_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: 5000 },
      });
    });
    return this.view(id);
  }

  async view(id: string): Promise<CleanRunDto> {
    const job = (await this.queue.getJob(id)) as Job<CleanJobData, CleanProgress> | undefined;
    if (!job || job.name !== CLEAN_JOB) throw notFound(`Clean ${id} was not found.`, { id });
    const state = STATES[await job.getState()] ?? 'QUEUED';
    const progress = progressOf(state === 'DONE' ? job.returnvalue : job.progress);
    const categories = job.data.categories.map((category) => ({
      category,
      expected: job.data.expected[category] ?? 0,
      removed: progress.removed[category] ?? 0,
      cutoff: job.data.cutoffs[category] ?? new Date(job.timestamp).toISOString(),
      done: progress.done.includes(category),
    }));
    return {
      id,
      state,
      requestedAt: new Date(job.timestamp).toISOString(),
      finishedAt:
        state === 'DONE' || state === 'FAILED' ? new Date(job.finishedOn ?? Date.now()).toISOString() : null,
      categories,
      removed: categories.reduce((sum, c) => sum + c.removed, 0),
      expected: categories.reduce((sum, c) => sum + c.expected, 0),
      error: state === 'FAILED' ? (job.failedReason ?? 'The clean failed.') : null,
    };
  }
}
