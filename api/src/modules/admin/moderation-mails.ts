import type { OutgoingMail } from '../mail/outbox.service.js';
import { escapeHtml, mailPage, textToHtml } from '../mail/mail-page.js';

/** Who is told, about what, and why. */
export interface ModerationMailFacts {
  to: string;
  name: string | null;
  reason: string;
  relatedType: string;
  relatedId: string;
}

const hello = (f: ModerationMailFacts) => `Hello${f.name ? ` ${f.name}` : ''},`;

function mail(
  f: ModerationMailFacts,
  subject: string,
  lines: string[],
  link: string,
  linkText: string,
): OutgoingMail {
  const text = [hello(f), '', ...lines, '', `The reason: ${f.reason}`, '', `${linkText}: ${link}`].join('\n');
  const html = mailPage(
    subject,
    `<p>${escapeHtml(hello(f))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
      `<p>The reason:</p>${textToHtml(f.reason)}<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
  );
  return { to: f.to, subject, text, html, relatedType: f.relatedType, relatedId: f.relatedId };
}

/** The chef's e-mail when an admin hides the pictures of one of their items. */
export function itemPictureHiddenMail(
  f: ModerationMailFacts,
  itemName: string,
  webOrigin: string,
): OutgoingMail {
  return mail(
    f,
    `The pictures of ${itemName} are hidden`,
    [
      `An admin hid the pictures of your dish ${itemName}: customers now see a neutral picture instead. The dish itself is still on sale.`,
      'Replace the pictures with ones that follow the rules, then contact support to have them shown again.',
    ],
    `${webOrigin}/l/manage-menus/items/${f.relatedId}`,
    'Edit the dish',
  );
}

/** The chef's e-mail when an admin hides one of their kitchen's pictures. */
export function kitchenPictureHiddenMail(
  f: ModerationMailFacts,
  kitchenName: string,
  webOrigin: string,
): OutgoingMail {
  return mail(
    f,
    `A picture of ${kitchenName} is hidden`,
    [
      `An admin hid one of the pictures of your kitchen ${kitchenName}: customers no longer see it on your kitchen page.`,
      'Replace it with one that follows the rules, then contact support if you have questions.',
    ],
    `${webOrigin}/l/settings`,
    'Your kitchen settings',
  );
}

/** The person's e-mail when an admin disables their account. */
export function accountDisabledMail(f: ModerationMailFacts, webOrigin: string): OutgoingMail {
  return mail(
    f,
    'Your Hearth account is disabled',
    [
      'An admin disabled your Hearth account: you are signed out and cannot sign in until it is enabled again.',
    ],
    `${webOrigin}/resources/contact-us`,
    'Contact support',
  );
}
