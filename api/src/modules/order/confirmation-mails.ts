import { DeliveryOption, formatMoney, toMinor } from '@hearth/shared';
import type { CartEvaluation, LiveLine, StoredDate } from '../cart/cart-evaluator.service.js';
import { chefNewOrder, customerConfirmation, type OrderMail } from './order-emails.js';
import type { OutgoingMail } from '../mail/outbox.service.js';
import type { CheckoutDto } from './dto/checkout.dto.js';

export interface ConfirmationInput {
  orderId: string;
  orderNumber: string;
  statusUrl: string;
  /**
   * The signed-in account's e-mail (the identity provider's, verified there): the customer's confirmation goes
   * there only, never to the free-form `contact.email`, which stays contact information on the order (S-08).
   */
  customerEmail: string | null;
  dto: CheckoutDto;
  address: Record<string, unknown> | null;
  e: CartEvaluation;
  currency: string;
  pickupFor: (line: LiveLine, date: StoredDate) => Record<string, unknown> | undefined;
}

/** An address snapshot on one line, as the e-mails show it. */
export function oneLine(a: Record<string, unknown> | null | undefined): string | null {
  return a
    ? String(
        a.address || [a.addressLine1, a.addressLine2, a.city, a.state, a.zipcode].filter(Boolean).join(', '),
      )
    : null;
}

/**
 * The confirmation e-mails of a new order: one to the customer's account address (none without one), one to
 * each chef with an e-mail address.
 */
export function confirmationMails({
  orderId,
  orderNumber,
  statusUrl,
  customerEmail,
  dto,
  address,
  e,
  currency,
  pickupFor,
}: ConfirmationInput): OutgoingMail[] {
  const money = (minor: number) => formatMoney(minor, currency);
  const totals = e.pricing.totals[0];
  const kitchenName = new Map(e.live.map((l) => [l.item.publisherId, l.item.kitchenName]));
  const data: OrderMail = {
    orderNumber,
    statusUrl,
    contact: dto.contact,
    deliveryAddress: oneLine(address),
    note: dto.note || null,
    paymentMethod: dto.paymentMethod,
    itemsTotal: money(totals.itemsTotal),
    deliveryFeesTotal: money(totals.deliveryFeesTotal),
    orderTotal: money(totals.cartTotal),
    lines: e.pricing.lines.map((p) => {
      const l = e.live[p.index];
      return {
        itemName: l.item.name,
        publisherId: l.item.publisherId,
        kitchenName: l.item.kitchenName,
        orderQuantity: l.orderQuantity,
        unitPrice: money(toMinor(l.option.chefPrice, currency)),
        itemTotal: money(p.itemTotal),
        dates: l.dates.map((d, i) => ({
          date: d.date,
          timeSlots: d.timeSlots,
          deliveryOption: d.deliveryOption,
          pickupAddress: d.deliveryOption === DeliveryOption.PICKUP ? oneLine(pickupFor(l, d)) : null,
          itemTotal: money(p.perDate[i]?.itemTotal ?? 0),
        })),
      };
    }),
    fees: e.pricing.deliveryFees.map((f) => ({
      publisherId: f.publisherId,
      kitchenName: kitchenName.get(f.publisherId) ?? '',
      date: f.date,
      amount: money(f.amount),
    })),
    byKitchen: Object.fromEntries(e.pricing.totalsByPublisher.map((t) => [t.publisherId, money(t.total)])),
  };
  const related = { relatedType: 'order', relatedId: orderId };
  const mails: OutgoingMail[] = customerEmail
    ? [{ to: customerEmail, ...customerConfirmation(data), ...related }]
    : [];
  const chefs = new Map(e.live.map((l) => [l.item.publisherId, l.item.chefEmail]));
  for (const [publisherId, email] of chefs) {
    if (email) mails.push({ to: email, ...chefNewOrder(data, publisherId), ...related });
  }
  return mails;
}
