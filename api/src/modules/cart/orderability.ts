import { DateTime } from 'luxon';
import {
  DeliveryOption,
  ItemStatus,
  PublisherStatus,
  TIME_SLOTS,
  type TimeSlot,
  dayLabel,
} from '@hearth/shared';
import { slotWindows } from '../menu/menu-schedule.js';
import { sameCode } from '../settings/kitchen-code-header.js';
import type { CapacityRow, CatalogItem, OfferedDate } from './catalog.reader.js';

/** Why a cart line (or one of its dates) cannot be ordered any more, beyond the shared pruning rules. */
export const UnavailableReason = {
  ITEM_DELETED: 'ITEM_DELETED',
  ITEM_HIDDEN: 'ITEM_HIDDEN',
  ITEM_SOLD_OUT: 'ITEM_SOLD_OUT',
  CHEF_BLOCKED: 'CHEF_BLOCKED',
  NOT_OFFERED: 'NOT_OFFERED',
  CODE_REQUIRED: 'CODE_REQUIRED',
  SLOT_NOT_OFFERED: 'SLOT_NOT_OFFERED',
  CUTOFF_PASSED: 'CUTOFF_PASSED',
  FULFILMENT_UNAVAILABLE: 'FULFILMENT_UNAVAILABLE',
  CATERING_UNAVAILABLE: 'CATERING_UNAVAILABLE',
  UNKNOWN_PICKUP_LOCATION: 'UNKNOWN_PICKUP_LOCATION',
} as const;
export type UnavailableReason = (typeof UnavailableReason)[keyof typeof UnavailableReason];

export interface Unavailable {
  reason: UnavailableReason;
  message: string;
  date?: string;
}

/** A date of a cart line as the rules read it. */
export interface WantedDate {
  date: string;
  timeSlots: readonly TimeSlot[];
  deliveryOption: DeliveryOption;
  pickupLocationId?: string | null;
}

function instantLabel(at: Date, zone: string): string {
  const d = DateTime.fromJSDate(at, { zone }).setLocale('en-US');
  return d.isValid ? d.toFormat("ccc, LLL d 'at' h:mm a ZZZZ") : at.toISOString();
}

/** Whether the item itself can be sold at all (not deleted, hidden or sold out; chef approved and not blocked). */
export function itemUnavailable(item: CatalogItem): Unavailable | null {
  const who = `"${item.name}"`;
  if (item.itemStatus === ItemStatus.DELETED)
    return { reason: UnavailableReason.ITEM_DELETED, message: `${who} is no longer sold.` };
  if (item.itemStatus === ItemStatus.HIDDEN)
    return { reason: UnavailableReason.ITEM_HIDDEN, message: `${who} is not offered at the moment.` };
  if (item.itemStatus === ItemStatus.SOLD_OUT)
    return { reason: UnavailableReason.ITEM_SOLD_OUT, message: `${who} is sold out.` };
  if (item.isChefBlocked || item.publisherStatus !== PublisherStatus.APPROVED) {
    return {
      reason: UnavailableReason.CHEF_BLOCKED,
      message: `${who} cannot be ordered: its kitchen is not taking orders.`,
    };
  }
  return null;
}

/** The offers a line may order from: public menus' dates, and private ones when its code is the kitchen's current one. */
export function openOffers(offers: readonly OfferedDate[], accessCode: string | null): OfferedDate[] {
  return offers.filter(
    (o) =>
      !o.isPrivate || (accessCode !== null && o.kitchenCode !== null && sameCode(accessCode, o.kitchenCode)),
  );
}

/** The instant orders for one slot of an offered date close. */
export function slotCutoff(offer: OfferedDate, slot: TimeSlot, isCatering: boolean): Date {
  const [window] = slotWindows(
    {
      timeZone: offer.timeZone,
      timeSlots: [slot],
      stopOrdersType: isCatering ? offer.stopOrdersTypeForCatering : offer.stopOrdersType,
      stopOrdersByDaysOrHours: isCatering
        ? offer.stopOrdersByDaysOrHoursForCatering
        : offer.stopOrdersByDaysOrHours,
    },
    offer.date,
  );
  // The date-level cut-off the menu stored also holds for every slot of the date.
  return window && window.cutoffAt < offer.cutoffAt ? window.cutoffAt : offer.cutoffAt;
}

