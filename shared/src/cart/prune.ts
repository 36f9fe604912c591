import { isIsoDate, todayIn } from '../calendar/dates.js';

/**
 * A cart item as kept in browser storage or the cart table: every field may be missing or stale, which
 * is why it is pruned. Extra fields are kept as they are.
 */
export interface PrunableCartItem {
  itemId?: string | number | null;
  item?: {
    id?: string | number | null;
    name?: string | null;
    pricingOptions?: readonly unknown[] | null;
  } | null;
  userSelectedPricingOption?: object | null;
  dates?: readonly { date?: string | null; timeSlots?: readonly string[] | null }[] | null;
}

/** Why a cart item was removed. */
export const CartRemovalReason = {
  NO_PRICING_OPTION: 'NO_PRICING_OPTION',
  MISSING_ITEM_ID: 'MISSING_ITEM_ID',
  NO_DATES: 'NO_DATES',
  INVALID_DATE: 'INVALID_DATE',
  NO_TIME_SLOT: 'NO_TIME_SLOT',
  PAST_DATE: 'PAST_DATE',
} as const;
export type CartRemovalReason = (typeof CartRemovalReason)[keyof typeof CartRemovalReason];

/** A removed cart item with the reason, in words the UI can show as they are. */
export interface RemovedCartItem<T> {
  item: T;
  /** Position of the item in the input cart. */
  index: number;
  reason: CartRemovalReason;
  /** e.g. `"Chicken Biryani" was removed from your cart: its date 2025-03-09 has passed.` */
  message: string;
}

/** The outcome of {@link pruneCart}. */
export interface PrunedCart<T> {
  kept: T[];
  removed: RemovedCartItem<T>[];
}

/** Options of {@link pruneCart}. */
export interface PruneCartOptions {
  /** IANA time zone in which "today" is decided (the user's `X-Time-Zone`, e.g. `"Asia/Kolkata"`). */
  timeZone: string;
  /** The current instant; default `Date.now()`. Ignored when `today` is given. */
  now?: Date | number;
  /** Today's date `YYYY-MM-DD`, when the caller already knows it. */
  today?: string;
}

function itemLabel(item: PrunableCartItem): string {
  const name = item.item?.name?.trim();
  return name ? `"${name}"` : 'An item';
}

function isMissingId(id: unknown): boolean {
  return id === null || id === undefined || (typeof id === 'string' && id.trim() === '');
}

/**
 * The first reason to remove a cart item, or `null` to keep it. Rules, in this order (spec §4, §5):
 * no item id (`itemId` nor `item.id`); no pricing option (`userSelectedPricingOption` missing, or the
 * item's `pricingOptions` present but empty); no dates; a date that is not a real `YYYY-MM-DD`; a date
 * without a time slot; any date before `today`. Today itself is not past.
 */
export function cartItemRemovalReason(
  item: PrunableCartItem,
  today: string,
): { reason: CartRemovalReason; message: string } | null {
  const who = itemLabel(item);
  if (isMissingId(item.itemId) && isMissingId(item.item?.id)) {
    return {
      reason: CartRemovalReason.MISSING_ITEM_ID,
      message: `${who} was removed from your cart: it is no longer available.`,
    };
  }
  const options = item.item?.pricingOptions;
  if (!item.userSelectedPricingOption || (Array.isArray(options) && options.length === 0)) {
    return {
      reason: CartRemovalReason.NO_PRICING_OPTION,
      message: `${who} was removed from your cart: it has no price option any more.`,
    };
  }
  const dates = item.dates ?? [];
  if (dates.length === 0) {
    return {
      reason: CartRemovalReason.NO_DATES,
      message: `${who} was removed from your cart: no date was chosen.`,
    };
  }
  for (const d of dates) {
    if (!isIsoDate(d?.date)) {
      return {
        reason: CartRemovalReason.INVALID_DATE,
        message: `${who} was removed from your cart: its date "${String(d?.date ?? '')}" is not valid.`,
      };
    }
  }
  for (const d of dates) {
    if (!d.timeSlots || d.timeSlots.length === 0) {
      return {
        reason: CartRemovalReason.NO_TIME_SLOT,
        message: `${who} was removed from your cart: no time slot was chosen for ${d.date}.`,
      };
    }
  }
  const past = dates
    .map((d) => d.date as string)
    .filter((date) => date < today)
    .sort();
  if (past.length > 0) {
    const list = past.join(', ');
    return {
      reason: CartRemovalReason.PAST_DATE,
      message: `${who} was removed from your cart: ${past.length === 1 ? `its date ${list} has` : `its dates ${list} have`} passed.`,
    };
  }
  return null;
}

/**
 * Removes the cart items that can no longer be ordered (spec §4 "on app start, cart items with no
 * pricing options or with any past date are removed"; spec §5 "cart items lacking an item id or dates
 * are dropped"), and says which and why so the UI can tell the user. See {@link cartItemRemovalReason}
 * for the rules. "Today" is the calendar date in `options.timeZone` (Intl, no date library), so the
 * same cart can be pruned differently for a user in Kolkata and one in Los Angeles at the same instant.
 * Order is preserved in both lists; the items themselves are returned unchanged.
 *
 * @throws RangeError for an unknown time zone or a malformed `today`.
 */
export function pruneCart<T extends PrunableCartItem>(
  items: readonly T[],
  options: PruneCartOptions,
): PrunedCart<T> {
  const today = options.today ?? todayIn(options.timeZone, options.now ?? Date.now());
  if (!isIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got "${today}"`);
  const kept: T[] = [];
  const removed: RemovedCartItem<T>[] = [];
  items.forEach((item, index) => {
    const verdict = cartItemRemovalReason(item, today);
    if (verdict === null) kept.push(item);
    else removed.push({ item, index, ...verdict });
  });
  return { kept, removed };
}
