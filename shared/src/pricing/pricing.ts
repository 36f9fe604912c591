import { TIME_SLOTS_BY_START, type TimeSlot } from '../constants/index.js';
import { DeliveryOption } from '../enums/index.js';
import {
  allocateMinor,
  formatMoney,
  multiplyToMinor,
  normalizeCurrencyCode,
  sumMinor,
  toMinorOrZero,
  type MinorUnits,
} from '../money/index.js';
import type {
  CartError,
  CartPricing,
  CurrencyTotals,
  DeliveryFeeCharge,
  PriceCartOptions,
  PricedCartLine,
  PricingCartItemInput,
  PublisherTotals,
} from './types.js';

const SLOT_RANK = new Map<string, number>(TIME_SLOTS_BY_START.map((slot, rank) => [slot, rank]));

/**
 * The first time slot of a date: the one that starts earliest in the day (by {@link TIME_SLOTS_BY_START},
 * so `["PM_5_7", "AM_9_11"]` → `"AM_9_11"`). Unknown slot names sort last, alphabetically. `null` for no slot.
 */
export function firstTimeSlot(slots: readonly TimeSlot[]): TimeSlot | null {
  let first: TimeSlot | null = null;
  for (const slot of slots) {
    if (first === null || compareSlots(slot, first) < 0) first = slot;
  }
  return first;
}

function compareSlots(a: string, b: string): number {
  const ra = SLOT_RANK.get(a) ?? Number.POSITIVE_INFINITY;
  const rb = SLOT_RANK.get(b) ?? Number.POSITIVE_INFINITY;
  if (ra !== rb) return ra < rb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function lineKey(item: PricingCartItemInput, index: number): string {
  const id = item.cartItemId ?? item.tempId;
  return id === null || id === undefined || id === '' ? `#${index}` : String(id);
}

/**
 * Item total of one cart item (spec §9): `chefPrice × orderQuantity × time slots × dates`, computed on
 * the exact decimal digits of the price and rounded once to the currency's minor unit (half away from
 * zero). When dates carry different numbers of slots, "time slots × dates" is the number of
 * (date, slot) pairs, i.e. the sum over dates of each date's slot count.
 *
 * `8.99 × 3 → 2697` (26.97), never 26.970000000000002.
 *
 * @throws RangeError when `orderQuantity` is not a non-negative safe integer or the price is malformed.
 */
export function itemTotal(item: PricingCartItemInput): MinorUnits {
  return priceLine(item, 0).itemTotal;
}

function priceLine(item: PricingCartItemInput, index: number): PricedCartLine {
  const quantity = item.orderQuantity;
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(
      `orderQuantity must be a non-negative integer, got ${quantity} (item "${item.item.name}")`,
    );
  }
  const currencyCode = normalizeCurrencyCode(item.item.currencyCode);
  const slotsPerDate = item.dates.map((d) => d.timeSlots.length);
  const slotCount = slotsPerDate.reduce((sum, n) => sum + n, 0);
  const total = multiplyToMinor(
    item.userSelectedPricingOption.chefPrice,
    String(BigInt(quantity) * BigInt(slotCount)),
    currencyCode,
  );
  const perDateTotals = allocateMinor(total, slotsPerDate);
  return {
    index,
    key: lineKey(item, index),
    itemId: String(item.item.id),
    itemName: item.item.name,
    publisherId: String(item.item.publisherId),
    currencyCode,
    isCateringItem: item.isCateringItem === true,
    orderQuantity: quantity,
    slotCount,
    itemTotal: total,
    distributedFees: 0,
    netAmount: total,
    perDate: item.dates.map((d, i) => {
      const dateTotal = perDateTotals[i] ?? 0;
      return {
        date: d.date,
        deliveryOption: d.deliveryOption,
        timeSlots: d.timeSlots,
        firstTimeSlot: firstTimeSlot(d.timeSlots),
        itemTotal: dateTotal,
        deliveryFee: 0,
        netAmount: dateTotal,
      };
    }),
  };
}

