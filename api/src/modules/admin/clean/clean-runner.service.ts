import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { CLEAN_BATCH_SIZE } from './clean-retention.js';
import { progressOf, type CleanJobData, type CleanProgress } from './clean-job.js';
import { CleanSourcesService } from './clean-sources.service.js';

/**
 * Runs a clean job: each chosen kind in turn, CLEAN_BATCH_SIZE rows (or files) per statement, reporting
 * progress after every batch. A retried job starts from the progress it reported, skipping finished kinds
 * (the rows already gone are simply not found again).
 */
@Injectable()
export class CleanRunnerService {
  constructor(private readonly sources: CleanSourcesService) {}

  async run(job: Job<CleanJobData>): Promise<CleanProgress> {
    const progress = progressOf(job.progress);
    for (const category of job.data.categories) {
      if (progress.done.includes(category)) continue;
      const source = this.sources.of(category);
      const cutoff = new Date(job.data.cutoffs[category] ?? Date.now());
      for (;;) {
        const removed = await source.deleteBatch(cutoff, CLEAN_BATCH_SIZE);
        progress.removed[category] = (progress.removed[category] ?? 0) + removed;
        if (removed < CLEAN_BATCH_SIZE) break;
        await job.updateProgress(progress);
      }
      progress.done.push(category);
      await job.updateProgress(progress);
    }
    return progress;
  }
}
