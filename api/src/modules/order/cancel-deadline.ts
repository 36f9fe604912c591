import type { EntityManager } from 'typeorm';
import type { TimeSlot } from '@hearth/shared';
import { slotWindows } from '../menu/menu-schedule.js';

export interface DeadlineQuery {
  itemId: string | null;
  date: string;
  timeSlots: TimeSlot[];
  /** The chef's zone, for the fallback. */
  timeZone: string | null;
}

export const deadlineKey = (itemId: string | null, date: string) => `${itemId ?? '-'}|${date}`;

/**
 * Until when a customer may cancel each date: the order cut-off of that date on the item's menu (the
 * latest one when several menus carry it, whatever the menu's state now), else the start of its first slot
 * in the chef's zone (the menu date is gone).
 */
export async function cancelDeadlines(
  m: EntityManager,
  queries: readonly DeadlineQuery[],
): Promise<Map<string, Date>> {
  const known = queries.filter((q) => q.itemId);
  const cutoffs: CutoffRow[] =
    known.length > 0
      ? await m.query(
          `SELECT x.item_id, x.date::text AS date, max(d.cutoff_at) AS cutoff
             FROM unnest($1::uuid[], $2::date[]) AS x(item_id, date)
             JOIN menu_item mi ON mi.item_id = x.item_id
             JOIN menu_date d ON d.menu_id = mi.menu_id AND d.date = x.date
            GROUP BY 1, 2`,
          [known.map((q) => q.itemId), known.map((q) => q.date)],
        )
      : [];
  return deadlinesFrom(cutoffs, queries);
}

/** The latest cut-off of an item's date over the menus that carry it (`cancelDeadlines`' query). */
export interface CutoffRow {
  item_id: string;
  date: string;
  cutoff: Date | string;
}

/** The deadlines of `queries` from their cut-offs, else the start of the first slot in the chef's zone. */
export function deadlinesFrom(
  cutoffs: readonly CutoffRow[],
  queries: readonly DeadlineQuery[],
): Map<string, Date> {
  const result = new Map<string, Date>();
  for (const r of cutoffs) result.set(deadlineKey(r.item_id, r.date), new Date(r.cutoff));
  for (const q of queries) {
    const key = deadlineKey(q.itemId, q.date);
    if (result.has(key)) continue;
    const first = slotWindows({ timeZone: q.timeZone ?? 'UTC', timeSlots: q.timeSlots }, q.date)[0];
    if (first) result.set(key, first.startsAt);
  }
  return result;
}
