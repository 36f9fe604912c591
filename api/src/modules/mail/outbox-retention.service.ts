import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EmailState } from '@hearth/shared';

/**
 * Delivered e-mails past their retention: outbox rows in state SENT whose sending ended before a cut-off.
 * Rows not delivered (QUEUED, FAILED, HELD, AWAITING_PAYMENT) are never touched: they are work still to do
 * or the record an admin needs to see.
 */
@Injectable()
export class OutboxRetentionService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** How many delivered e-mails were sent before `sentBefore`. */
  async countDelivered(sentBefore: Date): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM email_outbox WHERE state = $1 AND sent_at < $2`,
      [EmailState.SENT, sentBefore],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Deletes up to `limit` of them in one statement (its own transaction); returns how many. */
  async deleteDeliveredBatch(sentBefore: Date, limit: number): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM email_outbox WHERE id IN (
         SELECT id FROM email_outbox WHERE state = $1 AND sent_at < $2 LIMIT $3 FOR UPDATE SKIP LOCKED)`,
      [EmailState.SENT, sentBefore, limit],
    )) as [unknown, number];
    return count;
  }
}