interface FeeCandidate {
  lineIndex: number;
  dateIndex: number;
  fee: MinorUnits;
}

/** The message of a delivery item below its minimum (spec §5), in the chef's currency. */
export function deliveryMinimumMessage(
  itemName: string,
  minimum: MinorUnits,
  currencyCode: string,
  locale?: string,
): string {
  return `Add more of "${itemName}": delivery needs a minimum of ${formatMoney(minimum, currencyCode, locale)}.`;
}

/**
 * Prices a cart by the rules of spec §9 and checks the delivery minimums of spec §5. All amounts are
 * integer minor units of each line's currency (the chef's `currencyCode`).
 *
 * - **Item total** of a line: see {@link itemTotal}. It is split over the line's dates in proportion to
 *   each date's slot count (`perDate[].itemTotal`, exact, adding up to the line's total).
 * - **Delivery fee**: for every date whose `deliveryOption` is DELIVERY and that has a time slot, the
 *   trip is identified by (chef `publisherId`, `date`, first time slot of that date, see
 *   {@link firstTimeSlot}). Each trip is charged **once**, however many of the chef's items travel in it,
 *   so a second item of the same chef on the same date and first slot adds no fee, while the same item on
 *   another date (or with another first slot) is a new trip and is charged again. Pickup dates never
 *   carry a delivery fee. The fee of a trip is an item-level `deliveryFees`; when the items in one trip
 *   carry **different fees, the highest is charged** (it does not depend on the order of the cart, and
 *   the chef priced a trip with that item at that fee), and it is attributed to the line that carries
 *   it (the earliest such line on a tie). A trip whose highest fee is 0 is not listed.
 * - **distributedFees** of a line: the sum of the trip fees attributed to it; **netAmount** = item total
 *   + distributed fees. The fee also shows on the date it was charged for (`perDate[].deliveryFee`).
 * - **Totals**: per chef, and per currency (`cartTotal` = item totals + delivery fees). Amounts in
 *   different currencies are never added together.
 * - **Minimum delivery amount**: a line with at least one DELIVERY date whose item has a
 *   `deliveryMinimumAmount` > 0 must reach it with its item total over its delivery dates (pickup dates
 *   and delivery fees do not count). Otherwise the cart is invalid and `errors` holds a
 *   {@link DeliveryMinimumError} naming the item and the minimum formatted in the chef's currency:
 *   `Add more of "Chicken Biryani": delivery needs a minimum of $20.00.`
 *
 * Catering items (`isCateringItem`) are priced by the same rules: the spec gives them no other.
 * Pruning (past dates, missing prices) is a separate step: see `pruneCart`.
 *
 * @throws RangeError on malformed amounts or quantities, or when one chef's items carry different currencies.
 */
