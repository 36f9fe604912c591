import { EnquiryType } from '@hearth/shared';
import type { OutgoingMail } from '../mail/outbox.service.js';
import { escapeHtml, mailPage, textToHtml } from '../mail/mail-page.js';

/** What a sender wrote, quoted under an acknowledgement or an answer. */
function quoted(message: string): { text: string; html: string } {
  return {
    text: message
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    html: `<blockquote style="border-left:3px solid #ddd;margin:0;padding-left:12px;color:#555">${textToHtml(message)}</blockquote>`,
  };
}

function topic(type: EnquiryType | 'CONTACT', kitchenName: string | null): string {
  if (type === EnquiryType.ENQUIRY_TO_CHEF) return `your question to ${kitchenName ?? 'the chef'}`;
  if (type === EnquiryType.ENQUIRY_FOR_PRICING) return 'your catering pricing enquiry';
  if (type === 'CONTACT') return 'your message to Hearth';
  return 'your enquiry to Hearth';
}

export interface InboxMailFacts {
  id: string;
  relatedType: 'enquiry' | 'contact_message';
  type: EnquiryType | 'CONTACT';
  to: string;
  name: string | null;
  message: string;
  kitchenName: string | null;
}

/** "We received it": sent to the sender of an enquiry. */
export function acknowledgementMail(facts: InboxMailFacts): OutgoingMail {
  const about = topic(facts.type, facts.kitchenName);
  const who =
    facts.type === EnquiryType.ENQUIRY_TO_CHEF ? (facts.kitchenName ?? 'The chef') : 'The Hearth team';
  const greeting = `Hello ${facts.name ?? 'there'},`;
  const line = `Thank you for ${about}. ${who} will answer by e-mail to this address.`;
  const q = quoted(facts.message);
  return {
    to: facts.to,
    subject: `We received ${about}`,
    text: `${greeting}\n\n${line}\n\nYou wrote:\n${q.text}\n`,
    html: mailPage(
      `We received ${about}`,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p>You wrote:</p>${q.html}`,
    ),
    relatedType: facts.relatedType,
    relatedId: facts.id,
  };
}

/** The answer of an admin or the chef, sent to the sender. */
export function answerMail(facts: InboxMailFacts, answer: string, from: string): OutgoingMail {
  const about = topic(facts.type, facts.kitchenName);
  const greeting = `Hello ${facts.name ?? 'there'},`;
  const q = quoted(facts.message);
  return {
    to: facts.to,
    subject: `Re: ${about}`,
    text: `${greeting}\n\n${answer}\n\n— ${from}\n\nYou wrote:\n${q.text}\n`,
    html: mailPage(
      `Re: ${about}`,
      `<p>${escapeHtml(greeting)}</p>${textToHtml(answer)}<p>— ${escapeHtml(from)}</p><p>You wrote:</p>${q.html}`,
    ),
    relatedType: facts.relatedType,
    relatedId: facts.id,
  };
}

/** Tells a chef that a question reached their kitchen, with the link to answer it. */
export function newEnquiryForChefMail(
  facts: InboxMailFacts,
  chefEmail: string,
  webOrigin: string,
): OutgoingMail {
  const link = `${webOrigin}/l/orders/kitchen/enquiries/${facts.id}`;
  const line = `${facts.name ?? 'Someone'} asked ${facts.kitchenName ?? 'your kitchen'} a question. Answer it here: ${link}`;
  const q = quoted(facts.message);
  return {
    to: chefEmail,
    subject: `A new question for ${facts.kitchenName ?? 'your kitchen'}`,
    text: `${line}\n\n${q.text}\n`,
    html: mailPage(
      'A new question for your kitchen',
      `<p>${escapeHtml(`${facts.name ?? 'Someone'} asked ${facts.kitchenName ?? 'your kitchen'} a question.`)}</p>${q.html}<p><a href="${escapeHtml(link)}">Answer it</a></p>`,
    ),
    relatedType: facts.relatedType,
    relatedId: facts.id,
  };
}
