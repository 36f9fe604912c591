/**
 * The number of lines in a guest's cart, kept by the browser beside the cart's own cookie (`hearth_cart`): the
 * API sets it whenever it answers with or changes a guest cart, and the web shows it in every page's header
 * without asking the API (docs/decisions/023-public-caching.md). It is bound to the cart it counts (a prefix of
 * the SHA-256 of the cart's token), so a number left over from another cart is never shown, and it lives only
 * CART_COUNT_MAX_AGE_SECONDS: a change the guest did not make (a chef taking a dish off sale) shows within that.
 * Signed-in customers' counts are always asked (their cart may change on another device).
 */
export const CART_COUNT_COOKIE = 'hearth_cart_count';
/** The guest cart's own cookie: a random token naming the cart (the API stores only its SHA-256). */
export const GUEST_CART_COOKIE = 'hearth_cart';
/** How long the browser keeps the count before the web asks the API again. */
export const CART_COUNT_MAX_AGE_SECONDS = 60;
/** The most lines a count cookie may claim; anything else is not a count this API wrote. */
const MAX_COUNT = 999;
/** Hex digits of the token's SHA-256 that bind a count to its cart. */
const BINDING_LENGTH = 16;

/** The cookie's value: `<count>.<binding>`, from the cart token's SHA-256 in hex. */
export function cartCountCookieValue(count: number, tokenSha256Hex: string): string {
  return `${count}.${tokenSha256Hex.slice(0, BINDING_LENGTH)}`;
}

/** The count a cookie value holds for the cart whose token hashes to `tokenSha256Hex`; null when it is not one. */
export function readCartCountCookie(value: string | undefined, tokenSha256Hex: string): number | null {
  const match = value ? /^(\d{1,3})\.([0-9a-f]{16})$/.exec(value) : null;
  if (!match || match[2] !== tokenSha256Hex.slice(0, BINDING_LENGTH)) return null;
  const count = Number(match[1]);
  return count <= MAX_COUNT ? count : null;
}
