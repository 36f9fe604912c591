const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (`"2025-02-29"` is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

// Building an Intl formatter costs far more than using one; this runs on every cart read.
const DATE_FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = DATE_FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    // Only zones Intl accepted get here (it throws RangeError otherwise), so the map stays small.
    DATE_FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date (`YYYY-MM-DD`) that an instant falls on in an IANA time zone, with Intl only:
 * `todayIn("Asia/Kolkata", new Date("2025-03-09T20:00:00Z")) === "2025-03-10"` while in
 * `"America/Los_Angeles"` the same instant is still `"2025-03-09"`.
 *
 * Without a zone (null, undefined or empty), the date in UTC.
 *
 * @throws RangeError for an unknown time zone.
 */
export function todayIn(timeZone: string | null | undefined, now: Date | number = Date.now()): string {
  const parts = dateFormatter(timeZone || 'UTC').formatToParts(typeof now === 'number' ? new Date(now) : now);
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}
