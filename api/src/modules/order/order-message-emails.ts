import { dayLabel, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import { escapeHtml, mailPage, textToHtml } from '../mail/mail-page.js';
import type { RenderedMail } from './order-emails.js';

/** What narrows a message: a date of the order (and its slots), when the chef named one. */
export interface MessageAbout {
  date: string | null;
  timeSlots?: readonly TimeSlot[] | null;
}

function aboutWords(about: MessageAbout): string {
  if (!about.date) return '';
  const slots = (about.timeSlots ?? []).map((s) => TIME_SLOTS[s]?.label ?? s).join(', ');
  return ` for ${dayLabel(about.date)}${slots ? `, ${slots}` : ''}`;
}

/** The customer's e-mail when the kitchen writes about one of their orders (one order or several of one date). */
export function customerOrderMessage(m: {
  kitchenName: string;
  customerName: string | null;
  orderNumbers: readonly string[];
  message: string;
  about: MessageAbout;
  /** The order status page of each order, in the order of `orderNumbers`. */
  statusUrls: readonly string[];
}): RenderedMail {
  const orders = m.orderNumbers.join(', ');
  const subject = `Message from ${m.kitchenName} about order ${orders}`;
  const hello = `Hello${m.customerName ? ` ${m.customerName}` : ''},`;
  const intro = `${m.kitchenName} wrote to you about your order ${orders}${aboutWords(m.about)}:`;
  const links = m.statusUrls.map(
    (u, i) => `Read and answer it on your order page (${m.orderNumbers[i]}): ${u}`,
  );
  const text = [hello, '', intro, '', m.message, '', ...links].join('\n');
  const html = mailPage(
    subject,
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>` +
      `<blockquote style="border-left:3px solid #ccc;margin:0;padding:4px 12px">${textToHtml(m.message)}</blockquote>` +
      m.statusUrls
        .map(
          (u, i) =>
            `<p><a href="${escapeHtml(u)}">Read and answer it on your order page (${escapeHtml(m.orderNumbers[i] ?? '')})</a></p>`,
        )
        .join(''),
  );
  return { subject, text, html };
}

/** The chef's e-mail when a customer answers (or writes first) about an order of their kitchen. */
export function chefOrderMessage(m: {
  kitchenName: string;
  customerName: string | null;
  orderNumber: string;
  message: string;
  about: MessageAbout;
  boardUrl: string;
}): RenderedMail {
  const who = m.customerName || 'Your customer';
  const subject = `Message from ${who} about order ${m.orderNumber}`;
  const intro = `${who} wrote to ${m.kitchenName} about order ${m.orderNumber}${aboutWords(m.about)}:`;
  const link = `Read and answer it on your orders page: ${m.boardUrl}`;
  const text = [intro, '', m.message, '', link].join('\n');
  const html = mailPage(
    subject,
    `<p>${escapeHtml(intro)}</p>` +
      `<blockquote style="border-left:3px solid #ccc;margin:0;padding:4px 12px">${textToHtml(m.message)}</blockquote>` +
      `<p><a href="${escapeHtml(m.boardUrl)}">Read and answer it on your orders page</a></p>`,
  );
  return { subject, text, html };
}
