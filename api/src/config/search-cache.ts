import type { Env } from './env.js';

/**
 * The window in production when SEARCH_CACHE_SECONDS is unset. Catalogue changes drop answers at once, so the
 * window only bounds what changes with time alone (a date whose order cut-off passes).
 */
export const DEFAULT_SEARCH_CACHE_SECONDS = 30;

/** SEARCH_CACHE_SECONDS, else 30 s in production and 0 (off) in development and tests. */
export function searchCacheSeconds(env: Pick<Env, 'SEARCH_CACHE_SECONDS' | 'NODE_ENV'>): number {
  return env.SEARCH_CACHE_SECONDS ?? (env.NODE_ENV === 'production' ? DEFAULT_SEARCH_CACHE_SECONDS : 0);
}
