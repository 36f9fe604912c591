import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's IANA time zone from the X-Time-Zone header, else the server's. */
    timeZone: string;
  }
}

const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

// Checked on every request; remembering the answers (a few hundred zones at most) avoids building a
// formatter each time. Unknown zones are not remembered, so the set cannot be grown by clients.
const KNOWN_ZONES = new Set<string>();

/** True when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (KNOWN_ZONES.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    KNOWN_ZONES.add(zone);
    return true;
  } catch {
    return false;
  }
}

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
