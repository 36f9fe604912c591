import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../../config/env.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  /** A stable Message-ID, so a receiving server can drop a duplicate. */
  messageId: string;
  /** Extra headers, e.g. List-Unsubscribe of bulk e-mail. */
  headers?: Record<string, string>;
}

/**
 * The mailer adapter: nodemailer over SMTP_URL, or nothing when SMTP_URL is unset (mail then stays in the
 * outbox for admins to read). Tests swap it or point SMTP_URL at a real local SMTP server.
 */
@Injectable()
export class MailTransportAdapter implements OnApplicationShutdown {
  private readonly transporter: Transporter | null;
  private readonly from: string;

  constructor(config: ConfigService<Env, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    this.transporter = url ? nodemailer.createTransport(url) : null;
  }

  /** False when no SMTP server is configured. */
  get enabled(): boolean {
    return this.transporter !== null;
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    if (!this.transporter) throw new Error('No SMTP server is configured');
    const info = await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text ?? undefined,
      html: message.html ?? undefined,
      messageId: message.messageId,
      headers: message.headers,
    });
    return { messageId: String(info.messageId ?? message.messageId) };
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}
