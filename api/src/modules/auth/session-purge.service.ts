import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SESSION_ABSOLUTE_MS } from '@hearth/shared';
import { OnScheduledJob } from '../../queue/on-scheduled-job.decorator.js';

/** Job name (and scheduler id) of the expired-session purge on the `scheduled` queue. */
export const SESSION_PURGE_JOB = 'session-purge';
/** Every 15 minutes; idempotent, so a missed or repeated run does no harm. */
export const SESSION_PURGE_PATTERN = '*/15 * * * *';
/** Rows deleted per statement: each batch commits on its own. */
const BATCH = 1000;

/**
 * Deletes ended login sessions, and with them their (encrypted) refresh, access and ID tokens (S-13):
 * those idle past their expiry and those older than the absolute lifetime. Without it a session that is
 * never visited again kept its refresh token until the same cookie came back.
 */
@Injectable()
export class SessionPurgeService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @OnScheduledJob({ name: SESSION_PURGE_JOB, pattern: SESSION_PURGE_PATTERN })
  async purgeExpired(now: Date = new Date()): Promise<{ deleted: number }> {
    let deleted = 0;
    for (;;) {
      const count = await this.purgeBatch(now, BATCH);
      deleted += count;
      if (count < BATCH) return { deleted };
    }
  }

  /** How many sessions had ended at `now` (the admin's dry run). */
  async countEnded(now: Date): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM login_session WHERE expires_at < $1 OR created_at < $2`,
      [now, startedBefore(now)],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Deletes up to `limit` sessions that had ended at `now`, in one statement; returns how many. */
  async purgeBatch(now: Date, limit: number): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM login_session WHERE id IN (
         SELECT id FROM login_session WHERE expires_at < $1 OR created_at < $2 LIMIT $3 FOR UPDATE SKIP LOCKED)`,
      [now, startedBefore(now), limit],
    )) as [unknown, number];
    return count;
  }
}

/** Sessions started before this are past their absolute lifetime, however recently used. */
function startedBefore(now: Date): Date {
  return new Date(now.getTime() - SESSION_ABSOLUTE_MS);
}