export function priceCart(
  items: readonly PricingCartItemInput[],
  options: PriceCartOptions = {},
): CartPricing {
  const lines = items.map((item, index) => priceLine(item, index));

  const publisherCurrency = new Map<string, string>();
  for (const line of lines) {
    const known = publisherCurrency.get(line.publisherId);
    if (known === undefined) publisherCurrency.set(line.publisherId, line.currencyCode);
    else if (known !== line.currencyCode) {
      throw new RangeError(
        `Chef ${line.publisherId} has items in two currencies: ${known} and ${line.currencyCode}`,
      );
    }
  }

  // Group every delivery date into its trip (chef, date, first slot).
  const trips = new Map<string, FeeCandidate[]>();
  items.forEach((item, lineIndex) => {
    const line = lines[lineIndex] as PricedCartLine;
    const fee = toMinorOrZero(item.item.deliveryFees, line.currencyCode);
    if (fee < 0) throw new RangeError(`deliveryFees must not be negative (item "${line.itemName}")`);
    line.perDate.forEach((d, dateIndex) => {
      if (d.deliveryOption !== DeliveryOption.DELIVERY || d.firstTimeSlot === null) return;
      const key = JSON.stringify([line.publisherId, d.date, d.firstTimeSlot]);
      const candidates = trips.get(key) ?? [];
      candidates.push({ lineIndex, dateIndex, fee });
      trips.set(key, candidates);
    });
  });

  const deliveryFees: DeliveryFeeCharge[] = [];
  for (const candidates of trips.values()) {
    let chosen = candidates[0] as FeeCandidate;
    for (const c of candidates) if (c.fee > chosen.fee) chosen = c;
    if (chosen.fee === 0) continue;
    const line = lines[chosen.lineIndex] as PricedCartLine;
    const pricedDate = line.perDate[chosen.dateIndex];
    if (!pricedDate || pricedDate.firstTimeSlot === null) continue;
    pricedDate.deliveryFee += chosen.fee;
    pricedDate.netAmount += chosen.fee;
    line.distributedFees += chosen.fee;
    line.netAmount += chosen.fee;
    deliveryFees.push({
      publisherId: line.publisherId,
      currencyCode: line.currencyCode,
      date: pricedDate.date,
      firstTimeSlot: pricedDate.firstTimeSlot,
      amount: chosen.fee,
      chargedToLine: chosen.lineIndex,
      lines: [...new Set(candidates.map((c) => c.lineIndex))],
    });
  }

  const errors: CartError[] = [];
  items.forEach((item, lineIndex) => {
    const line = lines[lineIndex] as PricedCartLine;
    const deliveryDates = line.perDate.filter((d) => d.deliveryOption === DeliveryOption.DELIVERY);
    if (deliveryDates.length === 0) return;
    const minimum = toMinorOrZero(item.item.deliveryMinimumAmount, line.currencyCode);
    if (minimum <= 0) return;
    const deliveryAmount = sumMinor(deliveryDates.map((d) => d.itemTotal));
    if (deliveryAmount >= minimum) return;
    errors.push({
      code: 'DELIVERY_MINIMUM_NOT_MET',
      lineIndex,
      lineKey: line.key,
      itemId: line.itemId,
      itemName: line.itemName,
      currencyCode: line.currencyCode,
      minimum,
      deliveryAmount,
      message: deliveryMinimumMessage(line.itemName, minimum, line.currencyCode, options.locale),
    });
  });

  const byPublisher = new Map<string, PublisherTotals>();
  for (const line of lines) {
    const t = byPublisher.get(line.publisherId) ?? {
      publisherId: line.publisherId,
      currencyCode: line.currencyCode,
      itemsTotal: 0,
      deliveryFeesTotal: 0,
      total: 0,
    };
    t.itemsTotal = sumMinor([t.itemsTotal, line.itemTotal]);
    t.deliveryFeesTotal = sumMinor([t.deliveryFeesTotal, line.distributedFees]);
    t.total = sumMinor([t.itemsTotal, t.deliveryFeesTotal]);
    byPublisher.set(line.publisherId, t);
  }

  const byCurrency = new Map<string, CurrencyTotals>();
  for (const p of byPublisher.values()) {
    const t = byCurrency.get(p.currencyCode) ?? {
      currencyCode: p.currencyCode,
      itemsTotal: 0,
      deliveryFeesTotal: 0,
      cartTotal: 0,
    };
    t.itemsTotal = sumMinor([t.itemsTotal, p.itemsTotal]);
    t.deliveryFeesTotal = sumMinor([t.deliveryFeesTotal, p.deliveryFeesTotal]);
    t.cartTotal = sumMinor([t.itemsTotal, t.deliveryFeesTotal]);
    byCurrency.set(p.currencyCode, t);
  }

  return {
    lines,
    deliveryFees,
    totalsByPublisher: [...byPublisher.values()],
    totals: [...byCurrency.values()],
    errors,
    isValid: errors.length === 0,
  };
}
