import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { EmailState } from '@hearth/shared';
import { StatementGroups } from '../../common/database/statement-groups.js';
import { QUEUES } from '../../queue/queues.js';
import { EmailOutboxEntity } from './email-outbox.entity.js';

/** Name of the job that sends one outbox row (its jobId is the row's id). */
export const SEND_MAIL_JOB = 'send';
/** Name of the housekeeping job that re-enqueues rows whose job was lost. */
export const REQUEUE_LOST_MAIL_JOB = 'requeue-lost';
/** A QUEUED row older than this is assumed to have lost its job. */
export const LOST_AFTER_MS = 60_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  relatedType?: string;
  relatedId?: string;
  /** Extra headers, e.g. `MailLinksService.listUnsubscribeHeaders` for subscription e-mail. */
  headers?: Record<string, string>;
}

export interface SendMailJob {
  outboxId: string;
}

/**
 * Outbox rows as one statement writes them (`stage`, or a CTE of a caller's larger statement, inside its
 * transaction): `json` is the SQL expression of a JSON array of rows that {@link outboxRows} gives.
 */
export const OUTBOX_INSERT_SQL = (json: string) =>
  `INSERT INTO email_outbox (id, to_address, subject, text, html, headers, state, related_type, related_id)
   SELECT r.id, r.to_address, r.subject, r.text, r.html, r.headers, r.state, r.related_type, r.related_id
     FROM json_to_recordset(${json}) AS r(id uuid, to_address text, subject text, text text, html text, headers jsonb,
                                          state text, related_type text, related_id uuid)`;

/**
 * The rows of these mails (QUEUED, or AWAITING_PAYMENT with no job until released) with their ids drawn
 * here, for {@link OUTBOX_INSERT_SQL}; the ids go to {@link OutboxService.enqueue} after the commit.
 */
export function outboxRows(
  mails: readonly OutgoingMail[],
  options: { awaitingPayment?: boolean } = {},
): { ids: string[]; rows: Array<Record<string, unknown>> } {
  const rows = mails.map((mail) => ({
    id: randomUUID(),
    to_address: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? null,
    state: options.awaitingPayment ? EmailState.AWAITING_PAYMENT : EmailState.QUEUED,
    related_type: mail.relatedType ?? null,
    related_id: mail.relatedId ?? null,
  }));
  return { ids: rows.map((r) => r.id), rows };
}

/**
 * The e-mail outbox (architecture "Jobs"): rows are written inside the caller's transaction, so an e-mail
 * exists exactly when what it is about was committed; one BullMQ job per row is added after the commit,
 * with jobId = the row id, so adding it twice is harmless. A row whose job got lost (Redis away at commit
 * time) is picked up again by the housekeeping job.
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger(OutboxService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.MAIL) private readonly queue: Queue<SendMailJob>,
  ) {}

  /**
   * Writes QUEUED rows with the caller's EntityManager (inside its transaction); returns their ids.
   * `awaitingPayment`: the rows wait as AWAITING_PAYMENT (no job) until {@link releaseAwaitingPayment}.
   */
  async stage(
    m: EntityManager,
    mails: readonly OutgoingMail[],
    options: { awaitingPayment?: boolean } = {},
  ): Promise<string[]> {
    if (mails.length === 0) return [];
    const result = await m.getRepository(EmailOutboxEntity).insert(
      mails.map((mail) => ({
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? null,
        state: options.awaitingPayment ? EmailState.AWAITING_PAYMENT : EmailState.QUEUED,
        relatedType: mail.relatedType ?? null,
        relatedId: mail.relatedId ?? null,
      })),
    );
    return result.identifiers.map((i) => i.id as string);
  }

  /**
   * The mails of an order that waited for its payment become QUEUED (inside the caller's transaction);
   * returns their ids, to {@link enqueue} after the commit. A second call finds none.
   */
  async releaseAwaitingPayment(m: EntityManager, orderId: string): Promise<string[]> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected count].
    const [rows] = (await m.query(
      `UPDATE email_outbox SET state = $1, updated_at = now()
        WHERE related_type = 'order' AND related_id = $2 AND state = $3 RETURNING id`,
      [EmailState.QUEUED, orderId, EmailState.AWAITING_PAYMENT],
    )) as [Array<{ id: string }>, number];
    return rows.map((r) => r.id);
  }

  /** The mails of an order whose payment never completed are dropped (FAILED, with the reason). */
  async dropAwaitingPayment(m: EntityManager, orderId: string, reason: string): Promise<number> {
    const [, count] = (await m.query(
      `UPDATE email_outbox SET state = $1, last_error = $4, updated_at = now()
        WHERE related_type = 'order' AND related_id = $2 AND state = $3 RETURNING id`,
      [EmailState.FAILED, orderId, EmailState.AWAITING_PAYMENT, reason],
    )) as [unknown[], number];
    return count;
  }

  /**
   * Adds one send job per row (after the commit). Never throws: lost jobs are re-enqueued by housekeeping. Calls
   * made while one is under way go to Redis together in the next (StatementGroups: one round trip for the e-mails
   * of all the orders placed at that moment).
   */
  async enqueue(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.adds.submit(ids);
  }

  private readonly adds = new StatementGroups<readonly string[], void>(
    async (lists) => {
      const ids = lists.flat();
      try {
        await this.queue.addBulk(
          ids.map((outboxId) => ({ name: SEND_MAIL_JOB, data: { outboxId }, opts: { jobId: outboxId } })),
        );
      } catch (error) {
        this.logger.warn({ err: error, ids }, 'Could not enqueue e-mails; housekeeping will pick them up');
      }
      return lists.map(() => undefined);
    },
    { inFlight: 1, max: 64 },
  );

  /** Re-enqueues QUEUED rows older than `olderThanMs` (a job that already exists for a row is left alone). */
  async requeueLost(olderThanMs = LOST_AFTER_MS): Promise<number> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM email_outbox WHERE state = $1 AND created_at < now() - make_interval(secs => $2) ORDER BY created_at LIMIT 500`,
      [EmailState.QUEUED, olderThanMs / 1000],
    );
    const ids = rows.map((r) => r.id);
    let added = 0;
    for (const id of ids) {
      const existing = await this.queue.getJob(id);
      const state = existing ? await existing.getState() : 'missing';
      if (state === 'missing' || state === 'unknown') {
        await this.queue.add(SEND_MAIL_JOB, { outboxId: id }, { jobId: id });
        added += 1;
      } else if (state === 'completed' || state === 'failed') {
        // The job ended without the row learning it (e.g. a crash in between): run it again under the same id.
        await existing?.remove();
        await this.queue.add(SEND_MAIL_JOB, { outboxId: id }, { jobId: id });
        added += 1;
      }
    }
    return added;
  }
}
