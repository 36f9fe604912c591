import { redirectDocument } from '@remix-run/node';
import { API_PREFIX, SSO_COOKIE } from '@hearth/shared';
import { isbot } from 'isbot';
import { authHref, returnPath } from './auth';
import { readCookie } from '../http/cookies';

/** `?_sso=0`: the API's answer for a cookie-less client. Its presence stops any further check. */
export const SSO_PARAM = '_sso';

export interface SsoCheckInput {
  request: Request;
  /** A Remix data request (client-side navigation), which must never be sent away to the API. */
  dataRequest: boolean;
  signedIn: boolean;
}

/**
 * Whether this request is a first visit that should go through the silent single-sign-on check
 * (spec §4: "at start a silent single-sign-on check runs"). Only a person's GET of a page, not yet
 * signed in and never checked in this browser session. `_sso` in the query means the check already
 * happened (or cannot work), so bots and cookie-less clients can never loop.
 */
export function shouldCheckSso({ request, dataRequest, signedIn }: SsoCheckInput): boolean {
  if (request.method !== 'GET' || dataRequest || signedIn) return false;
  const url = new URL(request.url);
  if (url.searchParams.has(SSO_PARAM)) return false;
  if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) return false;
  const userAgent = request.headers.get('User-Agent');
  if (!userAgent || isbot(userAgent)) return false;
  return readCookie(request.headers.get('Cookie'), SSO_COOKIE) === undefined;
}

/**
 * The `hearth_sso` cookie: for this browser session only, never readable by scripts; Secure when the
 * page was served over HTTPS (behind a proxy, Express trusts its X-Forwarded-Proto).
 */
export function ssoCookie(request: Request): string {
  const secure = new URL(request.url).protocol === 'https:';
  return `${SSO_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Sends the browser through the API's `prompt=none` check; it comes back to the same page. */
export function ssoRedirect(request: Request, headers: Headers = new Headers()): Response {
  const out = new Headers(headers);
  out.append('Set-Cookie', ssoCookie(request));
  out.set('Cache-Control', 'no-store');
  return redirectDocument(authHref('check-sso', returnPath(request.url)), { status: 302, headers: out });
}
