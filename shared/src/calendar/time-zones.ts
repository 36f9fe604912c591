// Checked on every API request and many times per page; remembering the answers (a few hundred zones at most)
// avoids building a formatter each time. Unknown zones are not remembered, so callers cannot grow the set.
const KNOWN_ZONES = new Set<string>();

/** True when `zone` is an IANA time zone this runtime knows (`"America/New_York"`; not `""`, not `"Mars/Base"`). */
export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  if (KNOWN_ZONES.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  KNOWN_ZONES.add(zone);
  return true;
}
