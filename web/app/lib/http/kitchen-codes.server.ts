import { createCookie } from '@remix-run/node';
import { getEnv } from '../env.server';

/**
 * The kitchens' secret codes a visitor has entered (kitchen id → code), in a signed, httpOnly cookie: the
 * codes unlock those kitchens' private menus in this browser. Every API call carries them in the
 * `X-Kitchen-Code` header (see apiFetch); the API checks each against the kitchen's current code, so a
 * code the chef has replaced opens nothing, and the kitchen page then forgets it.
 */
export const KITCHEN_CODES_HEADER = 'X-Kitchen-Code';
/** Kitchens remembered at most (the API reads no more); the oldest go first. */
export const MAX_KITCHEN_CODES = 20;
const NINETY_DAYS = 90 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE = /^[A-Za-z0-9]{1,64}$/;

let cookie: ReturnType<typeof createCookie> | undefined;

function codesCookie() {
  if (!cookie) {
    const env = getEnv();
    cookie = createCookie('hearth_kitchen_codes', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: env.NODE_ENV === 'production',
      secrets: [env.SESSION_SECRET],
      maxAge: NINETY_DAYS,
    });
  }
  return cookie;
}

/** The codes this browser holds, oldest first (nothing when the cookie is missing or not ours). */
export async function readKitchenCodes(request: Request): Promise<Map<string, string>> {
  const header = request.headers.get('Cookie');
  if (!header?.includes('hearth_kitchen_codes=')) return new Map();
  const value: unknown = await codesCookie().parse(header);
  const codes = new Map<string, string>();
  if (typeof value !== 'object' || value === null) return codes;
  for (const [kitchenId, code] of Object.entries(value as Record<string, unknown>)) {
    if (UUID.test(kitchenId) && typeof code === 'string' && CODE.test(code)) codes.set(kitchenId, code);
  }
  return codes;
}

/** The `X-Kitchen-Code` value for the codes (null when there are none). */
export function kitchenCodesHeaderValue(codes: ReadonlyMap<string, string>): string | null {
  if (codes.size === 0) return null;
  return [...codes].map(([kitchenId, code]) => `${kitchenId}:${code}`).join(', ');
}

/** `Set-Cookie` for the codes with one kitchen's code added (replacing its old one), or removed (`code` null). */
export async function setKitchenCode(
  request: Request,
  kitchenId: string,
  code: string | null,
): Promise<string> {
  const codes = await readKitchenCodes(request);
  codes.delete(kitchenId);
  if (code !== null) codes.set(kitchenId, code);
  const kept = [...codes].slice(-MAX_KITCHEN_CODES);
  if (kept.length === 0) return codesCookie().serialize('', { maxAge: 0 });
  return codesCookie().serialize(Object.fromEntries(kept));
}
