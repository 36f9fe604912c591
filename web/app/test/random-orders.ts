/**
 * Carts and orders as the API sends them, built from random carts priced by the shared rules: the money
 * the pages render comes from `priceCart`, `dateSettlement` and `orderAmounts`, exactly as the API's
 * mappers use them, so a page whose numbers do not add up fails here whatever the cart.
 */
import {
  DeliveryOption,
  OrderStatus,
  dateNetAmount,
  dateSettlement,
  fromMinor,
  orderAmounts,
  priceCart,
  type PricingCartItemInput,
} from '@hearth/shared';
import type { DateFate } from '@hearth/shared/testing';
import type { Cart } from '~/lib/cart/cart';
import type { DateSelection, Fulfilment, Order } from '~/lib/orders/orders';

const uuid = (n: number, prefix: string) =>
  `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The chef's kitchen name in a random cart (`chef-0` → `kitchen-0`). */
const kitchenOf = (publisherId: string | number) => `kitchen-${String(publisherId).replace('chef-', '')}`;

/** `GET cart` for a random cart, priced by the shared rules. */
export function cartDtoOf(cart: PricingCartItemInput[]): Cart {
  const p = priceCart(cart);
  return {
    id: 'cart-1',
    cartItems: p.lines.map((line) => {
      const input = cart[line.index] as PricingCartItemInput;
      const money = (minor: number) => fromMinor(minor, line.currencyCode);
      return {
        cartItemId: line.key,
        tempId: null,
        itemId: line.itemId,
        item: {
          id: line.itemId,
          name: line.itemName,
          publisherId: line.publisherId,
          kitchenName: kitchenOf(line.publisherId),
          currencyCode: line.currencyCode,
          deliveryFees: String(input.item.deliveryFees ?? '0.00'),
          deliveryMinimumAmount: String(input.item.deliveryMinimumAmount ?? '0.00'),
          pictures: [],
        },
        userSelectedPricingOption: {
          id: `option-${line.itemId}`,
          measurement: 'Plate',
          quantity: '1.00',
          chefPrice: String(input.userSelectedPricingOption.chefPrice),
          serves: 2,
        },
        orderQuantity: line.orderQuantity,
        isCateringItem: line.isCateringItem,
        currencyCode: line.currencyCode,
        slotCount: line.slotCount,
        itemTotalChefPrice: money(line.itemTotal),
        distributedFees: money(line.distributedFees),
        netAmount: money(line.netAmount),
        dates: line.perDate.map((d) => ({
          date: d.date,
          timeSlots: [...d.timeSlots],
          deliveryOption: d.deliveryOption,
          pickupLocationId: null,
          firstTimeSlot: d.firstTimeSlot,
          itemTotal: money(d.itemTotal),
          deliveryFee: money(d.deliveryFee),
          netAmount: money(d.netAmount),
          remainingPortions: 10,
        })),
      };
    }),
    deliveryFees: p.deliveryFees.map((f) => ({
      publisherId: f.publisherId,
      kitchenName: kitchenOf(f.publisherId),
      date: f.date,
      firstTimeSlot: f.firstTimeSlot,
      amount: fromMinor(f.amount, f.currencyCode),
      currencyCode: f.currencyCode,
      chargedToCartItemId: p.lines[f.chargedToLine]?.key ?? '',
      cartItemIds: f.lines.map((i) => p.lines[i]?.key ?? ''),
    })),
    totalsByPublisher: p.totalsByPublisher.map((t) => ({
      publisherId: t.publisherId,
      kitchenName: kitchenOf(t.publisherId),
      currencyCode: t.currencyCode,
      itemsTotal: fromMinor(t.itemsTotal, t.currencyCode),
      deliveryFeesTotal: fromMinor(t.deliveryFeesTotal, t.currencyCode),
      total: fromMinor(t.total, t.currencyCode),
    })),
    totals: p.totals.map((t) => ({
      currencyCode: t.currencyCode,
      itemsTotal: fromMinor(t.itemsTotal, t.currencyCode),
      deliveryFeesTotal: fromMinor(t.deliveryFeesTotal, t.currencyCode),
      cartTotal: fromMinor(t.cartTotal, t.currencyCode),
    })),
    errors: p.errors.map((e) => ({
      code: e.code,
      cartItemId: e.lineKey,
      itemId: e.itemId,
      itemName: e.itemName,
      message: e.message,
      minimum: fromMinor(e.minimum, e.currencyCode),
      currencyCode: e.currencyCode,
    })),
    isValid: p.isValid,
    removed: [],
  };
}

/**
 * `GET order/{orderNumber}` for the part of a random cart in its first currency (an order has one
 * currency), placed, then each date given a fate (moved along, delivered, cancelled, refunded).
 */
export function orderDtoOf(orderNumber: string, cart: PricingCartItemInput[], fates: DateFate[]): Order {
  const p = priceCart(cart);
  const currency = p.totals[0]?.currencyCode ?? 'USD';
  const money = (minor: number) => fromMinor(minor, currency);
  let n = 0;
  const cartItems = p.lines
    .filter((l) => l.currencyCode === currency)
    .map((line) => ({
      cartItemId: uuid(line.index, 'ca'),
      itemId: uuid(line.index, 'it'),
      itemName: line.itemName,
      publisherId: uuid(Number(line.publisherId.replace('chef-', '')), 'pb'),
      kitchenName: kitchenOf(line.publisherId),
      userSelectedPricingOption: {
        id: `option-${line.itemId}`,
        measurement: 'Plate',
        quantity: '1.00',
        chefPrice: String((cart[line.index] as PricingCartItemInput).userSelectedPricingOption.chefPrice),
        serves: 2,
      },
      unitPrice: String((cart[line.index] as PricingCartItemInput).userSelectedPricingOption.chefPrice),
      orderQuantity: line.orderQuantity,
      itemTotalChefPrice: money(line.itemTotal),
      itemPricePerDate: money(line.perDate[0]?.itemTotal ?? 0),
      netAmountPerDate: money(line.perDate[0]?.netAmount ?? 0),
      distributedFees: money(line.distributedFees),
      netAmount: money(line.netAmount),
      vsFees: money(0),
      isCateringItem: line.isCateringItem,
      dates: line.perDate.map((d): DateSelection => {
        const fate = fates[n % Math.max(fates.length, 1)] ?? {
          orderStatus: OrderStatus.PLACED,
          paymentStatus: 'INITIATED',
          payoutRefundStatus: 'DEFAULT',
        };
        n += 1;
        const amounts = { ...fate, itemTotal: money(d.itemTotal), deliveryFee: money(d.deliveryFee) };
        const settlement = dateSettlement(amounts, currency);
        return {
          id: uuid(n, 'da'),
          date: d.date,
          timeSlots: [...d.timeSlots],
          orderStatus: fate.orderStatus,
          statusLabel: fate.orderStatus,
          paymentStatus: fate.paymentStatus,
          deliveryOption: d.deliveryOption,
          payoutRefundStatus: fate.payoutRefundStatus,
          payoutRefundAmount: null,
          payoutRefundAt: null,
          payoutRefundError: null,
          cashReceivedAt: null,
          noShowAt: null,
          itemTotal: amounts.itemTotal,
          deliveryFee: amounts.deliveryFee,
          netAmount: money(dateNetAmount(amounts, currency)),
          settlement: { state: settlement.state, amount: money(settlement.amount) },
          pickupLocation: null,
          canCancel: false,
          cancelBefore: null,
          statusChanges: [],
        };
      }),
    }));
  const a = orderAmounts(
    cartItems.flatMap((l) => l.dates),
    currency,
  );
  return {
    id: uuid(1, 'or'),
    orderNumber,
    orderedDate: '2026-11-20T12:00:00.000Z',
    orderStatus: OrderStatus.PLACED,
    orderTotal: money(a.ordered),
    currencyCode: currency,
    amounts: {
      itemsTotal: money(a.itemsTotal),
      deliveryFeesTotal: money(a.deliveryFeesTotal),
      ordered: money(a.ordered),
      cancelledTotal: money(a.cancelledTotal),
      total: money(a.total),
      due: money(a.due),
      paid: money(a.paid),
      refunded: money(a.refunded),
      refundPending: money(a.refundPending),
    },
    note: null,
    consumerContactDetails: { name: 'Casey Customer', phone: '+1 201 555 0100' },
    consumerLocationDetails: null,
    paymentDetails: {
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      paymentDetailsGenericId: null,
      isPaymentCompleted: false,
      paymentCompletedTime: null,
      transactionFees: money(0),
      grossAmount: money(a.ordered),
      netAmount: money(a.ordered),
      currencyCode: currency,
      vsFees: money(0),
      vsNet: money(a.ordered),
      gateway: 'cash',
      checkoutUrl: null,
      failureReason: null,
      holdExpiresAt: null,
    },
    cartItems,
  };
}

/** The chef's board (`order/fulfillOrders`) for every date of an order, as the API lists them. */
export function fulfilmentsOf(order: Order): Fulfilment[] {
  return order.cartItems.flatMap((line) =>
    line.dates.map((d) => ({
      orderNumber: order.orderNumber,
      orderId: order.id,
      orderedDate: order.orderedDate,
      cartItemId: line.cartItemId,
      itemId: line.itemId,
      itemName: line.itemName,
      pricingOption: `${line.userSelectedPricingOption.quantity} ${line.userSelectedPricingOption.measurement}`,
      orderQuantity: line.orderQuantity,
      dateSelectionId: d.id,
      date: d.date,
      timeSlots: d.timeSlots,
      deliveryOption: d.deliveryOption as DeliveryOption,
      orderStatus: d.orderStatus,
      paymentStatus: d.paymentStatus,
      paymentMethod: order.paymentDetails?.paymentMethod ?? null,
      cashReceivedAt: d.cashReceivedAt,
      noShowAt: d.noShowAt,
      canRecordCash: false,
      canMarkNoShow: false,
      nextStatuses: [],
      payoutRefundStatus: d.payoutRefundStatus,
      payoutRefundAmount: d.payoutRefundAmount,
      payoutRefundAt: d.payoutRefundAt,
      payoutRefundError: d.payoutRefundError,
      itemTotal: d.itemTotal,
      deliveryFee: d.deliveryFee,
      netAmountPerDate: d.netAmount,
      settlement: d.settlement,
      currencyCode: order.currencyCode,
      customer: order.consumerContactDetails,
      deliveryAddress: null,
      pickupLocation: null,
      note: null,
    })),
  );
}

/** An amount as a page shows it ("$1,234.56", "−₹1,23,456.50", "RM20.00") in minor units (two decimals). */
export function shownMinor(text: string): number {
  const digits = text.replace(/\D/g, '');
  if (!digits) throw new Error(`No amount in "${text}"`);
  return (/^\s*[−-]/.test(text) ? -1 : 1) * Number(digits);
}

/** Every amount marked `data-amount="{kind}"` in a piece of HTML, in minor units, in document order. */
export function amountsIn(html: string, kind: string): number[] {
  const re = new RegExp(`data-amount="${kind}"[^>]*>([^<]*)<`, 'g');
  return [...html.matchAll(re)].map((m) => shownMinor(m[1] ?? ''));
}

export const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
