import type { OutgoingMail } from '../mail/outbox.service.js';

/** Escapes text for HTML bodies. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `casey@example.com` → `c***y@example.com` (what a chef sees of a guest subscriber). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/** A short HTML page around paragraphs (already escaped) and one call-to-action link. */
function layout(paragraphs: string[], link: { href: string; label: string }, footer: string[] = []): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('');
  const button = `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  const foot = footer.length ? `<hr><p style="font-size:12px;color:#555">${footer.join('<br>')}</p>` : '';
  return `<!doctype html><html lang="en"><body>${body}${button}${foot}</body></html>`;
}

/** The double opt-in e-mail: the only one a guest gets before confirming. */
export function confirmationMail(
  to: string,
  what: string,
  confirmUrl: string,
  relatedId: string,
): OutgoingMail {
  const intro = `Someone (we hope you) asked Hearth to send ${what} to this address.`;
  const action = 'Confirm your subscription';
  const ignore = 'If it was not you, ignore this e-mail: nothing will be sent without your confirmation.';
  return {
    to,
    subject: 'Confirm your subscription to Hearth',
    text: `${intro}\n\n${action}: ${confirmUrl}\n\nThe link works for 7 days. ${ignore}\n`,
    html: layout([escapeHtml(intro), escapeHtml(`The link works for 7 days. ${ignore}`)], {
      href: confirmUrl,
      label: action,
    }),
    relatedType: 'subscription',
    relatedId,
  };
}

/** "A kitchen delivers to <zip> now", sent once to a confirmed location check. */
export function kitchenArrivedMail(input: {
  to: string;
  zipcode: string;
  kitchenName: string;
  kitchenUrl: string;
  unsubscribeUrl: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) for the same scope as the link. */
  unsubscribeHeaders: Record<string, string>;
  relatedId: string;
}): OutgoingMail {
  const intro = `Good news: ${input.kitchenName} now delivers to ${input.zipcode}.`;
  const why = `You asked Hearth to tell you when chefs deliver to ${input.zipcode}. This is the only e-mail you get about it.`;
  const unsub = `Stop these e-mails: ${input.unsubscribeUrl}`;
  return {
    to: input.to,
    subject: `Chefs deliver to ${input.zipcode} now`,
    text: `${intro}\n\nSee the menu: ${input.kitchenUrl}\n\n${why}\n${unsub}\n`,
    html: layout([escapeHtml(intro)], { href: input.kitchenUrl, label: `See ${input.kitchenName}'s menu` }, [
      escapeHtml(why),
      `<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a>`,
    ]),
    relatedType: 'location-subscription',
    relatedId: input.relatedId,
    headers: input.unsubscribeHeaders,
  };
}

/** The body of a chef's news (bulk message, kind CHEF_NEWS); the fan-out adds each recipient's unsubscribe link. */
export function chefNewsContent(input: {
  kitchenName: string;
  menuName: string;
  dates: string[];
  kitchenUrl: string;
}): { subject: string; content: string; html: string; text: string } {
  const subject = `${input.kitchenName} has a new menu`;
  const dates = input.dates.slice(0, 14);
  const more = input.dates.length > dates.length ? ` and ${input.dates.length - dates.length} more` : '';
  const when = dates.length ? `Dates: ${dates.join(', ')}${more}.` : 'New dates are on the menu.';
  const intro = `${input.kitchenName} published "${input.menuName}".`;
  const why = `You get this because you follow ${input.kitchenName} on Hearth (at most one e-mail a day).`;
  const content = `${intro}\n\n${when}\n\n[Order from ${input.kitchenName}](${input.kitchenUrl})\n\n${why}`;
  const text = `${intro}\n\n${when}\n\nOrder: ${input.kitchenUrl}\n\n${why}\n`;
  const html = layout(
    [escapeHtml(intro), escapeHtml(when)],
    {
      href: input.kitchenUrl,
      label: `Order from ${input.kitchenName}`,
    },
    [escapeHtml(why)],
  );
  return { subject, content, html, text };
}
