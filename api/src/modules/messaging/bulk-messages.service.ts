import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  BulkMessageStatus,
  DeliveryState,
  type BulkMessageKind,
  type BulkTargetGroup,
  type ContentFormat,
  type ContentType,
} from '@hearth/shared';
import { conflict, notFound } from '../../common/problem/problem.exception.js';
import { QUEUES } from '../../queue/queues.js';
import { FAN_OUT_JOB, type FanOutJob } from './broadcast.service.js';

/** Sending speed is measured over this many recent seconds. */
const RATE_WINDOW_SECONDS = 30;

export interface BulkProgress {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  percent: number;
  ratePerSecond: number;
  secondsLeft: number | null;
  fanoutDone: boolean;
}

/** A bulk message as admins see it, with its live progress (read from its recipient rows). */
export interface BulkMessageView {
  id: string;
  kind: BulkMessageKind;
  targetGroup: BulkTargetGroup | null;
  targetChef: { id: string; kitchenName: string } | null;
  to: string | null;
  subject: string;
  templateType: ContentType | null;
  contentFormat: ContentFormat;
  status: BulkMessageStatus;
  pausedReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdByName: string | null;
  progress: BulkProgress;
}

export interface BulkRecipientView {
  email: string;
  name: string | null;
  state: DeliveryState;
  error: string | null;
  sentAt: Date | null;
}

interface MessageRow {
  id: string;
  kind: BulkMessageKind;
  target_group: BulkTargetGroup | null;
  publisher_id: string | null;
  kitchen_name: string | null;
  to_address: string | null;
  subject: string;
  template_type: ContentType | null;
  content_format: ContentFormat;
  status: BulkMessageStatus;
  paused_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  created_by_name: string | null;
  fanout_done: boolean;
}

const MESSAGE_COLUMNS = `m.id, m.kind, m.target_group, m.publisher_id, p.kitchen_name, m.to_address, m.subject,
  m.template_type, m.content_format, m.status, m.paused_reason, m.created_at, m.started_at, m.finished_at,
  m.fanout_done, coalesce(c.name, c.user_name, c.user_email) AS created_by_name`;
const MESSAGE_FROM = `bulk_message m
  LEFT JOIN publisher p ON p.id = m.publisher_id
  LEFT JOIN consumer c ON c.id = m.created_by_id`;

/**
 * Reads bulk messages with their progress and pauses, resumes and cancels them (ADR 021). Progress is
 * counted from the recipient rows at each read (one index scan per message), so it is exact, not a
 * counter that lags the sending.
 */
