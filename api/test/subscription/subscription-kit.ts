import { ConfigService } from '@nestjs/config';
import type { DataSource } from 'typeorm';
import { SignedTokens } from '../../src/common/crypto/signed-token.js';
import { MailLinksService, type UnsubscribeScope } from '../../src/modules/messaging/mail-links.service.js';
import type { Harness } from '../setup/harness.js';

export const API = '/services/publisher/api';

export interface OutboxMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  related_type: string | null;
  related_id: string | null;
  headers: Record<string, string> | null;
}

/** The e-mails staged for an address, oldest first. */
export async function mailsTo(db: DataSource, address: string): Promise<OutboxMail[]> {
  return db.query(
    `SELECT id, subject, text, html, related_type, related_id, headers FROM email_outbox WHERE to_address = $1 ORDER BY created_at, id`,
    [address],
  );
}

/** The token of the first link in `text` that starts with `prefix` (e.g. `/l/subscriptions/confirm?token=`). */
export function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[?.]/g, '\\$&')}\\?token=([^\\s"&<]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

export function links(h: Harness): MailLinksService {
  return h.app.get(MailLinksService);
}

export function unsubscribeToken(h: Harness, email: string, scope: UnsubscribeScope): string {
  return links(h).unsubscribeToken(email, scope);
}

/** A confirmation token that expired yesterday (signed with the real key, 8 days ago). */
export function expiredConfirmToken(h: Harness, what: 'chef' | 'location', id: string): string {
  const key = h.app.get(ConfigService).get<string>('DATA_ENCRYPTION_KEY')!;
  const tokens = new SignedTokens(key, 'confirm-subscription');
  return tokens.sign(`${what}:${id}`, {
    expiresInSeconds: 7 * 24 * 3600,
    now: new Date(Date.now() - 8 * 24 * 3600 * 1000),
  });
}

export function uniqueEmail(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}

/** YYYY-MM-DD `days` from today (UTC). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}
