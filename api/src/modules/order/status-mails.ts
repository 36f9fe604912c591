import {
  DeliveryOption,
  formatMoney,
  OrderStatus,
  Settlement,
  type DateSettlement,
  type MinorUnits,
  type TimeSlot,
} from '@hearth/shared';
import {
  chefCustomerCancelled,
  customerCancelReceipt,
  customerStatusChanged,
  type DateStatusMail,
} from './order-emails.js';
import type { OutgoingMail } from '../mail/outbox.service.js';
import { oneLine } from './confirmation-mails.js';

/** The web page where a customer follows one order (linked from every order e-mail). */
export function orderStatusUrl(webOrigin: string, orderNumber: string): string {
  return `${webOrigin}/l/orders/order-status?orderNumber=${encodeURIComponent(orderNumber)}`;
}

/** The chef's order board. */
export function kitchenBoardUrl(webOrigin: string): string {
  return `${webOrigin}/l/orders/kitchen`;
}

/**
 * The kitchen moves the customer hears about by e-mail. Only moves that change what the customer can
 * expect or must do are mailed: the chef said yes (CONFIRMED), come and get it (PICKUP_READY), be home
 * (IN_DELIVERY_TRANSIT, SHIPPED), it is done (DELIVERED) and it will not happen (CANCELLED).
 * SHOPPING_COMPLETED and IN_PREPARATION are the chef's own progress: a confirmed date moves through them
 * within hours, a mail for each would teach customers to ignore our mail, and the status page shows them.
 */
export const MAILED_KITCHEN_MOVES: ReadonlySet<OrderStatus> = new Set([
  OrderStatus.CONFIRMED,
  OrderStatus.PICKUP_READY,
  OrderStatus.IN_DELIVERY_TRANSIT,
  OrderStatus.SHIPPED,
  OrderStatus.DELIVERED,
  OrderStatus.CANCELLED,
]);

/** What the status e-mails need from a locked date selection (columns of its row). */
export interface SelectionMailFacts {
  order_id: string;
  order_number: string;
  item_name: string;
  kitchen_name: string;
  order_quantity: number;
  date: string;
  time_slots: TimeSlot[];
  delivery_option: 'PICKUP' | 'DELIVERY';
  pickup_location: Record<string, unknown> | null;
  /** The order's contact e-mail, else the customer's account e-mail. */
  customer_email: string | null;
  customer_name: string | null;
  /** The kitchen's e-mail, else its owner's account e-mail. */
  chef_email: string | null;
}

interface MailContext {
  webOrigin: string;
  to: OrderStatus;
  reason: string | undefined;
  /** For a cancel: the money sentence of {@link cancelMoneyWords}. */
  money?: string | null;
}

/**
 * What cancelling a date means for the customer's money, in one sentence: nothing is due when it was not
 * paid yet (saying what it came to), else the refund and whether it went through. `net` is what the date
 * came to (its items, and the trip's delivery fee when it still carried it).
 */
export function cancelMoneyWords(settlement: DateSettlement, net: MinorUnits, currencyCode: string): string {
  const money = (minor: MinorUnits) => formatMoney(minor, currencyCode);
  switch (settlement.state) {
    case Settlement.REFUNDED:
      return `${money(settlement.amount)} has been refunded to you.`;
    case Settlement.REFUND_PENDING:
      return `You paid ${money(settlement.amount)} for it: it will be refunded to you.`;
    default:
      return `Nothing is due for it: the ${money(net)} it came to is no longer charged.`;
  }
}

function mailData(s: SelectionMailFacts, { webOrigin, to, reason, money }: MailContext): DateStatusMail {
  const pickup = s.delivery_option === DeliveryOption.PICKUP;
  return {
    orderNumber: s.order_number,
    statusUrl: orderStatusUrl(webOrigin, s.order_number),
    customerName: s.customer_name || null,
    itemName: s.item_name,
    kitchenName: s.kitchen_name,
    orderQuantity: s.order_quantity,
    date: {
      date: s.date,
      timeSlots: s.time_slots,
      deliveryOption: s.delivery_option,
      pickupAddress: pickup ? oneLine(s.pickup_location) : null,
    },
    status: to,
    reason: reason || null,
    money: to === OrderStatus.CANCELLED ? (money ?? null) : null,
  };
}

const related = (s: SelectionMailFacts) => ({ relatedType: 'order', relatedId: s.order_id });

/** The customer's e-mail about a kitchen move, when that move is one customers hear about. */
export function kitchenMoveMails(s: SelectionMailFacts, context: MailContext): OutgoingMail[] {
  if (!MAILED_KITCHEN_MOVES.has(context.to) || !s.customer_email) return [];
  return [{ to: s.customer_email, ...customerStatusChanged(mailData(s, context)), ...related(s) }];
}

/** A customer's cancel: the chef of the item is told, the customer gets a receipt. */
export function customerCancelMails(s: SelectionMailFacts, context: Omit<MailContext, 'to'>): OutgoingMail[] {
  const d = mailData(s, { ...context, to: OrderStatus.CANCELLED });
  const mails: OutgoingMail[] = [];
  if (s.chef_email)
    mails.push({
      to: s.chef_email,
      ...chefCustomerCancelled(d, kitchenBoardUrl(context.webOrigin)),
      ...related(s),
    });
  if (s.customer_email) mails.push({ to: s.customer_email, ...customerCancelReceipt(d), ...related(s) });
  return mails;
}