/**
 * Whether one date of a line can be ordered now: the item is on a published menu for that date with every
 * chosen slot, before the cut-off (the catering lead for catering lines), with the chosen fulfilment.
 */
export function dateUnavailable(
  item: CatalogItem,
  wanted: WantedDate,
  offers: readonly OfferedDate[],
  context: {
    now: Date;
    isCatering: boolean;
    pickupLocationIds: ReadonlySet<string>;
    /** The kitchen's code the line carries (X-Kitchen-Code when it was added), if any. */
    accessCode?: string | null;
  },
): Unavailable | null {
  const who = `"${item.name}"`;
  const day = dayLabel(wanted.date);
  const date = wanted.date;
  if (offers.length === 0)
    return { reason: UnavailableReason.NOT_OFFERED, date, message: `${who} is not offered on ${day}.` };
  offers = openOffers(offers, context.accessCode ?? null);
  if (offers.length === 0) {
    return {
      reason: UnavailableReason.CODE_REQUIRED,
      date,
      message: `${who} is on a private menu on ${day}: enter the kitchen's code on its page to order it.`,
    };
  }
  if (!item.deliveryOptions.includes(wanted.deliveryOption)) {
    return {
      reason: UnavailableReason.FULFILMENT_UNAVAILABLE,
      date,
      message: `${who} is not available for ${wanted.deliveryOption === DeliveryOption.PICKUP ? 'pickup' : 'delivery'}.`,
    };
  }
  const candidates = context.isCatering ? offers.filter((o) => o.cateringEnabled) : offers;
  if (candidates.length === 0) {
    return {
      reason: UnavailableReason.CATERING_UNAVAILABLE,
      date,
      message: `${who} is not offered for catering on ${day}.`,
    };
  }
  for (const slot of wanted.timeSlots) {
    const withSlot = candidates.filter((o) => o.timeSlots.includes(slot));
    if (withSlot.length === 0) {
      return {
        reason: UnavailableReason.SLOT_NOT_OFFERED,
        date,
        message: `${who} is not offered ${TIME_SLOTS[slot]?.label ?? slot} on ${day}.`,
      };
    }
    const cutoffs = withSlot.map((o) => ({ o, at: slotCutoff(o, slot, context.isCatering) }));
    if (!cutoffs.some((c) => context.now < c.at)) {
      const latest = cutoffs.reduce((a, b) => (b.at > a.at ? b : a));
      return {
        reason: UnavailableReason.CUTOFF_PASSED,
        date,
        message: `Orders for ${who} on ${day} closed on ${instantLabel(latest.at, latest.o.timeZone)}.`,
      };
    }
  }
  if (
    wanted.deliveryOption === DeliveryOption.PICKUP &&
    wanted.pickupLocationId &&
    !context.pickupLocationIds.has(wanted.pickupLocationId)
  ) {
    return {
      reason: UnavailableReason.UNKNOWN_PICKUP_LOCATION,
      date,
      message: `Choose one of the kitchen's own pickup places for ${who}.`,
    };
  }
  return null;
}

/** Portions a date of a line takes from the item's capacity: quantity × its time slots. */
export function portions(orderQuantity: number, timeSlots: readonly unknown[]): number {
  return orderQuantity * Math.max(1, timeSlots.length);
}

/** Portions still free for an item on a date (0 when no capacity is set for it). */
export function remainingPortions(row: CapacityRow | undefined): number {
  return row ? Math.max(0, row.maxAllowed - row.orderedCount) : 0;
}

/** `Only 3 portions of "X" are left for Tue, Nov 24.` or `"X" is sold out for Tue, Nov 24.` */
export function capacityMessage(itemName: string, date: string, remaining: number): string {
  if (remaining <= 0) return `"${itemName}" is sold out for ${dayLabel(date)}.`;
  return `Only ${remaining} ${remaining === 1 ? 'portion' : 'portions'} of "${itemName}" ${remaining === 1 ? 'is' : 'are'} left for ${dayLabel(date)}.`;
}
