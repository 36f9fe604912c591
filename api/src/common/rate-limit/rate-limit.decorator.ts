import { SetMetadata } from '@nestjs/common';

/**
 * Route classes with their own limits (docs/deployment.md "Rate limits and resource limits"): sign-in and
 * registration, the contact and feedback forms, searches, cart writes, order placement, client error reports
 * (`POST log`), and everything else.
 */
export const RATE_LIMIT_CLASSES = ['auth', 'contact', 'search', 'cart', 'order', 'log', 'default'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

export const RATE_LIMIT_CLASS = 'hearth:rateLimitClass';

/** Counts the endpoint (or every endpoint of the controller) against the given class's limits. */
export const RateLimit = (routeClass: RateLimitClass) => SetMetadata(RATE_LIMIT_CLASS, routeClass);

/**
 * Leaves the endpoint out of the limits: the health check (probed by orchestrators) and public pictures
 * (a page shows dozens; they are files read from disk, bounded at the edge proxy).
 */
export const NoRateLimit = () => SetMetadata(RATE_LIMIT_CLASS, 'none');
