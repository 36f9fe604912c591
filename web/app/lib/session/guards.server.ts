import { data, redirectDocument } from '@remix-run/node';
import { MESSAGES, hasRole } from '@hearth/shared';
import type { Role } from '@hearth/shared';
import { apiFetch, isApiError } from '../api/client.server';
import { authHref, returnPath, wrongRoleMessage } from './auth';
import type { SessionUser } from './auth';
import { getAuth } from './auth.server';
import type { AuthState } from './auth.server';
import { createToastHeaders, redirectWithToast } from '../ui/toast.server';
import type { Schemas } from '../api/schemas';

/** Shown (status 503) when the API cannot say who is signed in; sending them to sign in would not help. */
export const AUTH_UNAVAILABLE_MESSAGE =
  'We could not check who is signed in just now. Please try again in a moment.';

/**
 * The redirect to the API's sign-in for an anonymous visitor, returning to this page afterwards. A full
 * document redirect, so that a client-side navigation leaves the app for the API route too. Cookies the
 * API set (a cleared session) go along, and so does "Failed to refresh token" when that is why.
 */
async function signInRedirect(request: Request, auth: AuthState): Promise<Response> {
  const headers = new Headers(auth.headers);
  if (auth.sessionEnded) {
    const toast = await createToastHeaders({ kind: 'negative', text: MESSAGES.failedToRefreshToken });
    for (const cookie of toast.getSetCookie()) headers.append('Set-Cookie', cookie);
  }
  headers.set('Cache-Control', 'no-store');
  return redirectDocument(authHref('login', returnPath(request.url)), { status: 302, headers });
}

/** The signed-in user; an anonymous visitor is sent to sign in and brought back here (throws). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const auth = await getAuth(request);
  if (auth.user) return auth.user;
  if (auth.unavailable)
    throw data(AUTH_UNAVAILABLE_MESSAGE, { status: 503, statusText: 'Service Unavailable' });
  throw await signInRedirect(request, auth);
}

/**
 * The signed-in user with `role`. Anonymous: sent to sign in. Signed in without the role: a 403 whose
 * page names the role and the account ("This page is for admins. You are signed in as …").
 */
export async function requireRole(request: Request, role: Role): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasRole(user, role))
    throw data(wrongRoleMessage(role, user), { status: 403, statusText: 'Forbidden' });
  return user;
}

/** A cart that has lines: only its lines matter to the guard; the page reads the whole answer. */
export interface NonEmptyCart {
  items: unknown[];
  /** The whole answer of `GET cart` (null when the API had no cart). */
  body: Schemas['CartDto'] | null;
  /** `Set-Cookie` of the API's answer (the guest cart cookie), for the page's response. */
  headers: Headers;
}

function cartLines(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return [];
  const { cartItems, items } = body as { cartItems?: unknown; items?: unknown };
  if (Array.isArray(cartItems)) return cartItems;
  if (Array.isArray(items)) return items;
  return [];
}

function setCookies(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

export const EMPTY_CART_MESSAGE = 'Your cart is empty.';

/** The API's sentences for lines it removed while reading the cart (`removed[].message`). */
function removedMessages(body: unknown): string[] {
  const removed = (body as { removed?: unknown } | null)?.removed;
  if (!Array.isArray(removed)) return [];
  return removed
    .map((r) => (r as { message?: unknown } | null)?.message)
    .filter((m): m is string => typeof m === 'string' && m.trim() !== '');
}

/**
 * The visitor's cart from `GET cart` (guests have one too, by the API's `hearth_cart` cookie). With
 * nothing in it, or no cart at all (404, or 401 should the API keep none for this visitor), the visitor
 * goes to find food with "Your cart is empty." (throws). Cookies the API set go along either way.
 */
export async function requireNonEmptyCart(request: Request): Promise<NonEmptyCart> {
  let items: unknown[] = [];
  let body: Schemas['CartDto'] | null = null;
  let headers = new Headers();
  try {
    const response = await apiFetch<Schemas['CartDto']>(request, 'cart');
    body = response.data;
    items = cartLines(body);
    headers = setCookies(response.headers);
  } catch (error) {
    if (!isApiError(error) || !(error.status === 404 || error.status === 401)) throw error;
    headers = setCookies(error.headers);
  }
  if (items.length === 0) {
    // Lines the API just took out (a date passed) emptied the cart: say which, then that it is empty.
    const text = [...removedMessages(body), EMPTY_CART_MESSAGE].join(' ');
    throw await redirectWithToast('/l/find-items', { kind: 'info', text }, { headers });
  }
  return { items, body, headers };
}
