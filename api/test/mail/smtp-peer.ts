import { SMTPServer } from 'smtp-server';
import { freePort } from '../setup/identity.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  /** Headers and body, with quoted-printable soft breaks and escapes decoded. */
  raw: string;
}

/** Decodes quoted-printable text enough to search it (soft line breaks and =XX bytes as UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value, unfolded (a long header is continued on lines that start with white space). */
function header(raw: string, name: string): string {
  const folded = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1] ?? '';
  return folded.replace(/\r?\n(?=[ \t])/g, '').trim();
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package). Recipients starting with
 * `bounce` are refused for good (550); those starting with `flaky` are refused once for a while (451).
 */
export async function startSmtpPeer(): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const flakySeen = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      if (to.startsWith('bounce')) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      if (to.startsWith('flaky') && !flakySeen.has(to)) {
        flakySeen.add(to);
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, 'Subject'),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        callback();
      });
    },
  });
  // A client killed mid-conversation (the bulk worker-killed test) resets its connection: not an error here.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
