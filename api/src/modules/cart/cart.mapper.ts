import { fromMinor } from '@hearth/shared';
import type { CartEvaluation } from './cart-evaluator.service.js';
import { capacityKey } from './catalog.reader.js';
import { remainingPortions } from './orderability.js';
import type { CartDto } from './dto/cart.dto.js';

/** An empty cart (no cart row yet, or every line gone). */
export function emptyCart(id: string | null = null): CartDto {
  return {
    id,
    cartItems: [],
    deliveryFees: [],
    totalsByPublisher: [],
    totals: [],
    errors: [],
    isValid: true,
    removed: [],
  };
}

/** The response of every cart endpoint: lines, fees, totals and errors of the evaluation, money as decimal strings. */
export function mapCart(id: string, e: CartEvaluation): CartDto {
  const kitchen = new Map(e.live.map((l) => [l.item.publisherId, l.item.kitchenName]));
  const errors: CartDto['errors'] = [
    ...e.pricing.errors.map((err) => ({
      code: err.code,
      cartItemId: e.live[err.lineIndex]?.id ?? err.lineKey,
      itemId: err.itemId,
      itemName: err.itemName,
      message: err.message,
      minimum: fromMinor(err.minimum, err.currencyCode),
      currencyCode: err.currencyCode,
    })),
    ...e.shortfalls.map((s) => ({
      code: 'NOT_ENOUGH_LEFT' as const,
      cartItemId: s.line.id,
      itemId: s.line.itemId,
      itemName: s.line.item.name,
      message: s.message,
      date: s.date,
      remainingPortions: s.remaining,
    })),
  ];
  return {
    id,
    cartItems: e.pricing.lines.map((p) => {
      const line = e.live[p.index];
      const money = (minor: number) => fromMinor(minor, p.currencyCode);
      return {
        cartItemId: line.id,
        tempId: line.tempId,
        itemId: line.itemId,
        item: {
          id: line.item.id,
          name: line.item.name,
          publisherId: line.item.publisherId,
          kitchenName: line.item.kitchenName,
          currencyCode: line.item.currencyCode,
          deliveryFees: line.item.deliveryFees,
          deliveryMinimumAmount: line.item.deliveryMinimumAmount,
          pictures: line.item.pictures,
        },
        userSelectedPricingOption: {
          id: line.option.id,
          measurement: line.option.measurement,
          quantity: line.option.quantity,
          chefPrice: line.option.chefPrice,
          serves: line.option.serves,
        },
        orderQuantity: line.orderQuantity,
        isCateringItem: line.isCateringItem,
        currencyCode: p.currencyCode,
        slotCount: p.slotCount,
        itemTotalChefPrice: money(p.itemTotal),
        distributedFees: money(p.distributedFees),
        netAmount: money(p.netAmount),
        dates: p.perDate.map((d, i) => ({
          date: d.date,
          timeSlots: [...d.timeSlots],
          deliveryOption: d.deliveryOption,
          pickupLocationId: line.dates[i]?.pickupLocationId ?? null,
          firstTimeSlot: d.firstTimeSlot,
          itemTotal: money(d.itemTotal),
          deliveryFee: money(d.deliveryFee),
          netAmount: money(d.netAmount),
          remainingPortions: remainingPortions(e.capacity.get(capacityKey(line.itemId, d.date))),
        })),
      };
    }),
    deliveryFees: e.pricing.deliveryFees.map((f) => ({
      publisherId: f.publisherId,
      kitchenName: kitchen.get(f.publisherId) ?? '',
      date: f.date,
      firstTimeSlot: f.firstTimeSlot,
      amount: fromMinor(f.amount, f.currencyCode),
      currencyCode: f.currencyCode,
      chargedToCartItemId: e.live[f.chargedToLine]?.id ?? '',
      cartItemIds: f.lines.map((i) => e.live[i]?.id ?? ''),
    })),
    totalsByPublisher: e.pricing.totalsByPublisher.map((t) => ({
      publisherId: t.publisherId,
      kitchenName: kitchen.get(t.publisherId) ?? '',
      currencyCode: t.currencyCode,
      itemsTotal: fromMinor(t.itemsTotal, t.currencyCode),
      deliveryFeesTotal: fromMinor(t.deliveryFeesTotal, t.currencyCode),
      total: fromMinor(t.total, t.currencyCode),
    })),
    totals: e.pricing.totals.map((t) => ({
      currencyCode: t.currencyCode,
      itemsTotal: fromMinor(t.itemsTotal, t.currencyCode),
      deliveryFeesTotal: fromMinor(t.deliveryFeesTotal, t.currencyCode),
      cartTotal: fromMinor(t.cartTotal, t.currencyCode),
    })),
    errors,
    isValid: errors.length === 0,
    removed: e.removed.map((r) => ({
      cartItemId: r.line.id,
      itemId: r.line.itemId,
      itemName: r.itemName,
      reason: r.reason,
      message: r.message,
    })),
  };
}
