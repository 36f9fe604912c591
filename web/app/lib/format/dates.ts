import { TIME_SLOTS, isValidTimeZone } from '@hearth/shared';
import type { TimeSlot } from '@hearth/shared';

/*
 * One clock (docs/decisions/013-one-clock.md). A kitchen's dates are the kitchen's calendar days and are
 * shown as written; every time and cut-off of a kitchen's food is shown in the kitchen's time zone (the
 * food is cooked there), with the zone named. The viewer's zone is only a fallback for a kitchen whose
 * zone is unknown, and is named just the same. Labels are built from parts with plain spaces, so the
 * server (JavaScript off) and the browser write the very same words.
 */

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
 * The zone a kitchen's times are shown in: the kitchen's own when it is known, else the viewer's (the
 * `tz` cookie, else the server's), else UTC.
 */
export function displayZone(kitchenZone: string | null | undefined, viewerZone?: string | null): string {
  if (isValidTimeZone(kitchenZone)) return kitchenZone;
  if (isValidTimeZone(viewerZone)) return viewerZone;
  return 'UTC';
}

/** How a page names a zone: "New York time", "Kolkata time"; "UTC" for UTC. */
export function zoneName(zone: string): string {
  if (/^(Etc\/)?(UTC|GMT|Universal|Zulu)$/i.test(zone)) return 'UTC';
  const city = zone.split('/').pop() ?? zone;
  return `${city.replace(/_/g, ' ')} time`;
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US date format with these options in `zone`, made once and kept: building an Intl.DateTimeFormat
 * costs far more than formatting with one, and a page of search results formats hundreds of instants (it
 * showed in the web server's CPU profile under load, docs/benchmarks.md "Web pages").
 */
export function dateFormat(options: Intl.DateTimeFormatOptions, zone: string): Intl.DateTimeFormat {
  const timeZone = displayZone(zone);
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Bounded by the zones in use times the few option sets of this file and its callers.
    if (formats.size >= 1000) formats.clear();
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

function partsOf(d: Date, zone: string, options: Intl.DateTimeFormatOptions): Parts {
  const out: Parts = {};
  const format = dateFormat(options, zone);
  for (const part of format.formatToParts(d)) out[part.type] = part.value;
  return out;
}

function instant(iso: string | Date | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The zone's short name at that instant: "EST" or "EDT" in New York, "GMT+5:30" in Kolkata. */
export function zoneAbbreviation(zone: string, at: string | Date): string {
  const d = instant(at) ?? new Date(0);
  return partsOf(d, zone, { timeZoneName: 'short' }).timeZoneName ?? zone;
}

/** An instant as "Fri, Nov 27, 6:00 PM EST" in `zone` (the zone named); '' when there is none. */
export function instantLabel(iso: string | Date | null | undefined, zone: string): string {
  const d = instant(iso);
  if (!d) return '';
  const p = partsOf(d, zone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${p.weekday}, ${p.month} ${p.day}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** The calendar date `YYYY-MM-DD` of an instant in `zone`. */
export function dateIn(iso: string | Date, zone: string): string {
  const d = instant(iso) ?? new Date(0);
  const p = partsOf(d, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

const DAY_MS = 86_400_000;

/**
 * When orders for `date` close, short enough for a date chip, in `zone` (named once on the page, see
 * {@link zoneName}): "3:00 AM" on the day itself, "Fri 6:00 PM" within the week before, else
 * "Nov 20, 6:00 PM".
 */
export function cutoffShortLabel(iso: string | Date | null | undefined, zone: string, date: string): string {
  const d = instant(iso);
  if (!d) return '';
  const p = partsOf(d, zone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const time = `${p.hour}:${p.minute} ${p.dayPeriod}`;
  const closes = calendarDate(dateIn(d, zone));
  const day = calendarDate(date);
  if (!closes || !day) return `${p.month} ${p.day}, ${time}`;
  const daysBefore = Math.round((day.getTime() - closes.getTime()) / DAY_MS);
  if (daysBefore === 0) return time;
  if (daysBefore > 0 && daysBefore < 7) return `${p.weekday} ${time}`;
  return `${p.month} ${p.day}, ${time}`;
}
