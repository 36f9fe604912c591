import { DateTime } from 'luxon';

/** The time zone of a kitchen as spec §3 describes it (and as the chef_setting TIME_ZONE row stores it). */
export interface TimeZoneInfo {
  timeZoneId: string;
  timeZoneName: string;
  /** Standard offset from UTC in seconds. */
  rawOffset: number;
  /** Daylight-saving offset in effect at the time of computing, in seconds. */
  dstOffset: number;
}

const KNOWN_ZONES = new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));

/**
 * The zone as written when valid (`Asia/Kolkata` stays `Asia/Kolkata`, although this runtime's ICU calls it
 * `Asia/Calcutta`), with its case fixed when the runtime lists it (`america/new_york` → `America/New_York`);
 * null when unknown.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return null;
  }
  return KNOWN_ZONES.get(zone.toLowerCase()) ?? zone;
}

/**
 * The columns a geocoder's time zone lookup would give for a zone at `now`: the English long name in
 * effect ("Eastern Daylight Time"), the standard offset (the smaller of January's and July's) and the
 * daylight-saving offset in effect.
 */
export function timeZoneInfo(timeZoneId: string, now = new Date()): TimeZoneInfo {
  const at = DateTime.fromJSDate(now, { zone: timeZoneId });
  const standardMinutes = Math.min(at.set({ month: 1, day: 1 }).offset, at.set({ month: 7, day: 1 }).offset);
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: timeZoneId, timeZoneName: 'long' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZoneId;
  return {
    timeZoneId,
    timeZoneName: name,
    rawOffset: standardMinutes * 60,
    dstOffset: (at.offset - standardMinutes) * 60,
  };
}
