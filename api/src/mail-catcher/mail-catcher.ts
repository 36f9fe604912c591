import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inboxPage, messagePage, oneClickResultPage } from './inbox-pages.js';

/** One e-mail the catcher received, as its inbox and JSON API show it. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  /** Envelope sender and recipients (what the SMTP client said), lower-cased. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  messageId: string | null;
  /** Every header, lower-cased names, values as text. */
  headers: Record<string, string>;
  text: string;
  html: string | null;
  /** Every http(s) link of the HTML and text bodies, in order, without duplicates. */
  links: string[];
}

export interface MailCatcherOptions {
  /** 0: any free port. */
  smtpPort: number;
  /** 0: any free port. */
  httpPort: number;
  host?: string;
  /** How many e-mails it keeps (oldest dropped first). */
  keep?: number;
}

export interface MailCatcher {
  smtpUrl: string;
  httpUrl: string;
  mails: CaughtMail[];
  close: () => Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

/** The links of a mail, in order, unique (href attributes of the HTML, then bare URLs of the text). */
export function linksOf(html: string | null, text: string): string[] {
  const found: string[] = [];
  for (const m of (html ?? '').matchAll(/href\s*=\s*"([^"]+)"/gi)) found.push(m[1].replace(/&amp;/g, '&'));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) found.push(m[0]);
  return [...new Set(found.filter((l) => /^https?:\/\//.test(l)))];
}

function headerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(headerText).join(', ');
  if (typeof value === 'object') {
    const v = value as { text?: string; value?: unknown };
    if (typeof v.text === 'string') return v.text;
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The local mail catcher (development and end-to-end tests only): an SMTP server that accepts every e-mail
 * and keeps it in memory, and a small web inbox to read them — what Mailpit is in docker-compose.yml, with
 * nothing to install. `npm start` runs it when SMTP_URL is not set and points the API and worker at it.
 * The inbox can also do what a mail provider does with an RFC 8058 List-Unsubscribe-Post header: POST
 * `List-Unsubscribe=One-Click` to the message's one-click address.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 5000;
  const mails: CaughtMail[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          // The raw header lines (mailparser folds List-* headers into one structured `list` value).
          for (const { key, line } of parsed.headerLines)
            headers[key.toLowerCase()] = line
              .slice(line.indexOf(':') + 1)
              .replace(/\r?\n[ \t]+/g, ' ')
              .trim();
          for (const [name, value] of parsed.headers) headers[name.toLowerCase()] ??= headerText(value);
          const html = typeof parsed.html === 'string' ? parsed.html : null;
          const text = parsed.text ?? '';
          mails.push({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            messageId: parsed.messageId ?? null,
            headers,
            text,
            html,
            links: linksOf(html, text),
          });
          if (mails.length > keep) mails.splice(0, mails.length - keep);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, host, () => {
      smtp.off('error', reject);
      resolve();
    });
  });

  const http: FastifyInstance = Fastify({ logger: false });
  http.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const recipient = (mail: CaughtMail) => [...mail.envelopeTo, ...mail.to];
  const find = (id: string) => mails.find((m) => m.id === id);

  http.get('/health', async () => ({ status: 'UP', mails: mails.length }));
  http.get<{ Querystring: { to?: string } }>('/api/messages', async (req) => {
    const to = req.query.to?.toLowerCase();
    return mails.filter((m) => !to || recipient(m).includes(to)).reverse();
  });
  http.delete('/api/messages', async (_req, reply) => {
    mails.length = 0;
    return reply.code(204).send();
  });
  http.get<{ Querystring: { to?: string } }>('/', async (req, reply) => {
    const to = req.query.to?.toLowerCase() ?? '';
    const shown = mails.filter((m) => !to || recipient(m).includes(to)).reverse();
    return reply.type('text/html; charset=utf-8').send(inboxPage(shown, to));
  });
  http.get<{ Params: { id: string } }>('/messages/:id', async (req, reply) => {
    const mail = find(req.params.id);
    if (!mail)
      return reply.code(404).type('text/plain').send('No such e-mail (the catcher keeps them in memory).');
    // The mail's own HTML is shown in a sandboxed frame with no scripts.
    return reply
      .header(
        'Content-Security-Policy',
        "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'",
      )
      .type('text/html; charset=utf-8')
      .send(messagePage(mail));
  });
  http.post<{ Params: { id: string } }>('/messages/:id/one-click', async (req, reply) => {
    const mail = find(req.params.id);
    const target = mail?.headers['list-unsubscribe']?.match(/<(https?:[^>]+)>/)?.[1];
    if (!mail || !target || !/List-Unsubscribe=One-Click/.test(mail.headers['list-unsubscribe-post'] ?? ''))
      return reply.code(400).type('text/plain').send('This e-mail has no one-click unsubscribe address.');
    let status: number;
    try {
      // As a mail provider does it: a POST with only this form field, no cookies, no Origin of the site.
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
        redirect: 'manual',
      });
      status = res.status;
    } catch {
      status = 0;
    }
    return reply.type('text/html; charset=utf-8').send(oneClickResultPage(mail, target, status));
  });
  await http.listen({ port: options.httpPort, host });
  // Port 0 (tests): the ports the system gave.
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.server.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    httpUrl: `http://${host}:${httpPort}`,
    mails,
    close: async () => {
      await http.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
