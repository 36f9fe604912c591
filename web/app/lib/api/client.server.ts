import {
  API_PREFIX,
  MESSAGES,
  PROBLEM_CONTENT_TYPE,
  TIME_ZONE_HEADER,
  genericErrorMessage,
  isProblem,
  isValidTimeZone,
} from '@hearth/shared';
import type { Problem } from '@hearth/shared';
import { data } from '@remix-run/node';
import { Agent } from 'undici';
import { readCookie } from '../http/cookies';
import {
  KITCHEN_CODES_HEADER,
  kitchenCodesHeaderValue,
  readKitchenCodes,
} from '../http/kitchen-codes.server';
import { getEnv } from '../env.server';
import { TIME_ZONE_COOKIE } from '../format/time-zone';

/** Query values; `undefined` and `null` are left out. */
export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  body?: RequestInit['body'];
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  query?: ApiQuery;
  /** Gives up after this long (default 10 s); the caller then gets an unreachable error. */
  timeoutMs?: number;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * A failed API call. `status` is the HTTP status, or 0 when the API could not be reached.
 * `problem` is the parsed `application/problem+json` body when the API sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  readonly path: string;
  /** The response headers (empty when the API did not answer), e.g. a `Set-Cookie` that ends a session. */
  readonly headers: Headers;

  constructor(
    status: number,
    problem: Problem | null,
    path: string,
    cause?: unknown,
    headers: Headers = new Headers(),
  ) {
    super(problem ? genericErrorMessage(problem.title, problem.status) : MESSAGES.invalidRequest, { cause });
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.path = path;
    this.headers = headers;
  }

  /** The API did not answer at all (connection refused, DNS, timeout). */
  get unreachable(): boolean {
    return this.status === 0;
  }

  get notFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Connections one web process keeps open to the API (requests beyond them wait in the pool's queue). */
export const API_CONNECTIONS = 32;

/**
 * The one HTTP agent every API call of this process goes through: connections to the API are kept alive
 * and reused (no TCP handshake per call), at most {@link API_CONNECTIONS} of them. Node's default fetch
 * dispatcher keeps connections alive too, but closes them after 4 s idle and opens as many as there are
 * concurrent calls; this one keeps them 30 s (the API's own keep-alive is longer) and caps them.
 */
let agent: Agent | undefined;
export function apiAgent(): Agent {
  agent ??= new Agent({
    connections: API_CONNECTIONS,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
  });
  return agent;
}

/**
 * Header that server.js sets on every request it hands to Remix (overwriting anything a client sent): the
 * browser's address as Express sees it. Sent on to the API as X-Forwarded-For, so its rate limits count each
 * visitor, not the web server. Keep in step with server.js.
 */
export const CLIENT_ADDRESS_HEADER = 'x-hearth-client-address';

/**
 * A 429 from the API, thrown as a route error response (status 429, `Retry-After` kept): the error page says
 * "Too Many Requests" with the API's sentence ("Too many requests. Try again in 30 seconds.").
 */
function tooManyRequests(problem: Problem | null, headers: Headers) {
  const retryAfter = headers.get('Retry-After');
  return data(problem?.detail ?? 'Too many requests. Try again in a minute.', {
    status: 429,
    statusText: 'Too Many Requests',
    headers: retryAfter ? { 'Retry-After': retryAfter } : {},
  });
}
const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The user's time zone from the `tz` cookie, else the server's. */
export function timeZoneFor(request: Request): string {
  const fromCookie = readCookie(request.headers.get('Cookie'), TIME_ZONE_COOKIE);
  return isValidTimeZone(fromCookie) ? fromCookie : serverTimeZone;
}

/** `.` or `..`, also percent-encoded in any case. */
function isDotSegment(segment: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(segment);
}

function notFoundPath(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** `${API_URL}/services/publisher/api/${path}?query`. */
export function apiUrl(path: string, query?: ApiQuery): URL {
  const relative = path.replace(/^\/+/, '');
  // S-23: `encodeURIComponent` keeps `.` and `..`, which `new URL` would resolve to another API path; every
  // path built from a visitor's value is refused here, whichever builder made it (see ./path.ts).
  if (relative.split('?')[0].split('/').some(isDotSegment)) throw notFoundPath();
  const url = new URL(`${getEnv().API_URL}${API_PREFIX}/${relative}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

async function readProblem(response: Response): Promise<Problem | null> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes(PROBLEM_CONTENT_TYPE) && !type.includes('application/json')) return null;
  try {
    const body: unknown = await response.json();
    return isProblem(body) ? body : null;
  } catch {
    return null;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/**
 * The Origin to name to the API (S-02): the browser's own, which the web server has already checked on
 * every unsafe request (server/same-origin.js), else (a page load, where browsers send none) this site's.
 * The API refuses cookie-authenticated unsafe calls without an Origin of the site, so a BFF call must
 * carry one; Node's fetch sends none by itself.
 */
export function originFor(request: Request): string {
  const sent = request.headers.get('Origin');
  return sent ?? new URL(request.url).origin;
}

/**
 * Calls the API on behalf of the browser request: forwards its cookies and Origin, always sends the user's time
 * zone (and the kitchens' codes the visitor entered, as X-Kitchen-Code), and turns failures into an {@link ApiError} (status 0 when the API is unreachable).
 */
export async function apiFetch<T = unknown>(
  request: Request,
  path: string,
  init: ApiRequestInit = {},
): Promise<ApiResponse<T>> {
  const { json, query, timeoutMs = DEFAULT_TIMEOUT_MS, headers: initHeaders, ...rest } = init;
  const url = apiUrl(path, query);
  const headers = new Headers(initHeaders);
  headers.set(TIME_ZONE_HEADER, timeZoneFor(request));
  if (!headers.has('Accept')) headers.set('Accept', `application/json, ${PROBLEM_CONTENT_TYPE}`);
  const cookie = request.headers.get('Cookie');
  if (cookie) headers.set('Cookie', cookie);
  const client = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (client) headers.set('X-Forwarded-For', client);
  // Kitchens' secret codes the visitor entered: they unlock private menus (kitchen, item, cart).
  const codes = kitchenCodesHeaderValue(await readKitchenCodes(request));
  if (codes && !headers.has(KITCHEN_CODES_HEADER)) headers.set(KITCHEN_CODES_HEADER, codes);
  headers.set('Origin', originFor(request));
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const signals = [AbortSignal.timeout(timeoutMs)];
  if (request.signal) signals.push(request.signal);

  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      body,
      headers,
      signal: AbortSignal.any(signals),
      redirect: 'manual',
      // Node's fetch is undici's: it takes an undici dispatcher (not in the DOM's RequestInit type).
      dispatcher: apiAgent(),
    } as RequestInit);
  } catch (cause) {
    throw new ApiError(0, null, url.pathname, cause);
  }

  if (response.status === 429) throw tooManyRequests(await readProblem(response), response.headers);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      await readProblem(response),
      url.pathname,
      undefined,
      response.headers,
    );
  }
  let data: T;
  try {
    data = (await readBody(response)) as T;
  } catch (cause) {
    throw new ApiError(response.status, null, url.pathname, cause, response.headers);
  }
  return { data, status: response.status, headers: response.headers };
}

/** The `X-Total-Count` header of a paged response, if the API sent one. */
export function totalCount(headers: Headers): number | undefined {
  const raw = headers.get('X-Total-Count');
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
}
