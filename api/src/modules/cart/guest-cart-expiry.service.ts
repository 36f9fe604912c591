import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { GUEST_CART_LIFETIME_MS } from '@hearth/shared';
import { ClockService } from '../../common/clock/clock.service.js';
import { OnScheduledJob } from '../../queue/on-scheduled-job.decorator.js';

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
    private readonly clock: ClockService,
  ) {}

  @OnScheduledJob({ name: GUEST_CART_EXPIRY_JOB, pattern: GUEST_CART_EXPIRY_PATTERN })
  async deleteExpired(): Promise<{ deleted: number }> {
    const changedBefore = this.expiredBefore(this.clock.now());
    let deleted = 0;
    for (;;) {
      const count = await this.deleteExpiredBatch(changedBefore, BATCH);
      deleted += count;
      if (count < BATCH) return { deleted };
    }
  }

  /** Carts not changed since this instant are expired. */
  expiredBefore(now: Date): Date {
    return new Date(now.getTime() - GUEST_CART_LIFETIME_MS);
  }

  /** How many guests' carts were last changed before `changedBefore` (the admin's dry run). */
  async countExpired(changedBefore: Date): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM cart WHERE consumer_id IS NULL AND updated_at < $1`,
      [changedBefore],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Deletes up to `limit` of them in one statement (its own transaction); returns how many. */
  async deleteExpiredBatch(changedBefore: Date, limit: number): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM cart WHERE id IN (
         SELECT id FROM cart WHERE consumer_id IS NULL AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [changedBefore, limit],
    )) as [unknown, number];
    return count;
  }
}
