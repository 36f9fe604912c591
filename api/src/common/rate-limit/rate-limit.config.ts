import type { RateLimitClass } from './rate-limit.decorator.js';

/** One class's limits: requests per client address and per signed-in account within one window. */
export interface RateLimitRule {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

/**
 * Defaults: far above what a person (or the e2e suite, which runs every journey from one address) does, low
 * enough to stop credential stuffing through the API, contact-form spam, search floods and order hoarding.
 * Each is overridden by `RATE_LIMIT_<CLASS>=<per IP>,<per account>,<window seconds>`.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitClass, RateLimitRule>> = {
  auth: { perIp: 60, perAccount: 60, windowSeconds: 60 },
  contact: { perIp: 10, perAccount: 10, windowSeconds: 3600 },
  search: { perIp: 300, perAccount: 300, windowSeconds: 60 },
  cart: { perIp: 300, perAccount: 120, windowSeconds: 60 },
  order: { perIp: 60, perAccount: 20, windowSeconds: 600 },
  // A page in a crash loop reports an error a second at most (the web client also caps each page load).
  log: { perIp: 30, perAccount: 30, windowSeconds: 60 },
  default: { perIp: 3000, perAccount: 1200, windowSeconds: 60 },
};

/** The env variable of a class, e.g. `RATE_LIMIT_SEARCH`. */
export const rateLimitVariable = (routeClass: RateLimitClass) =>
  `RATE_LIMIT_${routeClass.toUpperCase()}` as const;

/** A class's rule: its env variable when set (validated at boot), else the default. */
export function rateLimitRule(routeClass: RateLimitClass, value: string | undefined): RateLimitRule {
  if (!value) return DEFAULT_RATE_LIMITS[routeClass];
  const [perIp, perAccount, windowSeconds] = value.split(',').map((part) => Number(part.trim()));
  return { perIp, perAccount, windowSeconds };
}
