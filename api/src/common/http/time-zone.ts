import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isValidTimeZone } from '@hearth/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's IANA time zone from the X-Time-Zone header, else the server's. */
    timeZone: string;
  }
}

const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The caller's zone from the time-zone header (a Fastify `onRequest` hook puts it on every request). An
 * unknown zone is not an error (browsers send what they have); it falls back to the server's zone so dates
 * are still interpreted consistently.
 */
export function timeZoneOf(header: string | string[] | undefined): string {
  const zone = typeof header === 'string' ? header.trim() : undefined;
  return zone && zone.length <= 64 && isValidTimeZone(zone) ? zone : SERVER_TIME_ZONE;
}

/** Injects the request's time zone into a controller method. */
export const TimeZone = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().timeZone;
});
