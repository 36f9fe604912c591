import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SubscriptionStatus } from '@hearth/shared';

/** The two tables a guest subscribes in without confirming (double opt-in): following a chef, a location check. */
const TABLES = ['subscription', 'location_subscription'] as const;

/**
 * Guests' subscriptions whose confirmation link was never used: PENDING rows whose confirmation was last sent before a cut-off, in
 * `subscription` (a guest following a chef; a signed-in customer's row is never PENDING) and
 * `location_subscription`. Confirmed and unsubscribed rows are kept (admins list both).
 */
@Injectable()
export class UnconfirmedSubscriptionsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** How many were last asked for (their confirmation last sent) before `askedBefore` and are still unconfirmed, in both tables. */
  async countUnconfirmed(askedBefore: Date): Promise<number> {
    let total = 0;
    for (const table of TABLES) {
      const [row] = (await this.db.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE status = $1 AND confirmed_at IS NULL AND updated_at < $2`,
        [SubscriptionStatus.PENDING, askedBefore],
      )) as Array<{ n: number }>;
      total += row.n;
    }
    return total;
  }

  /** Deletes up to `limit` of them, one statement per table until the limit is used; returns how many. */
  async deleteUnconfirmedBatch(askedBefore: Date, limit: number): Promise<number> {
    let deleted = 0;
    for (const table of TABLES) {
      if (deleted >= limit) break;
      const [, count] = (await this.db.query(
        `DELETE FROM ${table} WHERE id IN (
           SELECT id FROM ${table} WHERE status = $1 AND confirmed_at IS NULL AND updated_at < $2
           LIMIT $3 FOR UPDATE SKIP LOCKED)`,
        [SubscriptionStatus.PENDING, askedBefore, limit - deleted],
      )) as [unknown, number];
      deleted += count;
    }
    return deleted;
  }
}
