import { createHash } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import Bottleneck from 'bottleneck';
import type { Queue } from 'bullmq';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { BulkMessageKind, BulkMessageStatus } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { QUEUES } from '../../queue/queues.js';
import { AudienceRegistry, type AudienceMessage } from './audience.registry.js';
import { FAN_OUT_JOB } from './broadcast.service.js';
import { BulkMailTransportAdapter, SmtpRefusal } from './bulk-mail-transport.adapter.js';
import { MailLinksService, type UnsubscribeScope } from './mail-links.service.js';
import { poolOf } from '../../common/database/raw-rows.js';

/** A job that sends PENDING recipients of one message (at most one batch of them). */
export const BATCH_JOB = 'batch';
/** The housekeeping job: re-queues messages whose jobs were lost. */
export const SWEEP_JOB = 'sweep';

export interface BatchJob {
  bulkMessageId: string;
}

/** Tries of a recipient the SMTP server refuses for now (4xx) before it is FAILED. */
export const MAX_ATTEMPTS = 3;
/** The wait before the next try after a 4xx: 1 s, 2 s, 4 s … */
const retryDelayMs = (attempts: number) => 1000 * 2 ** (attempts - 1);

export const NO_SMTP = 'SMTP is not configured';

interface MessageRow {
  id: string;
  kind: BulkMessageKind;
  target_group: AudienceMessage['targetGroup'];
  publisher_id: string | null;
  to_address: string | null;
  status: BulkMessageStatus;
  fanout_cursor: string | null;
  fanout_done: boolean;
  subject: string;
  html: string | null;
  text: string | null;
}

