import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Env } from '../../config/env.js';

export interface BulkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per recipient (`<recipient id@hearth.mail>`), so a receiver can drop a re-sent duplicate. */
  messageId: string;
  headers: Record<string, string>;
}

/** An SMTP answer that refused a recipient: permanent (5xx) or for now (4xx). */
export class SmtpRefusal extends Error {
  constructor(
    readonly code: number,
    readonly answer: string,
  ) {
    super(answer);
  }

  get permanent(): boolean {
    return this.code >= 500;
  }
}

/**
 * The bulk sender's SMTP transport: nodemailer's pool (`pool: true`, `maxConnections` =
 * BULK_MAIL_CONCURRENCY) over SMTP_URL, kept apart from the outbox's transport so a large send never
 * holds the connections order e-mail needs. Null without SMTP_URL: then nothing is sent (rule S-19).
 */
@Injectable()
export class BulkMailTransportAdapter implements OnApplicationShutdown {
  private readonly transporter: Transporter | null;
  private readonly from: string;

  constructor(config: ConfigService<Env, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    if (url) {
      // nodemailer reads options from the URL's query: the pool keeps its connections open between batches.
      const pooled = new URL(url);
      pooled.searchParams.set('pool', 'true');
      pooled.searchParams.set('maxConnections', String(config.get('BULK_MAIL_CONCURRENCY', { infer: true })));
      pooled.searchParams.set('maxMessages', '100000');
      // A recipient's row stays locked while its e-mail is sent: a silent server must not hold it for long.
      if (!pooled.searchParams.has('socketTimeout')) pooled.searchParams.set('socketTimeout', '30000');
      this.transporter = nodemailer.createTransport(pooled.toString());
    } else {
      this.transporter = null;
    }
  }

  get enabled(): boolean {
    return this.transporter !== null;
  }

  /**
   * Sends one e-mail. Throws {@link SmtpRefusal} when the server refused the recipient or the message with
   * an SMTP code; any other error (no connection, timeout) is thrown as it is.
   */
  async send(mail: BulkMail): Promise<void> {
    if (!this.transporter) throw new Error('No SMTP server is configured');
    // The message is built into one buffer first and handed over raw: nodemailer then writes it to the
    // socket in one go instead of a write per MIME part (socket writes led the worker's CPU profile).
    const node = new MailComposer({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: mail.headers,
    }).compile();
    const raw = await node.build();
    try {
      await this.transporter.sendMail({ envelope: node.getEnvelope(), raw });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 400) {
        const answer = String((error as { response?: unknown }).response ?? (error as Error).message);
        throw new SmtpRefusal(code, answer);
      }
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}
