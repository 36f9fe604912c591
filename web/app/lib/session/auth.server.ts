import { MESSAGES, PublisherStatus, Role, SESSION_COOKIES } from '@hearth/shared';
import { apiFetch, isApiError } from '../api/client.server';
import type { SessionUser } from './auth';
import { readCookie } from '../http/cookies';
import { perRequest } from '../http/request-key.server';

export type { SessionUser } from './auth';

/** What the API said about the browser's session, once per request. */
export interface AuthState {
  /** The signed-in user, or null for an anonymous visitor. */
  user: SessionUser | null;
  /**
   * The session ended just now because the API could not refresh the access token: the page must say
   * "Failed to refresh token" (spec §8).
   */
  sessionEnded: boolean;
  /** The API could not tell (unreachable or failing): treat as anonymous, but never send to sign-in. */
  unavailable: boolean;
  /** `Set-Cookie` headers of the API's answer (e.g. clearing `hearth_session`) for the browser. */
  headers: Headers;
}

const REFRESH_FAILED_MESSAGE = 'error.session.refresh';
const ROLES = new Set<string>(Object.values(Role));
const KITCHEN_STATUSES = new Set<string>(Object.values(PublisherStatus));

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Maps `auth/me` defensively: unknown roles are dropped, missing texts become null. */
export function toSessionUser(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const me = body as Record<string, unknown>;
  if (me.authenticated !== true || !text(me.subject)) return null;
  const roles = Array.isArray(me.roles)
    ? me.roles.filter((r): r is Role => typeof r === 'string' && ROLES.has(r))
    : [];
  const email = text(me.email) ?? '';
  return {
    subject: me.subject as string,
    consumerId: text(me.consumerId) ?? (typeof me.consumerId === 'number' ? String(me.consumerId) : null),
    name: text(me.name) ?? text(me.userName) ?? email,
    email,
    userName: text(me.userName),
    roles,
    isChef: me.isChef === true || roles.includes(Role.CHEF),
    isRegistrationPending: me.isRegistrationPending === true,
    kitchenStatus:
      typeof me.kitchenStatus === 'string' && KITCHEN_STATUSES.has(me.kitchenStatus)
        ? (me.kitchenStatus as PublisherStatus)
        : null,
    authenticatedTime: text(me.authenticatedTime),
    timeZone: text(me.timeZone),
  };
}

function setCookies(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

async function loadAuth(request: Request): Promise<AuthState> {
  // The API knows a browser only by its session cookie: without one the answer is always "nobody", so a
  // guest's page is not held up by an `auth/me` round trip (the web server's profile under load).
  const cookie = request.headers.get('Cookie');
  if (!SESSION_COOKIES.some((name) => readCookie(cookie, name) !== undefined))
    return { user: null, sessionEnded: false, unavailable: false, headers: new Headers() };
  try {
    const { data, headers } = await apiFetch<unknown>(request, 'auth/me');
    return {
      user: toSessionUser(data),
      sessionEnded: false,
      unavailable: false,
      headers: setCookies(headers),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const headers = setCookies(error.headers);
    if (error.status === 401) {
      const problem = error.problem;
      const sessionEnded =
        problem?.message === REFRESH_FAILED_MESSAGE || problem?.detail === MESSAGES.failedToRefreshToken;
      return { user: null, sessionEnded, unavailable: false, headers };
    }
    // An API without the auth routes (404) knows no one; anything else means we cannot tell.
    if (error.status === 404) return { user: null, sessionEnded: false, unavailable: false, headers };
    console.warn(
      `Could not check the session (auth/me answered ${error.status || 'nothing'}): ${error.message}`,
    );
    return { user: null, sessionEnded: false, unavailable: true, headers };
  }
}

/** Asks the API who is signed in, once per HTTP request (the root loader and every guard share it). */
export const getAuth: (request: Request) => Promise<AuthState> = perRequest(loadAuth);

/** The signed-in user, or null when anonymous. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getAuth(request)).user;
}
