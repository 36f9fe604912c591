import { apiFetch, isApiError } from '../api/client.server';
import { readCookie } from '../http/cookies';
import type { Schemas } from '../api/schemas';
import { createHash } from 'node:crypto';
import { CART_COUNT_COOKIE, GUEST_CART_COOKIE, readCartCountCookie, SESSION_COOKIES } from '@hearth/shared';

/** The API's cookies that can name a cart: the signed-in session's (either name), or a guest cart's. */
const CART_OWNER_COOKIES = [...SESSION_COOKIES, GUEST_CART_COOKIE] as const;

export interface CartCount {
  /** Lines in the visitor's cart; null when the API could not say (the header then shows no number). */
  count: number | null;
  /** `Set-Cookie` of the API's answer (a guest cart merged at sign-in clears its cookie). */
  headers: Headers;
}

/**
 * How many lines the visitor's cart holds, for the header on every page: `GET cart/count`, which does
 * not price the cart. A visitor with neither a session nor a guest cart cookie has no cart, so nothing
 * is asked; nor is a guest whose browser holds the count the API last told it (`CART_COUNT_COOKIE`, at most a
 * minute old). Never throws: a page must not fail for its header's badge.
 */
export async function loadCartCount(request: Request): Promise<CartCount> {
  const cookie = request.headers.get('Cookie');
  if (!CART_OWNER_COOKIES.some((name) => readCookie(cookie, name) !== undefined)) {
    return { count: 0, headers: new Headers() };
  }
  const remembered = guestCountFromCookie(cookie);
  if (remembered !== null) return { count: remembered, headers: new Headers() };
  try {
    const { data, headers } = await apiFetch<Schemas['CartCountDto']>(request, 'cart/count', {
      timeoutMs: 3_000,
    });
    const count =
      typeof data?.count === 'number' && Number.isInteger(data.count) && data.count >= 0 ? data.count : null;
    return { count, headers: setCookies(headers) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { count: null, headers: setCookies(error.headers) };
  }
}

function setCookies(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

/**
 * A guest's count as the API last told this browser (shared `CART_COUNT_COOKIE`: bound to the guest cart's token,
 * kept a minute); null for a signed-in visitor (whose cart may change on another device) or without one.
 */
function guestCountFromCookie(cookie: string | null): number | null {
  if (SESSION_COOKIES.some((name) => readCookie(cookie, name) !== undefined)) return null;
  const token = readCookie(cookie, GUEST_CART_COOKIE);
  const value = readCookie(cookie, CART_COUNT_COOKIE);
  if (!token || !value) return null;
  return readCartCountCookie(value, createHash('sha256').update(token).digest('hex'));
}
