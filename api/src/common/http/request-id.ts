import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request id for logs and the X-Request-Id response header: the caller's (e.g. a load balancer's) when it
 * looks like an id, otherwise a fresh UUID.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Gives every request its id (`req.id`) and the X-Request-Id header, whether or not requests are logged;
 * the request logger, when installed, takes the same id.
 */
export function requestIdMiddleware(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  req.id ??= requestId(req, res);
  next();
}

/** The request logger's id: the one requestIdMiddleware gave, or a new one when the logger runs first. */
export function loggedRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  return typeof req.id === 'string' ? req.id : requestId(req, res);
}
