import {
  DeliveryOption,
  OrderStatus,
  statusLabelFor,
  TIME_SLOTS,
  type TimeSlot,
  dayLabel,
} from '@hearth/shared';
import { escapeHtml, mailPage } from '../mail/mail-page.js';

/** One date of an order line as the e-mails name it. */
export interface OrderMailDate {
  date: string;
  timeSlots: TimeSlot[];
  deliveryOption: DeliveryOption;
  pickupAddress: string | null;
}

/** One line of an order as its confirmation e-mails show it (amounts already formatted, e.g. "$26.97"). */
export interface OrderMailLine {
  itemName: string;
  publisherId: string;
  kitchenName: string;
  orderQuantity: number;
  unitPrice: string;
  /** price × quantity × slots × dates of the line. */
  itemTotal: string;
  /** Each date with its own item total. */
  dates: Array<OrderMailDate & { itemTotal: string }>;
}

/** A delivery fee, charged once per chef, date and first slot: its own row in every summary. */
export interface OrderMailFee {
  publisherId: string;
  kitchenName: string;
  date: string;
  amount: string;
}

/**
 * The order as its confirmation e-mails describe it. The item rows (`lines[].itemTotal`) add up to
 * `itemsTotal`, the fee rows (`fees`) to `deliveryFeesTotal`, and the two to `orderTotal`; a chef's
 * e-mail shows only their own rows, which add up to their `byKitchen` total.
 */
