/** An e-mail as the local mail catcher (api/src/mail-catcher) shows it. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  envelopeTo: string[];
  subject: string;
  messageId: string | null;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  text: string;
  html: string | null;
  /** The http(s) links of the HTML and text bodies, in order. */
  links: string[];
}

/** The mail catcher of the stack under test (scripts/e2e.mjs sets it when SMTP_URL is not set). */
export const MAIL_CATCHER_URL = process.env.MAIL_CATCHER_URL?.replace(/\/+$/, '') ?? null;

/** Whether the suite can read the e-mails the product sends (not when SMTP_URL points at a real server). */
export const canReadMail = MAIL_CATCHER_URL !== null;

/** The e-mails sent to `address` so far, newest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  if (!MAIL_CATCHER_URL) throw new Error('No mail catcher: the stack sends through SMTP_URL');
  const res = await fetch(`${MAIL_CATCHER_URL}/api/messages?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`The mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/**
 * Waits until an e-mail to `address` arrives that matches `match` (subject text or a predicate) and
 * returns the newest such; fails after `ms` with what did arrive.
 */
export async function waitForMail(
  address: string,
  match: string | RegExp | ((mail: CaughtMail) => boolean) = () => true,
  ms = 20_000,
): Promise<CaughtMail> {
  const test =
    typeof match === 'function'
      ? match
      : (mail: CaughtMail) =>
          typeof match === 'string' ? mail.subject.includes(match) : match.test(mail.subject);
  const deadline = Date.now() + ms;
  let seen: CaughtMail[] = [];
  while (Date.now() < deadline) {
    seen = await mailsTo(address);
    const found = seen.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `No e-mail to ${address} matching ${String(match)} within ${ms} ms; got: ${
      seen.map((m) => JSON.stringify(m.subject)).join(', ') || 'none'
    }`,
  );
}
