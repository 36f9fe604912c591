import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { QueueModule } from '../../queue/queue.module.js';
import { QUEUES } from '../../queue/queues.js';
import { CartWorkerModule, GUEST_CART_EXPIRY_JOB, GuestCartExpiryService } from '../cart/guest-cart-expiry.js';
import { MenuDatesModule, MenuDatesService } from './menu-dates.service.js';

/** Job name (and scheduler id) of the daily menu auto-extension on the `scheduled` queue. */
export const MENU_AUTO_EXTEND_JOB = 'menu-auto-extend';
/** Every day at 03:15 UTC; the job is idempotent, so a missed or repeated run does no harm. */
export const MENU_AUTO_EXTEND_PATTERN = '15 3 * * *';

/**
 * Consumer of the `scheduled` queue. BullMQ hands a worker every job of its queue, so this is the one
 * processor of that queue: other scheduled jobs must be dispatched from here by name (an unknown name
 * fails at once rather than being retried).
 */
@Processor(QUEUES.SCHEDULED)
export class ScheduledJobsProcessor extends WorkerHost {
  constructor(
    private readonly dates: MenuDatesService,
    private readonly guestCarts: GuestCartExpiryService,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === MENU_AUTO_EXTEND_JOB) return this.dates.extendAutoExtending();
    if (job.name === GUEST_CART_EXPIRY_JOB) return this.guestCarts.deleteExpired();
    throw new UnrecoverableError(`Unknown scheduled job ${job.name}`);
  }
}

/**
 * The worker's side of menus: the daily auto-extension of recurring menus. It also hosts the `scheduled`
 * queue's one processor, hence the other domains' scheduled jobs (guest cart expiry).
 */
@Module({
  imports: [QueueModule, MenuDatesModule, CartWorkerModule],
  providers: [ScheduledJobsProcessor],
})
export class MenuWorkerModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(MenuWorkerModule.name);

  constructor(@InjectQueue(QUEUES.SCHEDULED) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      // One schedule however many workers run (upsert by id).
      await this.queue.upsertJobScheduler(MENU_AUTO_EXTEND_JOB, { pattern: MENU_AUTO_EXTEND_PATTERN, tz: 'UTC' }, { name: MENU_AUTO_EXTEND_JOB, data: {} });
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not schedule the menu auto-extension');
    }
  }
}
