import { SetMetadata } from '@nestjs/common';

/** A queue job that the worker runs on a schedule, on the `scheduled` queue. */
export interface ScheduledJob {
  /** Job name, also the scheduler's id (one schedule however many workers run). */
  name: string;
  /** Cron pattern, in UTC. */
  pattern: string;
}

/** Metadata key of {@link OnScheduledJob}. */
export const SCHEDULED_JOB_METADATA = 'hearth:scheduled-job';

/**
 * Declares the decorated service method as the handler of a scheduled queue job (Immich's job-handler
 * style): the handler sits next to the work, and the worker's one generic processor of the `scheduled`
 * queue (`ScheduledJobsProcessor`) finds it, schedules it and calls it by name. The method takes no
 * arguments and must be idempotent (a missed or repeated run does no harm).
 */
export const OnScheduledJob = (job: ScheduledJob): MethodDecorator =>
  SetMetadata(SCHEDULED_JOB_METADATA, job);