export interface OrderMail {
  orderNumber: string;
  statusUrl: string;
  contact: { name: string; email: string; phone: string };
  deliveryAddress: string | null;
  note: string | null;
  paymentMethod: string;
  itemsTotal: string;
  deliveryFeesTotal: string;
  orderTotal: string;
  lines: OrderMailLine[];
  fees: OrderMailFee[];
  /** publisherId → that kitchen's total (its items and fees). */
  byKitchen: Record<string, string>;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const esc = escapeHtml;

function when(d: OrderMailDate): string {
  const slots = d.timeSlots.map((s) => TIME_SLOTS[s]?.label ?? s).join(', ');
  const how =
    d.deliveryOption === 'PICKUP' ? `pickup${d.pickupAddress ? ` at ${d.pickupAddress}` : ''}` : 'delivery';
  return `${dayLabel(d.date)}, ${slots} (${how})`;
}

const PAYMENT_WORDS: Record<string, string> = {
  CASH_ON_PICKUP_DELIVERY: 'cash on pickup/delivery',
  // Online orders' confirmations are sent once the payment completed (AWAITING_PAYMENT until then).
  STRIPE_CARD: 'paid by card',
  GOOGLE: 'paid with Google Pay',
  PAYPAL: 'paid with PayPal',
  CASH_FREE: 'paid through Cashfree',
  PAYTM: 'paid with Paytm',
};
const paymentWords = (method: string) => PAYMENT_WORDS[method] ?? method;

function lineText(l: OrderMailLine): string {
  const dates = l.dates.map((d) => `    ${when(d)}${l.dates.length > 1 ? `: ${d.itemTotal}` : ''}`);
  return [`- ${l.itemName} × ${l.orderQuantity} at ${l.unitPrice}: ${l.itemTotal}`, ...dates].join('\n');
}

const feeLabel = (f: OrderMailFee) => `Delivery fee, ${f.kitchenName}, ${dayLabel(f.date)}`;
const feeText = (f: OrderMailFee) => `- ${feeLabel(f)}: ${f.amount}`;

const cell = 'padding:6px 8px;vertical-align:top';
const amountCell = `${cell};text-align:right;white-space:nowrap`;

function lineHtml(l: OrderMailLine): string {
  const dates = l.dates
    .map((d) => `<li>${esc(when(d))}${l.dates.length > 1 ? ` — ${esc(d.itemTotal)}` : ''}</li>`)
    .join('');
  return `<tr><td style="${cell}"><strong>${esc(l.itemName)}</strong> × ${l.orderQuantity} at ${esc(l.unitPrice)}<br><small>${esc(l.kitchenName)}</small><ul style="margin:4px 0;padding-left:18px">${dates}</ul></td><td style="${amountCell}">${esc(l.itemTotal)}</td></tr>`;
}

const feeHtml = (f: OrderMailFee) =>
  `<tr><td style="${cell}">${esc(feeLabel(f))}</td><td style="${amountCell}">${esc(f.amount)}</td></tr>`;

/** The rows of a summary (items, then fees) and its total: the rows add up to the total. */
function summaryHtml(
  lines: OrderMailLine[],
  fees: OrderMailFee[],
  totalLabel: string,
  total: string,
): string {
  return (
    `<table style="width:100%;border-collapse:collapse">${lines.map(lineHtml).join('')}${fees.map(feeHtml).join('')}` +
    `<tr style="border-top:1px solid #ccc"><td style="${cell}"><strong>${esc(totalLabel)}</strong></td><td style="${amountCell}"><strong>${esc(total)}</strong></td></tr></table>`
  );
}

const page = mailPage;

/** The customer's confirmation: every line and its dates, each delivery fee on its own row, and the total. */
export function customerConfirmation(o: OrderMail): RenderedMail {
  const subject = `Your Hearth order ${o.orderNumber} is placed`;
  const totalLabel = `Total (${paymentWords(o.paymentMethod)})`;
  const text = [
    `Hello ${o.contact.name},`,
    '',
    `Thank you for your order ${o.orderNumber}. Each chef will confirm their part.`,
    '',
    ...o.lines.map(lineText),
    ...o.fees.map(feeText),
    '',
    `Total: ${o.orderTotal} (${paymentWords(o.paymentMethod)})`,
    ...(o.fees.length ? [`(items ${o.itemsTotal} + delivery fees ${o.deliveryFeesTotal})`] : []),
    ...(o.deliveryAddress ? ['', `Delivery address: ${o.deliveryAddress}`] : []),
    ...(o.note ? ['', `Your note: ${o.note}`] : []),
    '',
    `Follow your order: ${o.statusUrl}`,
  ].join('\n');
  const html = page(
    `Order ${o.orderNumber} is placed`,
    `<p>Hello ${esc(o.contact.name)}, thank you for your order. Each chef will confirm their part.</p>` +
      summaryHtml(o.lines, o.fees, totalLabel, o.orderTotal) +
      (o.deliveryAddress ? `<p>Delivery address: ${esc(o.deliveryAddress)}</p>` : '') +
      (o.note ? `<p>Your note: ${esc(o.note)}</p>` : '') +
      `<p><a href="${esc(o.statusUrl)}">Follow your order</a></p>`,
  );
  return { subject, text, html };
}

/** A chef's notice: only their own lines and fees, their total, and the customer's contact details. */
export function chefNewOrder(o: OrderMail, publisherId: string): RenderedMail {
  const lines = o.lines.filter((l) => l.publisherId === publisherId);
  const fees = o.fees.filter((f) => f.publisherId === publisherId);
  const total = o.byKitchen[publisherId] ?? '';
  const subject = `New order ${o.orderNumber}: ${lines.map((l) => `${l.itemName} x ${l.orderQuantity}`).join(', ')}`;
  const contact = `${o.contact.name}, ${o.contact.email}, ${o.contact.phone}`;
  const payment = `Payment: ${paymentWords(o.paymentMethod)}`;
  const text = [
    `You have a new order, ${o.orderNumber}. Please confirm it.`,
    '',
    ...lines.map(lineText),
    ...fees.map(feeText),
    '',
    `Your part: ${total}`,
    `Customer: ${contact}`,
    ...(o.deliveryAddress && lines.some((l) => l.dates.some((d) => d.deliveryOption === 'DELIVERY'))
      ? [`Deliver to: ${o.deliveryAddress}`]
      : []),
    ...(o.note ? [`Note: ${o.note}`] : []),
    payment,
  ].join('\n');
  const html = page(
    `New order ${o.orderNumber}`,
    `<p>Please confirm it.</p>${summaryHtml(lines, fees, 'Your part', total)}` +
      `<p>Customer: ${esc(contact)}</p>` +
      (o.deliveryAddress ? `<p>Deliver to: ${esc(o.deliveryAddress)}</p>` : '') +
      (o.note ? `<p>Note: ${esc(o.note)}</p>` : '') +
      `<p>${esc(payment)}</p>`,
  );
  return { subject, text, html };
}

/** One date of one order line whose status changed, as the status e-mails describe it. */
export interface DateStatusMail {
  orderNumber: string;
  statusUrl: string;
  customerName: string | null;
  itemName: string;
  kitchenName: string;
  orderQuantity: number;
  date: OrderMailDate;
  /** The status the date moved to. */
  status: OrderStatus;
  reason: string | null;
  /** For a cancel: what it means for the customer's money, in one sentence (see `cancelMoneyWords`). */
  money?: string | null;
}

/** The new status in the customer's words: the status page's, except that a cancel says who cancelled. */
export function statusWords(status: OrderStatus, deliveryOption: DeliveryOption): string {
  return status === OrderStatus.CANCELLED
    ? 'Cancelled by the kitchen'
    : statusLabelFor(status, deliveryOption);
}

/** What the new status means for the customer, in one sentence. */
function statusMeaning(status: OrderStatus, deliveryOption: DeliveryOption): string {
  switch (status) {
    case OrderStatus.CONFIRMED:
      return 'The chef has confirmed it and will cook it for you.';
    case OrderStatus.SHOPPING_COMPLETED:
      return 'The chef has bought the ingredients.';
    case OrderStatus.IN_PREPARATION:
      return 'The chef is preparing it.';
    case OrderStatus.PICKUP_READY:
      return 'It is ready: you can collect it now.';
    case OrderStatus.IN_DELIVERY_TRANSIT:
      return 'It is on its way to you.';
    case OrderStatus.SHIPPED:
      return 'It has been handed to the courier and is on its way to you.';
    case OrderStatus.DELIVERED:
      return deliveryOption === DeliveryOption.PICKUP
        ? 'You have collected it. Enjoy your meal!'
        : 'It has been delivered. Enjoy your meal!';
    case OrderStatus.CANCELLED:
      return 'We are sorry: the kitchen cannot serve it. The rest of your order is not affected.';
    default:
      return '';
  }
}

const what = (d: DateStatusMail) => `${d.itemName} × ${d.orderQuantity}`;
const hello = (d: DateStatusMail) => (d.customerName ? `Hello ${d.customerName},` : 'Hello,');

/** The customer's notice that the kitchen moved one date of their order. */
export function customerStatusChanged(d: DateStatusMail): RenderedMail {
  const words = statusWords(d.status, d.date.deliveryOption);
  const meaning = statusMeaning(d.status, d.date.deliveryOption);
  const subject = `${d.itemName} for ${dayLabel(d.date.date)}: ${words} (order ${d.orderNumber})`;
  const text = [
    hello(d),
    '',
    `Your order ${d.orderNumber}: ${what(d)} from ${d.kitchenName}`,
    `Date: ${when(d.date)}`,
    `New status: ${words}`,
    ...(meaning ? [meaning] : []),
    ...(d.reason ? [`The kitchen's reason: ${d.reason}`] : []),
    ...(d.money ? [d.money] : []),
    '',
    `Follow your order: ${d.statusUrl}`,
  ].join('\n');
  const html = page(
    words,
    `<p>${esc(hello(d))}</p>` +
      `<p>Your order ${esc(d.orderNumber)}: <strong>${esc(what(d))}</strong> from ${esc(d.kitchenName)}<br>Date: ${esc(when(d.date))}</p>` +
      `<p>New status: <strong>${esc(words)}</strong>${meaning ? `<br>${esc(meaning)}` : ''}</p>` +
      (d.reason ? `<p>The kitchen's reason: ${esc(d.reason)}</p>` : '') +
      (d.money ? `<p>${esc(d.money)}</p>` : '') +
      `<p><a href="${esc(d.statusUrl)}">Follow your order</a></p>`,
  );
  return { subject, text, html };
}

/** The customer's receipt for a date they cancelled themselves. */
export function customerCancelReceipt(d: DateStatusMail): RenderedMail {
  const subject = `You cancelled ${d.itemName} for ${dayLabel(d.date.date)} (order ${d.orderNumber})`;
  const done = `As you asked, ${what(d)} from ${d.kitchenName} for ${when(d.date)} is cancelled in order ${d.orderNumber}. The kitchen has been told; the rest of your order is not affected.`;
  const text = [
    hello(d),
    '',
    done,
    ...(d.money ? [d.money] : []),
    ...(d.reason ? [`Your reason: ${d.reason}`] : []),
    '',
    `Follow your order: ${d.statusUrl}`,
  ].join('\n');
  const html = page(
    'Cancelled as you asked',
    `<p>${esc(hello(d))}</p><p>${esc(done)}</p>` +
      (d.money ? `<p>${esc(d.money)}</p>` : '') +
      (d.reason ? `<p>Your reason: ${esc(d.reason)}</p>` : '') +
      `<p><a href="${esc(d.statusUrl)}">Follow your order</a></p>`,
  );
  return { subject, text, html };
}

/** The chef's notice that a customer cancelled one date of one of their lines. */
export function chefCustomerCancelled(d: DateStatusMail, boardUrl: string): RenderedMail {
  const subject = `Cancelled by the customer: ${d.itemName} for ${dayLabel(d.date.date)} (order ${d.orderNumber})`;
  const who = d.customerName ?? 'The customer';
  const done = `${who} cancelled ${what(d)} for ${when(d.date)} in order ${d.orderNumber}. Its portions are back on sale for that date; nothing else in the order changes.`;
  const reason = d.reason ? `Reason: ${d.reason}` : 'No reason was given.';
  const text = [done, reason, '', `Your orders: ${boardUrl}`].join('\n');
  const html = page(
    `Order ${d.orderNumber}: a date was cancelled`,
    `<p>${esc(done)}</p><p>${esc(reason)}</p><p><a href="${esc(boardUrl)}">Your orders</a></p>`,
  );
  return { subject, text, html };
}
