import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request id for logs, problems and the X-Request-Id response header (Fastify's `genReqId`): the caller's
 * (e.g. a load balancer's) when it looks like an id, otherwise a fresh UUID. It is also left on the raw
 * request, where the request logger (pino-http) finds it.
 */
export function requestId(req: IncomingMessage & { id?: unknown }): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  return id;
}

/** The request logger's id: the one Fastify gave the request, or a new one when the logger runs first. */
export function loggedRequestId(req: IncomingMessage & { id?: unknown }): string {
  return typeof req.id === 'string' ? req.id : requestId(req);
}
