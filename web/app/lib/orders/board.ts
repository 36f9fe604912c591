import { OrderStatus } from '@hearth/shared';
import type { BoardGroup, Fulfilment } from './orders';

/** Pickups or deliveries of one slot of one date, with the rows on this page and the count of the whole list. */
export interface BoardOptionGroup {
  deliveryOption: string;
  rows: Fulfilment[];
  /** Over the whole list (the API's group counts); the rows on this page when those could not be had. */
  count: number;
}

export interface BoardSlotGroup {
  timeSlots: string[];
  key: string;
  options: BoardOptionGroup[];
  count: number;
}

export interface BoardDateGroup {
  date: string;
  slots: BoardSlotGroup[];
  count: number;
  /** Whether the date has delivery rows (on the whole list): it then has a delivery round. */
  hasDeliveries: boolean;
}

const slotKey = (slots: readonly string[]) => slots.join('+');

/**
 * The page's rows grouped date → time slot(s) → pickup/delivery, in the order the API sent them (which is
 * that order), each group with its count over the whole list from `groups` (or, without them, this page).
 */
export function boardSections(
  items: readonly Fulfilment[],
  groups: readonly BoardGroup[] | null,
): BoardDateGroup[] {
  const dates: BoardDateGroup[] = [];
  const countOf = (date: string, key?: string, option?: string) =>
    groups
      ?.filter(
        (g) =>
          g.date === date &&
          (key === undefined || slotKey(g.timeSlots) === key) &&
          (option === undefined || g.deliveryOption === option),
      )
      .reduce((n, g) => n + g.count, 0);
  for (const f of items) {
    let d = dates.find((x) => x.date === f.date);
    if (!d) {
      d = { date: f.date, slots: [], count: 0, hasDeliveries: false };
      dates.push(d);
    }
    const key = slotKey(f.timeSlots);
    let s = d.slots.find((x) => x.key === key);
    if (!s) {
      s = { timeSlots: [...f.timeSlots], key, options: [], count: 0 };
      d.slots.push(s);
    }
    let o = s.options.find((x) => x.deliveryOption === f.deliveryOption);
    if (!o) {
      o = { deliveryOption: f.deliveryOption, rows: [], count: 0 };
      s.options.push(o);
    }
    o.rows.push(f);
  }
  for (const d of dates) {
    for (const s of d.slots) {
      for (const o of s.options) o.count = countOf(d.date, s.key, o.deliveryOption) ?? o.rows.length;
      s.count = countOf(d.date, s.key) ?? s.options.reduce((n, o) => n + o.rows.length, 0);
    }
    d.count = countOf(d.date) ?? d.slots.reduce((n, s) => n + s.count, 0);
    d.hasDeliveries = groups
      ? groups.some((g) => g.date === d.date && g.deliveryOption === 'DELIVERY')
      : d.slots.some((s) => s.options.some((o) => o.deliveryOption === 'DELIVERY'));
  }
  return dates;
}

/** The statuses a chef may move selected rows to (the API checks each row against the table). */
export const BULK_STATUSES: readonly string[] = Object.values(OrderStatus).filter(
  (s) => s !== OrderStatus.PLACED,
);

/** `?sel=` values that look like ids (the form's checkboxes), without repeats, at most 200. */
export function selectedIds(values: readonly FormDataEntryValue[]): string[] {
  const ids = values
    .map((v) => String(v).trim())
    .filter((v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));
  return [...new Set(ids)].slice(0, 200);
}
