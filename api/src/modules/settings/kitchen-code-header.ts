import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Request header carrying the secret codes a client holds, one per kitchen:
 * `X-Kitchen-Code: <kitchen id>:<code>, <kitchen id>:<code>` (the web sends the codes its visitor entered).
 */
export const KITCHEN_CODE_HEADER = 'x-kitchen-code';
/** OpenAPI description of the header, shared by every endpoint that reads it. */
export const KITCHEN_CODE_HEADER_DOC = {
  name: 'X-Kitchen-Code',
  required: false,
  description:
    "Secret codes of kitchens (settings SECRET_CODE) that unlock their private menus: '<kitchen id>:<code>' pairs separated by commas, " +
    'at most 20. A wrong code counts as a guess (see POST secret-code/verify); it is ignored otherwise.',
} as const;
/** Pairs read from one header at most: a client never holds more, a guesser gains nothing from more. */
export const MAX_HEADER_CODES = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A code as compared: case-insensitive, spaces and dashes people type between groups ignored. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** The kitchen id → code pairs of the header (malformed pairs ignored; the first pair of a kitchen wins). */
export function parseKitchenCodes(header: string | string[] | undefined): Map<string, string> {
  const codes = new Map<string, string>();
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const pair of raw.split(',').slice(0, MAX_HEADER_CODES)) {
    const at = pair.indexOf(':');
    if (at < 0) continue;
    const kitchenId = pair.slice(0, at).trim().toLowerCase();
    const code = normaliseCode(pair.slice(at + 1));
    if (UUID.test(kitchenId) && code.length > 0 && code.length <= 64 && !codes.has(kitchenId))
      codes.set(kitchenId, code);
  }
  return codes;
}

/** The header value for some pairs (what the web sends). */
export function formatKitchenCodes(codes: ReadonlyMap<string, string>): string {
  return [...codes].map(([kitchenId, code]) => `${kitchenId}:${code}`).join(', ');
}

/** Whether a typed code is the kitchen's code, in time that does not depend on where they differ. */
export function sameCode(typed: string, actual: string): boolean {
  const digest = (s: string) => createHash('sha256').update(normaliseCode(s)).digest();
  return timingSafeEqual(digest(typed), digest(actual));
}
