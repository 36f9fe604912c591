import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { SCHEDULED_JOB_METADATA, type ScheduledJob } from './on-scheduled-job.decorator.js';

/** A declared scheduled job and the call that runs it. */
export interface ScheduledJobHandler {
  job: ScheduledJob;
  /** `Class.method`, for messages. */
  declaredBy: string;
  run: () => Promise<unknown>;
}

/**
 * Finds every `@OnScheduledJob` handler among the worker's providers. Discovery reads only decorator
 * metadata, so this file imports no domain module: the worker module decides which ones are loaded.
 */
@Injectable()
export class ScheduledJobsRegistry {
  private handlers: Map<string, ScheduledJobHandler> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** The declared jobs, by name. Two different methods declaring one name is a programming error. */
  all(): Map<string, ScheduledJobHandler> {
    if (this.handlers) return this.handlers;
    const found = new Map<string, ScheduledJobHandler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown> | null;
      if (!prototype) continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[method];
        if (typeof handler !== 'function') continue;
        const job = this.reflector.get<ScheduledJob | undefined>(SCHEDULED_JOB_METADATA, handler);
        if (!job) continue;
        const declaredBy = `${instance.constructor.name}.${method}`;
        const existing = found.get(job.name);
        // A provider listed by two modules has two instances of one class: the first one serves.
        if (existing && existing.declaredBy !== declaredBy) {
          throw new Error(
            `Scheduled job ${job.name} is declared twice: by ${existing.declaredBy} and ${declaredBy}`,
          );
        }
        if (!existing)
          found.set(job.name, {
            job,
            declaredBy,
            run: () => (handler as () => Promise<unknown>).call(instance),
          });
      }
    }
    this.handlers = found;
    return found;
  }
}
