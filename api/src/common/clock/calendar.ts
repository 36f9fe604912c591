import { DateTime } from 'luxon';
import type { Weekday } from '@hearth/shared';

/**
 * Calendar dates (`YYYY-MM-DD`) as menus, carts, orders and the kitchen page read them. Pure functions of
 * a date, shared by every module (`todayIn` and `dayLabel` are `@hearth/shared`'s: the web needs them too);
 * what "now" is comes from the injectable {@link ClockService}.
 */

const LUXON_TO_WEEKDAY: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** Weekday code of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const { year, month, day } = parseDate(date);
  return LUXON_TO_WEEKDAY[DateTime.utc(year, month, day).weekday - 1];
}

/** The parts of a `YYYY-MM-DD` calendar date; throws on anything else or on a date that does not exist. */
export function parseDate(date: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Expected a date as YYYY-MM-DD, got "${date}"`);
  const parsed = DateTime.utc(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!parsed.isValid) throw new Error(`"${date}" is not a calendar date`);
  return { year: parsed.year, month: parsed.month, day: parsed.day };
}
