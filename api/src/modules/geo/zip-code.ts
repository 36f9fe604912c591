/**
 * Zip codes in the form they are compared in: upper case, letters and digits only, a US ZIP+4 cut to its
 * 5 digits. `"m4m 1k4"` → `"M4M1K4"`, `"07302-1234"` → `"07302"`.
 */
export function normalizeZip(zip: string, countryCode: string | null): string {
  const compact = zip.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return countryCode === 'US' ? compact.slice(0, 5) : compact;
}

/** The SQL twin of {@link normalizeZip} (without the US cut, which callers add with `left(…, 5)`). */
export const NORMALIZE_ZIP_SQL = (expr: string) => `regexp_replace(upper(${expr}), '[^0-9A-Z]', '', 'g')`;

/** A US zip code as people write it: 5 digits, or ZIP+4. */
export const US_ZIP = /^\d{5}(-?\d{4})?$/;
