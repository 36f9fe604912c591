/** The parts of an address (spec §3 Address) that its one-line form is made of. */
export interface AddressParts {
  address?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  locality?: string | null;
  district?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  country?: string | null;
}

const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');
/** How two parts are compared: case, spaces and punctuation aside ("Jersey City" = "jersey  city."). */
const key = (part: string) =>
  part
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * An address on one line: street, locality, district, "city, state zip", country. Each comma-separated
 * part is shown once, so a locality that is also the city ("Jersey City, Jersey City"), or a one-line
 * `address` that already holds the city and zip, does not repeat them: "77 Hudson St, Jersey City, NJ 07302,
 * United States". The one-line `address` is used only when there is no street line.
 */
export function formatAddressLine(
  a: AddressParts,
  { withCountry = true }: { withCountry?: boolean } = {},
): string {
  const street = [text(a.addressLine1), text(a.addressLine2)].filter(Boolean).join(', ') || text(a.address);
  const seen = new Set<string>();
  const shown: string[] = [];
  const add = (part: string) => {
    const k = key(part);
    if (!k || seen.has(k)) return;
    seen.add(k);
    shown.push(part.trim());
  };
  const city = text(a.city);
  // A locality or district that is the city itself gives way to the city, written as the city is.
  const area = [text(a.locality), text(a.district)].filter((p) => key(p) !== key(city));
  for (const part of [street, ...area, city].flatMap((p) => p.split(','))) add(part);
  const state = text(a.state);
  const zip = text(a.zipcode);
  // "NJ 07302" is already there when a one-line address wrote it as "NJ, 07302".
  if (!(state && zip && seen.has(key(state)) && seen.has(key(zip))))
    add([state, zip].filter(Boolean).join(' '));
  if (withCountry) add(text(a.country));
  return shown.join(', ');
}
