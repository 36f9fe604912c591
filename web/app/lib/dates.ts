import { TIME_SLOTS } from '@hearth/shared';
import type { TimeSlot } from '@hearth/shared';

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function calendarDate(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** A calendar date `YYYY-MM-DD` (the chef's day) as "Tue, Nov 24"; anything else as given. */
export function dayLabel(date: string): string {
  const d = calendarDate(date);
  return d ? DAY.format(d) : date;
}

/** A calendar date as "Tuesday, November 24, 2026". */
export function longDayLabel(date: string): string {
  const d = calendarDate(date);
  return d ? LONG_DAY.format(d) : date;
}

/** A time slot as its label ("5 PM – 7 PM"); unknown names as given. */
export function slotLabel(slot: string): string {
  return TIME_SLOTS[slot as TimeSlot]?.label ?? slot;
}

/** Slots as "5 PM – 7 PM, Lunch, 12 PM". */
export function slotsLabel(slots: readonly string[]): string {
  return slots.map(slotLabel).join(', ');
}

/**
 * An instant (ISO 8601) as "Mon, Nov 23, 5:00 PM EST" in `timeZone` (the zone the page was rendered
 * for, so the server and the browser write the same words).
 */
export function instantLabel(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(d);
  } catch {
    return d.toISOString();
  }
}