@Injectable()
export class BulkMessagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.BULK_MESSAGES) private readonly queue: Queue<FanOutJob>,
  ) {}

  async view(id: string): Promise<BulkMessageView> {
    const rows: MessageRow[] = await this.db.query(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.id = $1`,
      [id],
    );
    if (!rows.length) throw notFound(`Bulk message ${id} was not found.`, { id });
    return this.toView(rows[0]);
  }

  /** Announcements and chefs' news, newest first. */
  async list(page: number, size: number): Promise<{ items: BulkMessageView[]; total: number }> {
    const [rows, count]: [MessageRow[], Array<{ n: number }>] = await Promise.all([
      this.db.query(
        `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} ORDER BY m.created_at DESC, m.id DESC LIMIT $1 OFFSET $2`,
        [size, page * size],
      ),
      this.db.query(`SELECT count(*)::int AS n FROM bulk_message`),
    ]);
    return { items: await Promise.all(rows.map((r) => this.toView(r))), total: count[0].n };
  }

  async recipients(
    id: string,
    state: DeliveryState | undefined,
    page: number,
    size: number,
  ): Promise<{ items: BulkRecipientView[]; total: number }> {
    await this.exists(id);
    const where = state ? `bulk_message_id = $1 AND state = $2` : `bulk_message_id = $1`;
    const params: unknown[] = state ? [id, state] : [id];
    const [rows, count]: [
      Array<{
        email: string;
        name: string | null;
        state: DeliveryState;
        error: string | null;
        sent_at: Date | null;
      }>,
      Array<{ n: number }>,
    ] = await Promise.all([
      this.db.query(
        `SELECT email, name, state, error, sent_at FROM bulk_message_recipient WHERE ${where}
         ORDER BY email LIMIT ${size} OFFSET ${page * size}`,
        params,
      ),
      this.db.query(`SELECT count(*)::int AS n FROM bulk_message_recipient WHERE ${where}`, params),
    ]);
    return {
      items: rows.map((r) => ({
        email: r.email,
        name: r.name,
        state: r.state,
        error: r.error,
        sentAt: r.sent_at,
      })),
      total: count[0].n,
    };
  }

  /** Batches stop taking recipients; those not sent yet stay PENDING. */
  async pause(id: string): Promise<BulkMessageView> {
    await this.transition(
      id,
      [BulkMessageStatus.QUEUED, BulkMessageStatus.SENDING],
      `status = '${BulkMessageStatus.PAUSED}', paused_at = now(), paused_reason = NULL`,
      'paused',
    );
    return this.view(id);
  }

  /** Sends what is still PENDING (and chooses the rest of the recipients when the fan-out had not ended). */
  async resume(id: string): Promise<BulkMessageView> {
    await this.transition(
      id,
      [BulkMessageStatus.PAUSED],
      `status = CASE WHEN started_at IS NULL THEN '${BulkMessageStatus.QUEUED}' ELSE '${BulkMessageStatus.SENDING}' END,
       paused_at = NULL, paused_reason = NULL`,
      'resumed',
    );
    // A new job id: the first fan-out job may still be kept as completed under `fanout-<id>`.
    await this.queue.add(FAN_OUT_JOB, { bulkMessageId: id }, { jobId: `fanout-${id}-resume-${Date.now()}` });
    return this.view(id);
  }

  /** Nobody else receives it: recipients not sent to yet become SKIPPED ('cancelled'). */
  async cancel(id: string): Promise<BulkMessageView> {
    await this.db.transaction(async (m) => {
      await this.lockIn(
        m.query.bind(m),
        id,
        [BulkMessageStatus.QUEUED, BulkMessageStatus.SENDING, BulkMessageStatus.PAUSED],
        'cancelled',
      );
      // A row being sent right now is locked by its sender: this waits for it and then leaves it SENT.
      await m.query(
        `UPDATE bulk_message_recipient SET state = $2, error = 'cancelled', updated_at = now()
         WHERE bulk_message_id = $1 AND state = $3`,
        [id, DeliveryState.SKIPPED, DeliveryState.PENDING],
      );
      await m.query(
        `UPDATE bulk_message SET status = $2, finished_at = now(), paused_reason = NULL, updated_at = now(),
           (sent_count, failed_count, skipped_count) = (
             SELECT count(*) FILTER (WHERE state = 'SENT'), count(*) FILTER (WHERE state = 'FAILED'),
                    count(*) FILTER (WHERE state = 'SKIPPED')
             FROM bulk_message_recipient WHERE bulk_message_id = $1)
         WHERE id = $1`,
        [id, BulkMessageStatus.CANCELLED],
      );
    });
    return this.view(id);
  }

  private async transition(id: string, from: BulkMessageStatus[], set: string, verb: string): Promise<void> {
    await this.db.transaction(async (m) => {
      await this.lockIn(m.query.bind(m), id, from, verb);
      await m.query(`UPDATE bulk_message SET ${set}, updated_at = now() WHERE id = $1`, [id]);
    });
  }

  private async lockIn(
    query: (sql: string, params: unknown[]) => Promise<Array<{ status: BulkMessageStatus }>>,
    id: string,
    from: BulkMessageStatus[],
    verb: string,
  ): Promise<void> {
    const rows = await query(`SELECT status FROM bulk_message WHERE id = $1 FOR UPDATE`, [id]);
    if (!rows.length) throw notFound(`Bulk message ${id} was not found.`, { id });
    const status = rows[0].status;
    if (!from.includes(status)) {
      throw conflict(`A ${status.toLowerCase()} bulk message cannot be ${verb}.`, 'error.bulkMessage.state', {
        id,
        status,
      });
    }
  }

  private async exists(id: string): Promise<void> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM bulk_message WHERE id = $1`, [id]);
    if (!rows.length) throw notFound(`Bulk message ${id} was not found.`, { id });
  }

  private async toView(row: MessageRow): Promise<BulkMessageView> {
    return {
      id: row.id,
      kind: row.kind,
      targetGroup: row.target_group,
      targetChef:
        row.publisher_id && row.kitchen_name ? { id: row.publisher_id, kitchenName: row.kitchen_name } : null,
      to: row.to_address,
      subject: row.subject,
      templateType: row.template_type,
      contentFormat: row.content_format,
      status: row.status,
      pausedReason: row.paused_reason,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      createdByName: row.created_by_name,
      progress: await this.progress(row),
    };
  }

  /** Counts by state from the recipient rows (index on (bulk_message_id, state)) and the recent speed. */
  private async progress(row: MessageRow): Promise<BulkProgress> {
    const [counts]: Array<{
      sent: number;
      failed: number;
      skipped: number;
      pending: number;
      recent: number;
    }> = await this.db.query(
      `SELECT count(*) FILTER (WHERE state = 'SENT')::int AS sent,
              count(*) FILTER (WHERE state = 'FAILED')::int AS failed,
              count(*) FILTER (WHERE state = 'SKIPPED')::int AS skipped,
              count(*) FILTER (WHERE state = 'PENDING')::int AS pending,
              count(*) FILTER (WHERE state = 'SENT' AND sent_at > now() - make_interval(secs => $2))::int AS recent
       FROM bulk_message_recipient WHERE bulk_message_id = $1`,
      [row.id, RATE_WINDOW_SECONDS],
    );
    const total = counts.sent + counts.failed + counts.skipped + counts.pending;
    const done = total - counts.pending;
    const running = row.status === BulkMessageStatus.SENDING;
    const elapsed = row.started_at ? (Date.now() - new Date(row.started_at).getTime()) / 1000 : 0;
    const window = Math.min(RATE_WINDOW_SECONDS, Math.max(elapsed, 1));
    const ratePerSecond = running ? Math.round((counts.recent / window) * 10) / 10 : 0;
    return {
      total,
      sent: counts.sent,
      failed: counts.failed,
      skipped: counts.skipped,
      pending: counts.pending,
      percent: total === 0 ? (row.fanout_done ? 100 : 0) : Math.floor((done / total) * 100),
      ratePerSecond,
      secondsLeft:
        running && row.fanout_done && ratePerSecond > 0 ? Math.ceil(counts.pending / ratePerSecond) : null,
      fanoutDone: row.fanout_done,
    };
  }
}
