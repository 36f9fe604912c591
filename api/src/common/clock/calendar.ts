import { DateTime } from 'luxon';
import type { Weekday } from '@hearth/shared';

/**
 * Calendar dates (`YYYY-MM-DD`) as menus, carts, orders and the kitchen page read them. Pure functions of
 * a date and a zone, shared by every module; what "now" is comes from the injectable {@link ClockService}.
 */

const LUXON_TO_WEEKDAY: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** Weekday code of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const { year, month, day } = parseDate(date);
  return LUXON_TO_WEEKDAY[DateTime.utc(year, month, day).weekday - 1];
}

/** Today's calendar date in a zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? now.toISOString().slice(0, 10);
}

/** The parts of a `YYYY-MM-DD` calendar date; throws on anything else or on a date that does not exist. */
export function parseDate(date: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Expected a date as YYYY-MM-DD, got "${date}"`);
  const parsed = DateTime.utc(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!parsed.isValid) throw new Error(`"${date}" is not a calendar date`);
  return { year: parsed.year, month: parsed.month, day: parsed.day };
}
