import type { OutgoingMail } from '../mail/outbox.service.js';
import { escapeHtml, mailPage, textToHtml } from '../mail/mail-page.js';

/** What the review e-mails say about a kitchen. */
export interface ReviewMailFacts {
  publisherId: string;
  kitchenName: string;
  /** The owner's name, for the greeting. */
  chefName: string | null;
  /** The kitchen's e-mail, else its owner's account e-mail. */
  to: string;
  /** The admin's review comment, if any. */
  comments: string | null;
}

const related = (f: ReviewMailFacts) => ({ relatedType: 'publisher', relatedId: f.publisherId });
const hello = (f: ReviewMailFacts) => `Hello${f.chefName ? ` ${f.chefName}` : ''},`;

/** The chef's e-mail when an admin approves their kitchen: what to do next, with links. */
export function kitchenApprovedMail(f: ReviewMailFacts, webOrigin: string): OutgoingMail {
  const subject = `Your kitchen ${f.kitchenName} is approved`;
  const settings = `${webOrigin}/l/settings`;
  const menus = `${webOrigin}/l/manage-menus`;
  const text = [
    hello(f),
    '',
    `Good news: your kitchen ${f.kitchenName} is approved on Hearth. Customers can find it as soon as it offers dishes.`,
    ...(f.comments ? ['', `The reviewer's note: ${f.comments}`] : []),
    '',
    'What to do next:',
    `1. Check your kitchen settings (time zone, pickup places, delivery area, payments): ${settings}`,
    `2. Add your dishes and put them on a menu with dates: ${menus}`,
  ].join('\n');
  const html = mailPage(
    subject,
    `<p>${escapeHtml(hello(f))}</p><p>Good news: your kitchen <strong>${escapeHtml(f.kitchenName)}</strong> is approved on Hearth. ` +
      'Customers can find it as soon as it offers dishes.</p>' +
      (f.comments ? `<p>The reviewer's note:</p>${textToHtml(f.comments)}` : '') +
      '<p>What to do next:</p><ol>' +
      `<li><a href="${escapeHtml(settings)}">Check your kitchen settings</a> (time zone, pickup places, delivery area, payments)</li>` +
      `<li><a href="${escapeHtml(menus)}">Add your dishes and put them on a menu with dates</a></li></ol>`,
  );
  return { to: f.to, subject, text, html, ...related(f) };
}

/** The chef's e-mail when an admin blocks their kitchen: the review comment and how to reach support. */
export function kitchenBlockedMail(f: ReviewMailFacts, webOrigin: string): OutgoingMail {
  const subject = `Your kitchen ${f.kitchenName} is blocked`;
  const contact = `${webOrigin}/resources/contact-us`;
  const reason = f.comments || 'No comment was given.';
  const text = [
    hello(f),
    '',
    `Your kitchen ${f.kitchenName} is blocked on Hearth: customers no longer see it or its dishes.`,
    '',
    `The reviewer's comment: ${reason}`,
    '',
    `If you think this is a mistake or you have fixed what the comment names, contact support: ${contact}`,
  ].join('\n');
  const html = mailPage(
    subject,
    `<p>${escapeHtml(hello(f))}</p><p>Your kitchen <strong>${escapeHtml(f.kitchenName)}</strong> is blocked on Hearth: ` +
      'customers no longer see it or its dishes.</p>' +
      `<p>The reviewer's comment:</p>${textToHtml(reason)}` +
      `<p>If you think this is a mistake or you have fixed what the comment names, <a href="${escapeHtml(contact)}">contact support</a>.</p>`,
  );
  return { to: f.to, subject, text, html, ...related(f) };
}
