import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { GUEST_CART_LIFETIME_MS } from '@hearth/shared';
import { Clock, ClockModule } from '../../common/clock/clock.js';
import { QueueModule } from '../../queue/queue.module.js';
import { QUEUES } from '../../queue/queues.js';

/** Job name (and scheduler id) of the daily guest cart expiry on the `scheduled` queue. */
export const GUEST_CART_EXPIRY_JOB = 'guest-cart-expiry';
/** Every day at 03:45 UTC; the job is idempotent, so a missed or repeated run does no harm. */
export const GUEST_CART_EXPIRY_PATTERN = '45 3 * * *';
/** Carts deleted per statement: each batch commits on its own, so a large backlog never holds many locks. */
const BATCH = 500;

/**
 * Deletes guests' carts (no consumer) not changed for GUEST_CART_LIFETIME_MS; their lines and dates go with
 * them (ON DELETE CASCADE). Customers' carts are never touched. A cart being changed right now is locked
 * by that change and skipped; a change that comes after the delete finds the cart gone and starts a new one.
 */
@Injectable()
export class GuestCartExpiryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async deleteExpired(): Promise<{ deleted: number }> {
    const changedBefore = new Date(this.clock.now().getTime() - GUEST_CART_LIFETIME_MS);
    let deleted = 0;
    for (;;) {
      const [, count] = (await this.db.query(
        `DELETE FROM cart WHERE id IN (
           SELECT id FROM cart WHERE consumer_id IS NULL AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [changedBefore, BATCH],
      )) as [unknown, number];
      deleted += count;
      if (count < BATCH) return { deleted };
    }
  }
}

/** The worker's side of carts: schedules the daily guest cart expiry (run by the `scheduled` queue's processor). */
@Module({
  imports: [QueueModule, ClockModule],
  providers: [GuestCartExpiryService],
  exports: [GuestCartExpiryService],
})
export class CartWorkerModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(CartWorkerModule.name);

  constructor(@InjectQueue(QUEUES.SCHEDULED) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      // One schedule however many workers run (upsert by id).
      await this.queue.upsertJobScheduler(
        GUEST_CART_EXPIRY_JOB,
        { pattern: GUEST_CART_EXPIRY_PATTERN, tz: 'UTC' },
        { name: GUEST_CART_EXPIRY_JOB, data: {} },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not schedule the guest cart expiry');
    }
  }
}
