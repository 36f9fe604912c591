import { isRouteErrorResponse } from '@remix-run/react';
import { MESSAGES } from '@hearth/shared';

export interface ErrorDescription {
  status: number;
  /** "Page Not Found" for 404, "Forbidden" for 403, "Internal Server Error" otherwise (spec §2). */
  message: string;
  /** The text the route gave (e.g. "Page Not Found: /x.html"); never an internal error message. */
  detail?: string;
}

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/** The heading of the 403 page (a signed-in user without the role a page needs). */
export const FORBIDDEN_MESSAGE = 'Forbidden';

/** The heading of the 413 page (a form or upload above the web server's limits). */
export const TOO_LARGE_MESSAGE = 'Too Large';

/** The heading of the 429 page (the API's rate limit); its detail says when to try again. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too Many Requests';

function messageFor(status: number): string {
  if (status === 404) return MESSAGES.pageNotFound;
  if (status === 403) return FORBIDDEN_MESSAGE;
  if (status === 429) return TOO_MANY_REQUESTS_MESSAGE;
  if (status === 413) return TOO_LARGE_MESSAGE;
  return MESSAGES.internalServerError;
}

/** Status and texts of the error page: status from the error, default 500. */
export function describeError(error: unknown): ErrorDescription {
  const status = statusOf(error);
  const message = messageFor(status);
  const detail =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : undefined;
  return { status, message, detail };
}

/** The document title of an error page: "{status} - {message}". */
export function errorTitle(error: unknown): string {
  const { status, message } = describeError(error);
  return `${status} - ${message}`;
}