interface Claimed {
  id: string;
  email: string;
  name: string | null;
  attempts: number;
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The worker side of bulk messages (ADR 021): the fan-out pages a message's audience into recipient rows
 * and queues batch jobs; a batch sends PENDING rows, each in its own short transaction that locks the row
 * (`FOR UPDATE SKIP LOCKED`), sends it through the pooled transport and marks it SENT in the same
 * transaction right after the server's 250 — so a row is never sent by two workers, and a worker killed
 * mid-send leaves the row PENDING (the in-doubt window is that one e-mail; its Message-ID stays the same).
 * The sending rate is capped per worker process by Bottleneck (`minTime`, `maxConcurrent`).
 */
@Injectable()
export class BulkSendingService implements OnApplicationShutdown {
  private readonly logger = new Logger(BulkSendingService.name);
  private readonly limiter: Bottleneck;
  private readonly batchSize: number;
  private readonly lanes: number;
  private readonly sweepMs: number;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.BULK_MESSAGES) private readonly queue: Queue,
    private readonly audiences: AudienceRegistry,
    private readonly transport: BulkMailTransportAdapter,
    private readonly links: MailLinksService,
    config: ConfigService<Env, true>,
  ) {
    const rate = config.get('BULK_MAIL_RATE', { infer: true });
    this.lanes = config.get('BULK_MAIL_CONCURRENCY', { infer: true });
    this.batchSize = config.get('BULK_BATCH_SIZE', { infer: true });
    this.sweepMs = config.get('BULK_SWEEP_MS', { infer: true });
    this.limiter = new Bottleneck({ maxConcurrent: this.lanes, minTime: Math.floor(1000 / rate) });
  }

  private get pool(): Pool {
    return poolOf(this.db);
  }

  onApplicationShutdown(): void {
    void this.limiter.stop({ dropWaitingJobs: true }).catch(() => undefined);
  }

  private async message(id: string): Promise<MessageRow | null> {
    const rows: MessageRow[] = await this.db.query(
      `SELECT id, kind, target_group, publisher_id, to_address, status, fanout_cursor, fanout_done, subject, html, text
       FROM bulk_message WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Pauses a message that cannot be sent because no SMTP server is configured (nothing is claimed sent). */
  private async pauseWithoutSmtp(id: string): Promise<boolean> {
    if (this.transport.enabled) return false;
    await this.db.query(
      `UPDATE bulk_message SET status = $2, paused_at = now(), paused_reason = $3, updated_at = now()
       WHERE id = $1 AND status IN ($4, $5)`,
      [id, BulkMessageStatus.PAUSED, NO_SMTP, BulkMessageStatus.QUEUED, BulkMessageStatus.SENDING],
    );
    return true;
  }

  /**
   * The fan-out: QUEUED → SENDING, then one transaction per page of the audience from the stored cursor;
   * each page's batch job is queued after its commit. On a message whose fan-out is done (a resume, the
   * sweep) it queues batch jobs for what is PENDING. Stops when the message is paused or cancelled.
   */
  async fanOut(id: string): Promise<void> {
    if (await this.pauseWithoutSmtp(id)) return;
    await this.db.query(
      `UPDATE bulk_message SET status = $2, started_at = coalesce(started_at, now()), updated_at = now()
       WHERE id = $1 AND status = $3`,
      [id, BulkMessageStatus.SENDING, BulkMessageStatus.QUEUED],
    );
    for (;;) {
      const page = await this.db.transaction(async (m) => {
        const [row]: MessageRow[] = await m.query(
          `SELECT id, kind, target_group, publisher_id, to_address, status, fanout_cursor, fanout_done
           FROM bulk_message WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!row || row.status !== BulkMessageStatus.SENDING || row.fanout_done) return null;
        const audience: AudienceMessage = {
          id: row.id,
          kind: row.kind,
          targetGroup: row.target_group,
          publisherId: row.publisher_id,
          toAddress: row.to_address,
        };
        const members = await this.audiences.for(audience).page(audience, row.fanout_cursor, this.batchSize);
        const done = members.length < this.batchSize;
        let inserted = { total: 0, skipped: 0 };
        if (members.length) {
          [inserted] = await m.query(
            `WITH page AS (
               SELECT * FROM unnest($2::text[], $3::text[], $4::uuid[]) AS t(email, name, consumer_id)
             ), ins AS (
               INSERT INTO bulk_message_recipient (bulk_message_id, email, name, consumer_id, state, error)
               SELECT $1, p.email, p.name, p.consumer_id,
                      CASE WHEN s.email IS NULL THEN 'PENDING' ELSE 'SKIPPED' END,
                      CASE WHEN s.email IS NULL THEN NULL ELSE 'unsubscribed' END
               FROM page p LEFT JOIN email_suppression s ON s.email = p.email
               ON CONFLICT (bulk_message_id, email) DO NOTHING
               RETURNING state
             )
             SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'SKIPPED')::int AS skipped FROM ins`,
            [id, members.map((x) => x.email), members.map((x) => x.name), members.map((x) => x.consumerId)],
          );
        }
        const cursor = members.length ? members[members.length - 1].email : row.fanout_cursor;
        await m.query(
          `UPDATE bulk_message SET fanout_cursor = $2, fanout_done = $3, total_count = total_count + $4,
             skipped_count = skipped_count + $5, updated_at = now() WHERE id = $1`,
          [id, cursor, done, inserted.total, inserted.skipped],
        );
        return { cursor, done, pending: inserted.total - inserted.skipped };
      });
      if (!page) break;
      if (page.pending > 0) {
        const key = createHash('sha1')
          .update(page.cursor ?? '')
          .digest('hex')
          .slice(0, 16);
        await this.queue.add(BATCH_JOB, { bulkMessageId: id }, { jobId: `batch-${id}-${key}` });
      }
      if (page.done) break;
    }
    const row = await this.message(id);
    if (row?.status === BulkMessageStatus.SENDING && row.fanout_done) {
      await this.queueBatchesForPending(id, `kick-${Date.now()}`);
      await this.tryComplete(id);
    }
  }

  /** Enough batch jobs for the PENDING rows of a message (after a resume or a lost job). */
  private async queueBatchesForPending(id: string, tag: string): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await this.db.query(
      `SELECT count(*)::int AS n FROM bulk_message_recipient WHERE bulk_message_id = $1 AND state = 'PENDING'`,
      [id],
    );
    const jobs = Math.ceil(n / this.batchSize);
    for (let i = 0; i < jobs; i++) {
      await this.queue.add(BATCH_JOB, { bulkMessageId: id }, { jobId: `batch-${id}-${tag}-${i}` });
    }
    return jobs;
  }

  /**
   * A batch: up to BULK_BATCH_SIZE PENDING rows of the message, sent by BULK_MAIL_CONCURRENCY lanes through
   * the rate limiter, until none is left or the message stops SENDING (pause, cancel).
   */
  async sendBatch(id: string): Promise<number> {
    if (await this.pauseWithoutSmtp(id)) return 0;
    const msg = await this.message(id);
    if (!msg || msg.status !== BulkMessageStatus.SENDING) return 0;
    const scope: UnsubscribeScope =
      msg.kind === BulkMessageKind.CHEF_NEWS && msg.publisher_id
        ? { kind: 'chef', publisherId: msg.publisher_id }
        : { kind: 'all' };
    let budget = this.batchSize;
    let sent = 0;
    let failure: unknown = null;
    const lane = async () => {
      while (budget > 0 && failure === null) {
        budget -= 1;
        const outcome = await this.limiter.schedule(() => this.sendOne(msg, scope));
        if (outcome === 'none') break;
        if (outcome === 'sent') sent += 1;
      }
    };
    await Promise.all(
      Array.from({ length: this.lanes }, () =>
        lane().catch((error: unknown) => {
          failure = error;
        }),
      ),
    );
    await this.recount(id);
    if (failure) throw failure as Error;
    await this.tryComplete(id);
    return sent;
  }

  /**
   * One recipient in one transaction: lock a PENDING row nobody else holds (of a message still SENDING),
   * send it, mark it. A 5xx marks it FAILED with the answer; a 4xx leaves it PENDING until `not_before`
   * (a delayed batch job comes back for it), FAILED after MAX_ATTEMPTS; any other error (no connection)
   * rolls back, so the row stays as it was, and fails the job for BullMQ to retry.
   */
  private async sendOne(
    msg: MessageRow,
    scope: UnsubscribeScope,
  ): Promise<'sent' | 'failed' | 'retry' | 'none'> {
    // A client of the data source's own pool, without TypeORM's query runner: this runs once per e-mail.
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<Claimed>(
        `SELECT r.id, r.email, r.name, r.attempts FROM bulk_message_recipient r
         WHERE r.bulk_message_id = $1 AND r.state = 'PENDING' AND (r.not_before IS NULL OR r.not_before <= now())
           AND EXISTS (SELECT 1 FROM bulk_message m WHERE m.id = $1 AND m.status = 'SENDING')
         LIMIT 1 FOR UPDATE OF r SKIP LOCKED`,
        [msg.id],
      );
      if (!rows.length) {
        await client.query('COMMIT');
        return 'none';
      }
      const r = rows[0];
      const pageUrl = this.links.unsubscribePageUrl(r.email, scope);
      let outcome: 'sent' | 'failed' | 'retry';
      try {
        await this.transport.send({
          to: r.email,
          subject: msg.subject,
          html:
            `${msg.html ?? ''}<hr><p style="font-size:12px;color:#666">You receive this because you are on Hearth. ` +
            `<a href="${escape(pageUrl)}">Unsubscribe</a></p>`,
          text: `${msg.text ?? ''}\n\n--\nUnsubscribe: ${pageUrl}\n`,
          messageId: `<${r.id}@hearth.mail>`,
          headers: this.links.listUnsubscribeHeaders(r.email, scope),
        });
        // Marked in the transaction that holds the row, right after the server's 250 (the in-doubt window).
        await client.query(
          `UPDATE bulk_message_recipient SET state = 'SENT', sent_at = now(), attempts = attempts + 1,
             error = NULL, not_before = NULL, updated_at = now() WHERE id = $1`,
          [r.id],
        );
        outcome = 'sent';
      } catch (error) {
        if (!(error instanceof SmtpRefusal)) throw error;
        const attempts = r.attempts + 1;
        if (error.permanent || attempts >= MAX_ATTEMPTS) {
          await client.query(
            `UPDATE bulk_message_recipient SET state = 'FAILED', attempts = $2, error = $3, not_before = NULL,
               updated_at = now() WHERE id = $1`,
            [r.id, attempts, error.answer],
          );
          outcome = 'failed';
        } else {
          const delay = retryDelayMs(attempts);
          await client.query(
            `UPDATE bulk_message_recipient SET attempts = $2, error = $3,
               not_before = now() + make_interval(secs => $4), updated_at = now() WHERE id = $1`,
            [r.id, attempts, error.answer, delay / 1000],
          );
          await this.queue.add(
            BATCH_JOB,
            { bulkMessageId: msg.id },
            { jobId: `retry-${r.id}-${attempts}`, delay: delay + 50 },
          );
          outcome = 'retry';
        }
      }
      await client.query('COMMIT');
      return outcome;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Copies the counts by state onto the message (the history's figures; progress reads the rows). */
  private async recount(id: string): Promise<void> {
    await this.db.query(
      `UPDATE bulk_message SET (sent_count, failed_count, skipped_count) = (
         SELECT count(*) FILTER (WHERE state = 'SENT'), count(*) FILTER (WHERE state = 'FAILED'),
                count(*) FILTER (WHERE state = 'SKIPPED')
         FROM bulk_message_recipient WHERE bulk_message_id = $1), updated_at = now()
       WHERE id = $1`,
      [id],
    );
  }

  /** SENDING → COMPLETED once the fan-out is done and no recipient is PENDING. */
  async tryComplete(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE bulk_message SET status = $2, finished_at = now(), updated_at = now(),
         (sent_count, failed_count, skipped_count) = (
           SELECT count(*) FILTER (WHERE state = 'SENT'), count(*) FILTER (WHERE state = 'FAILED'),
                  count(*) FILTER (WHERE state = 'SKIPPED')
           FROM bulk_message_recipient WHERE bulk_message_id = $1)
       WHERE id = $1 AND status = $3 AND fanout_done
         AND NOT EXISTS (SELECT 1 FROM bulk_message_recipient WHERE bulk_message_id = $1 AND state = 'PENDING')
       RETURNING id`,
      [id, BulkMessageStatus.COMPLETED, BulkMessageStatus.SENDING],
    );
    return rows.length > 0;
  }

  /**
   * Housekeeping: a message QUEUED or SENDING that made no progress for BULK_SWEEP_MS (its jobs were lost:
   * a crash between a commit and queueing, a Redis flush, a killed worker) gets its fan-out or batches
   * queued again. Extra jobs are harmless: rows are claimed one by one.
   */
  async sweep(): Promise<number> {
    const stuck: Array<{ id: string; fanout_done: boolean }> = await this.db.query(
      `SELECT m.id, m.fanout_done FROM bulk_message m
       WHERE m.status IN ($1, $2) AND m.updated_at < now() - make_interval(secs => $3)
         AND NOT EXISTS (SELECT 1 FROM bulk_message_recipient r WHERE r.bulk_message_id = m.id
                         AND r.updated_at >= now() - make_interval(secs => $3))
       ORDER BY m.created_at LIMIT 100`,
      [BulkMessageStatus.QUEUED, BulkMessageStatus.SENDING, this.sweepMs / 1000],
    );
    for (const m of stuck) {
      this.logger.warn({ bulkMessageId: m.id }, 'Bulk message made no progress; queueing it again');
      await this.db.query(`UPDATE bulk_message SET updated_at = now() WHERE id = $1`, [m.id]);
      await this.queue.add(
        FAN_OUT_JOB,
        { bulkMessageId: m.id },
        { jobId: `fanout-${m.id}-sweep-${Date.now()}` },
      );
    }
    return stuck.length;
  }
}
