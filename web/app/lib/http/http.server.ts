import { data } from '@remix-run/node';
import { invalidIdMessage, unmatchedRouteMessage } from '@hearth/shared';

/** Path of the request, as the user typed it. */
export function requestPath(request: Request): string {
  return new URL(request.url).pathname;
}

/** A thrown 404 that the error boundary renders as the "Page Not Found" page. */
export function notFound(message: string) {
  return data(message, { status: 404, statusText: 'Not Found' });
}

/** Fatal not-found for an invalid `/{id}`: "Page Not Found: {path}" (spec §8). */
export function invalidId(request: Request) {
  return notFound(invalidIdMessage(requestPath(request)));
}

/** Not-found for a path nothing answers: "Page not found: {path}" (spec §8). */
export function unmatchedRoute(request: Request) {
  return notFound(unmatchedRouteMessage(requestPath(request)));
}
