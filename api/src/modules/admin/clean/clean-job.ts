import type { CleanCategory } from '@hearth/shared';

/** Name of the clean job on the `maintenance` queue. */
export const CLEAN_JOB = 'clean';

/** The job's data: small JSON, fixed when the admin asked (the cut-offs too, so the dry run's counts hold). */
export interface CleanJobData {
  categories: CleanCategory[];
  /** ISO instants by category. */
  cutoffs: Partial<Record<CleanCategory, string>>;
  /** The dry run's counts when the clean was asked for. */
  expected: Partial<Record<CleanCategory, number>>;
}

/** The job's progress (and, once done, its result): removed so far by category, and the categories finished. */
export interface CleanProgress {
  removed: Partial<Record<CleanCategory, number>>;
  done: CleanCategory[];
}

/** Progress of a job that has reported none yet (BullMQ's default progress is the number 0). */
export function progressOf(value: unknown): CleanProgress {
  if (value && typeof value === 'object' && 'removed' in value && 'done' in value) {
    const p = value as CleanProgress;
    return { removed: { ...p.removed }, done: [...p.done] };
  }
  return { removed: {}, done: [] };
}
