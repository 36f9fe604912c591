import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EmailState } from '@hearth/shared';
import { MailTransportAdapter } from './mail-transport.adapter.js';

export type DeliveryOutcome = 'sent' | 'kept-in-outbox' | 'already-sent' | 'already-failed' | 'missing';

/** An SMTP refusal that retrying cannot fix (5xx: unknown mailbox, rejected content). */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends one outbox row, idempotently: a SENT row is never sent again (a retried or duplicated job is a
 * no-op), the attempt count and last error are recorded, and the row is marked FAILED with the error when
 * the failure is permanent or the last attempt failed.
 */
@Injectable()
export class MailDeliveryService {
  private readonly logger = new Logger(MailDeliveryService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly transport: MailTransportAdapter,
  ) {}

  async deliver(outboxId: string, options: { lastAttempt: boolean }): Promise<DeliveryOutcome> {
    // The row lock makes two deliveries of one row (a duplicated job on two workers) take turns. A failure
    // is recorded in the transaction and thrown after it commits.
    const result = await this.db.transaction(async (m): Promise<DeliveryOutcome | MailDeliveryError> => {
      const rows: Array<{
        state: EmailState;
        to_address: string;
        subject: string;
        text: string | null;
        html: string | null;
        headers: Record<string, string> | null;
      }> = await m.query(
        `SELECT state, to_address, subject, text, html, headers FROM email_outbox WHERE id = $1 FOR UPDATE`,
        [outboxId],
      );
      const row = rows[0];
      if (!row) return 'missing';
      if (row.state === EmailState.SENT) return 'already-sent';
      if (row.state === EmailState.FAILED) return 'already-failed';
      if (row.state === EmailState.HELD) return 'kept-in-outbox';
      if (!this.transport.enabled) {
        // Not sent, and never said to be (S-19): HELD until an operator configures SMTP and re-queues it.
        await m.query(
          `UPDATE email_outbox SET state = $2, attempts = attempts + 1, updated_at = now() WHERE id = $1`,
          [outboxId, EmailState.HELD],
        );
        this.logger.warn({ event: 'mail.held', outboxId }, 'E-mail held in the outbox: SMTP_URL is not set');
        return 'kept-in-outbox';
      }
      try {
        const info = await this.transport.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          html: row.html,
          messageId: `<${outboxId}@hearth.mail>`,
          headers: row.headers ?? undefined,
        });
        await m.query(
          `UPDATE email_outbox SET state = $2, attempts = attempts + 1, message_id = $3, last_error = NULL, sent_at = now(), updated_at = now() WHERE id = $1`,
          [outboxId, EmailState.SENT, info.messageId],
        );
        return 'sent';
      } catch (error) {
        const permanent = isPermanentMailError(error);
        const message = error instanceof Error ? error.message : String(error);
        await m.query(
          `UPDATE email_outbox SET state = $2, attempts = attempts + 1, last_error = $3, updated_at = now() WHERE id = $1`,
          [
            outboxId,
            permanent || options.lastAttempt ? EmailState.FAILED : EmailState.QUEUED,
            message.slice(0, 2000),
          ],
        );
        this.logger.warn(
          { outboxId, permanent, lastAttempt: options.lastAttempt },
          `Sending e-mail failed: ${message}`,
        );
        return new MailDeliveryError(message, permanent);
      }
    });
    if (result instanceof MailDeliveryError) throw result;
    return result;
  }
}

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
